import { stripAgentSecrets, type AgentTemplate } from '@platform/contracts';
import type { AgentView } from './agent-record';
import { isPlainObject, omit, type JsonObject } from './json';

/** What an exported template leaves out besides secrets: who owns the agent, its ids and times. */
export const NOT_EXPORTED = ['ID', 'ownerID', 'userId', 'ownerEmail', 'lastModified', 'ts', 'SECRET_API_KEY'] as const;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'agent';

/** exportAgentToJson: the agent as a template ({key, name, description, template}) without ids, owner, secrets or times. */
export function exportTemplate(agent: AgentView): AgentTemplate {
  const title = typeof agent.title === 'string' && agent.title.trim() ? agent.title.trim() : 'Agent';
  return {
    key: slug(title),
    name: title,
    ...(typeof agent.description === 'string' && agent.description ? { description: agent.description } : {}),
    template: omit(stripAgentSecrets(agent) as JsonObject, NOT_EXPORTED),
  };
}

/**
 * The agent settings inside what convertAgentTemplateToAgent received: a template of the
 * picker or an exported file ({key, name, template: {...}}), or a bare agent body.
 */
export function templateBody(agentTemplate: JsonObject): JsonObject {
  return isPlainObject(agentTemplate.template) ? agentTemplate.template : agentTemplate;
}

/** The draft a template becomes: its settings, the chosen name, the owning workspace; never its ids, owner, times or key. */
export function draftFromTemplate(agentTemplate: JsonObject, agentName: string, workspaceId: string): JsonObject {
  return { ...omit(templateBody(agentTemplate), NOT_EXPORTED), title: agentName, ownerID: workspaceId };
}
