import { CREDENTIAL_ROUTES, type Region } from '@platform/contracts';

/** A service route of contracts (`/v2/x/:id`) with its parameters filled in. */
const fill = (route: string, params: Record<string, string>) => route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * Every URL the frontends call, in one place. `/api/<service>/...` goes to the default region,
 * `/api/<region>/<service>/...` to that region's service (see gateway/README.md).
 */
export const API_PATHS = {
  auth: {
    requestCode: '/api/workspace/v2/auth/code',
    verifyCode: '/api/workspace/v2/auth/verify',
    login: '/api/workspace/v2/auth/login',
    logout: '/api/workspace/v2/auth/logout',
    session: '/api/workspace/v2/auth/session',
  },
  workspaces: {
    create: (region: Region) => `/api/${region}/workspace/v2/workspaces`,
    save: (region: Region, uid: string) => `/api/${region}/workspace/v2/workspaces/${encodeURIComponent(uid)}`,
    remove: (region: Region, uid: string) => `/api/${region}/workspace/v2/workspaces/${encodeURIComponent(uid)}`,
    invite: (region: Region, uid: string) => `/api/${region}/workspace/v2/workspaces/${encodeURIComponent(uid)}/email`,
    /** GET: the workspace with its members (workspaceEmails) and secret. */
    one: (region: Region, uid: string) => `/api/${region}/workspace/v2/workspaces/${encodeURIComponent(uid)}`,
    removeMember: (region: Region, uid: string) => `/api/${region}/workspace/v2/workspaces/${encodeURIComponent(uid)}/members/remove`,
    rotateSecret: (region: Region, uid: string) => `/api/${region}/workspace${fill(CREDENTIAL_ROUTES.rotateWorkspaceSecret, { uid })}`,
    /** The magic link's own path and query (/no-auth/workspaces/{uid}/invite?secret&email); the service finds its region. */
    join: (linkPathAndQuery: string) => `/api/workspace${linkPathAndQuery}`,
  },
  agents: {
    /** The workspace's agents, lastModified descending; a 404/502 (no service yet) is read as "no agents". */
    list: (region: Region, workspaceId?: string) =>
      `/api/${region}/agent/v2/agents${workspaceId ? `?workspaceId=${encodeURIComponent(workspaceId)}` : ''}`,
    /** GET one agent (404 may carry `region` when it lives in the other region); POST creates or saves the full agent. */
    one: (region: Region, agentId: string) => `/api/${region}/agent/v2/agents/${encodeURIComponent(agentId)}`,
    versions: (region: Region, agentId: string) => `/api/${region}/agent/v2/agents/${encodeURIComponent(agentId)}/versions`,
    restoreVersion: (region: Region, agentId: string, versionId: string) =>
      `/api/${region}/agent/v2/agents/${encodeURIComponent(agentId)}/versions/${encodeURIComponent(versionId)}/restore`,
    templates: (region: Region) => `/api/${region}/agent/v2/templates`,
    rotateSecretKey: (region: Region, agentId: string) => `/api/${region}/agent${fill(CREDENTIAL_ROUTES.rotateAgentSecretKey, { agentId })}`,
    /** Typed procedures of the agent service. */
    procedure: (region: Region, name: 'convertAgentTemplateToAgent' | 'exportAgentToJson' | 'saveAgentBackup') =>
      `/api/${region}/agent/procedures/${name}`,
  },
  /** Uploads, the AI CSS assistant, translation languages and custom themes (agent service, media routes). */
  media: {
    uploadFile: (region: Region) => `/api/${region}/agent/procedures/uploadFile`,
    aiCssGenerator: (region?: Region) => (region ? `/api/${region}/ai-css-generator` : '/api/ai-css-generator'),
    translate: '/api/translate',
    themes: (region: Region) => `/api/${region}/agent/v2/themes`,
  },
} as const;
