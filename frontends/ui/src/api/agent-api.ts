import { AGENT_API, type AgentListItem, type AgentSettings, type AgentVersionView, type JsonObject, type Region } from '@platform/contracts';
import { callApi } from './client';
import { isUnavailable } from './http';

/** A full agent document as the agent area edits it. */
export type Agent = AgentSettings & { ID: string };

/** The workspace's agents, newest first (the service's order); a service that is not there yet counts as "no agents". */
export async function listAgents(region: Region, workspaceId?: string, bearer?: string): Promise<AgentListItem[]> {
  try {
    return (await callApi(AGENT_API.listAgents, { region, query: { workspaceId }, bearer })).agents;
  } catch (error) {
    if (isUnavailable(error)) return [];
    throw error;
  }
}

export const agentApi = {
  list: listAgents,
  get: async (region: Region, agentId: string): Promise<Agent> => (await callApi(AGENT_API.getAgent, { region, params: { agentId } })).agent,
  /** Create or save: the full agent with a fresh lastModified (unix seconds). */
  save: (region: Region, agent: Agent) =>
    callApi(AGENT_API.saveAgent, { region, params: { agentId: agent.ID }, body: { ...agent, lastModified: Math.floor(Date.now() / 1000) } }),
  /** A channel save (agents-channels-domains §7): only the channel's fields, merged into the stored agent by the service. */
  saveChannel: (region: Region, agentId: string, fields: Partial<Agent>) =>
    callApi(AGENT_API.saveAgent, { region, params: { agentId }, body: { ...fields, lastModified: Math.floor(Date.now() / 1000) } }),
  templates: async (region: Region) => (await callApi(AGENT_API.listTemplates, { region })).templates,
  /** agentTemplate is a template as listed or exported ({key, name, description, template}); workspaceId owns the new agent. */
  convertTemplate: async (region: Region, agentName: string, agentTemplate: JsonObject, workspaceId?: string): Promise<Agent> =>
    (await callApi(AGENT_API.convertAgentTemplateToAgent, { region, body: { agentName, agentTemplate, ...(workspaceId ? { workspaceId } : {}) } })).agentCreated,
  exportTemplate: async (region: Region, agentId: string) => (await callApi(AGENT_API.exportAgentToJson, { region, body: { agentId } })).agentTemplate,
  saveBackup: (region: Region, body: { agentId: string; workspaceId: string; userEmail: string }) => callApi(AGENT_API.saveAgentBackup, { region, body }),
  /** The kept versions, newest first (at most 20). */
  versions: async (region: Region, agentId: string): Promise<AgentVersionView[]> => (await callApi(AGENT_API.listAgentVersions, { region, params: { agentId } })).versions,
  /** A new SECRET_API_KEY; the old one stops working at once. */
  rotateSecretKey: (region: Region, agentId: string) => callApi(AGENT_API.rotateAgentSecretKey, { region, params: { agentId }, body: {} }),
  restoreVersion: (region: Region, agentId: string, versionId: string) => callApi(AGENT_API.restoreAgentVersion, { region, params: { agentId, versionId } }),
};
