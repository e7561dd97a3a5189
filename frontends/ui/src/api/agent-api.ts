import type { AgentSettings, AgentTemplate, JsonObject, Region, RotateAgentSecretKeyResponse } from '@platform/contracts';
import { ApiError, apiRequest, isUnavailable } from './http';
import { API_PATHS } from './paths';
import type { AgentSummary, SuccessResponse } from './types';

/** A full agent document as the agent area edits it. */
export type Agent = AgentSettings & { ID: string };

/** One saved version of an agent (version history keeps 20). */
export interface AgentVersion {
  versionId: string;
  /** unix seconds of the save */
  savedAt?: number;
  savedBy?: string;
  title?: string;
  agent?: Agent;
}

/*
 * The agent service answers either the bare value or an envelope ({success, data} or a named
 * field). These readers accept both so a wrapper change on the server does not break the UI.
 */
const field = <T>(answer: unknown, ...names: string[]): T | undefined => {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  const record = answer as Record<string, unknown>;
  for (const name of names) if (record[name] !== undefined) return record[name] as T;
  return undefined;
};

const byLastModified = <T extends { lastModified?: number }>(list: T[]) => [...list].sort((a, b) => (b.lastModified ?? 0) - (a.lastModified ?? 0));

function readAgent(answer: unknown): Agent {
  const agent = field<Agent>(answer, 'agent', 'data') ?? (answer as Agent);
  if (!agent || typeof agent !== 'object' || typeof agent.ID !== 'string') throw new ApiError('The agent service sent no agent', 500, answer);
  return agent;
}

function readVersion(raw: unknown): AgentVersion | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const versionId = (r.versionId ?? r.id ?? r.ID ?? r._id) as string | undefined;
  if (typeof versionId !== 'string') return undefined;
  const agent = (r.agent ?? r.data ?? r.snapshot) as Agent | undefined;
  const savedAt = (r.savedAt ?? r.createdAt ?? r.ts ?? agent?.lastModified) as number | undefined;
  return {
    versionId,
    savedAt: typeof savedAt === 'number' ? (savedAt > 1e12 ? Math.floor(savedAt / 1000) : savedAt) : undefined,
    savedBy: (r.savedBy ?? r.userEmail ?? r.email) as string | undefined,
    title: (r.title ?? agent?.title) as string | undefined,
    agent,
  };
}

/** Agents newest first; a service that is not there yet counts as "no agents". */
export async function listAgents(region: Region, workspaceId?: string, bearer?: string): Promise<AgentSummary[]> {
  try {
    const answer = await apiRequest<unknown>(API_PATHS.agents.list(region, workspaceId), { bearer });
    const agents = Array.isArray(answer) ? answer : (field<AgentSummary[]>(answer, 'agents', 'data') ?? []);
    return byLastModified(agents as AgentSummary[]);
  } catch (error) {
    if (isUnavailable(error)) return [];
    throw error;
  }
}

export const agentApi = {
  list: listAgents,
  get: async (region: Region, agentId: string) => readAgent(await apiRequest<unknown>(API_PATHS.agents.one(region, agentId))),
  /** Create or save: the full agent with a fresh lastModified (unix seconds). */
  save: (region: Region, agent: Agent) =>
    apiRequest<SuccessResponse & { error?: string }>(API_PATHS.agents.one(region, agent.ID), {
      method: 'POST',
      body: { ...agent, lastModified: Math.floor(Date.now() / 1000) },
    }),
  templates: async (region: Region): Promise<AgentTemplate[]> => {
    const answer = await apiRequest<unknown>(API_PATHS.agents.templates(region));
    return (Array.isArray(answer) ? answer : (field<AgentTemplate[]>(answer, 'templates', 'data') ?? [])) as AgentTemplate[];
  },
  /** agentTemplate is a template as listed or exported ({key, name, description, template}); workspaceId owns the new agent. */
  convertTemplate: async (region: Region, agentName: string, agentTemplate: JsonObject, workspaceId?: string): Promise<Agent> => {
    const answer = await apiRequest<unknown>(API_PATHS.agents.procedure(region, 'convertAgentTemplateToAgent'), {
      method: 'POST',
      body: { agentName, agentTemplate, ...(workspaceId ? { workspaceId } : {}) },
    });
    const created = field<Agent>(answer, 'agentCreated') ?? field<Agent>(field(answer, 'data'), 'agentCreated');
    if (!created?.ID) throw new ApiError('The agent service sent no agent', 500, answer);
    return created;
  },
  exportTemplate: async (region: Region, agentId: string): Promise<JsonObject> => {
    const answer = await apiRequest<unknown>(API_PATHS.agents.procedure(region, 'exportAgentToJson'), { method: 'POST', body: { agentId } });
    const template = field<JsonObject>(answer, 'agentTemplate') ?? field<JsonObject>(field(answer, 'data'), 'agentTemplate');
    if (!template) throw new ApiError('The agent service sent no template', 500, answer);
    return template;
  },
  saveBackup: (region: Region, body: { agentId: string; workspaceId: string; userEmail: string }) =>
    apiRequest<SuccessResponse>(API_PATHS.agents.procedure(region, 'saveAgentBackup'), { method: 'POST', body }),
  versions: async (region: Region, agentId: string): Promise<AgentVersion[]> => {
    const answer = await apiRequest<unknown>(API_PATHS.agents.versions(region, agentId));
    const list = Array.isArray(answer) ? answer : (field<unknown[]>(answer, 'versions', 'data') ?? []);
    return list
      .map(readVersion)
      .filter((v): v is AgentVersion => Boolean(v))
      .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
  },
  /** A new SECRET_API_KEY; the old one stops working at once. */
  rotateSecretKey: (region: Region, agentId: string) =>
    apiRequest<RotateAgentSecretKeyResponse>(API_PATHS.agents.rotateSecretKey(region, agentId), { method: 'POST', body: {} }),
  restoreVersion: (region: Region, agentId: string, versionId: string) =>
    apiRequest<SuccessResponse>(API_PATHS.agents.restoreVersion(region, agentId, versionId), { method: 'POST' }),
};
