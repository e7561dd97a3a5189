import type { Region } from '@platform/contracts';

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
    /** The magic link's own path and query (/no-auth/workspaces/{uid}/invite?secret&email); the service finds its region. */
    join: (linkPathAndQuery: string) => `/api/workspace${linkPathAndQuery}`,
  },
  agents: {
    /** Arrives with the agent service; a 404/502 is read as "no agents". */
    list: (region: Region) => `/api/${region}/agent/v2/agents`,
  },
} as const;
