import { AGENT_API_MESSAGES, CLIENTS_API_MESSAGES } from '@platform/contracts';
import type { ClientReach } from '../clients/organizations';
import type { AgentRecord } from './agent-record';

export type ClientAccessDecision =
  | { outcome: 'allowed' }
  /** a save of a missing agent by a client who may create agents: in the agency's workspace */
  | { outcome: 'create'; workspaceId: string }
  | { outcome: 'denied'; status: 403 | 404; message: string };

const deny = (status: 403 | 404, message: string): ClientAccessDecision => ({ outcome: 'denied', status, message });

/**
 * The agent access rule for an agency client (spec 4.7, 6; ADR 0019): an agent of its
 * organisation (in widgetIDs, owned by the agency's workspace), while the organisation's
 * access is enabled. Clients read; they create an agent only with allowCreateAgents and never
 * edit one (the agency admin signed in with the secret may).
 */
export function decideClientAccess(input: {
  reach: ClientReach | null;
  agent: Pick<AgentRecord, 'ID' | 'userId'> | null;
  agentId: string | undefined;
  write: boolean;
  creates: boolean;
  agencyAdmin: boolean;
}): ClientAccessDecision {
  const { reach, agent, agentId } = input;
  if (!reach) return deny(403, AGENT_API_MESSAGES.noAccess);
  if (reach.disabled) return deny(403, CLIENTS_API_MESSAGES.clientAccessDisabled);
  if (agentId === undefined) return deny(403, AGENT_API_MESSAGES.noAccess);
  if (!agent) {
    if (input.creates && reach.allowCreateAgents) return { outcome: 'create', workspaceId: reach.workspaceId };
    return input.creates ? deny(403, CLIENTS_API_MESSAGES.clientCannotChangeAgents) : deny(404, AGENT_API_MESSAGES.notFound);
  }
  if (!reach.widgetIDs.includes(agent.ID) || agent.userId !== reach.workspaceId) return deny(403, AGENT_API_MESSAGES.noAccess);
  if (input.write && !input.agencyAdmin) return deny(403, CLIENTS_API_MESSAGES.clientCannotChangeAgents);
  return { outcome: 'allowed' };
}
