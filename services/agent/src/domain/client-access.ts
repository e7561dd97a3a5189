import { isDeepStrictEqual } from 'node:util';
import { AGENT_API_MESSAGES, AGENT_TABS, CLIENTS_API_MESSAGES, CLIENT_LOCKED_AGENT_FIELDS, canEditAgents } from '@platform/contracts';
import type { ClientReach } from '../clients/organizations';
import type { AgentRecord } from './agent-record';

export type ClientAccessDecision =
  | { outcome: 'allowed' }
  /** a save of a missing agent by a client who may create agents: in the agency's workspace */
  | { outcome: 'create'; workspaceId: string }
  | { outcome: 'denied'; status: 403 | 404; message: string };

/** What a save sends: the whole agent, or (merge) only the fields it changes. */
export interface ClientSave {
  body: Record<string, unknown>;
  merge: boolean;
}

const deny = (status: 403 | 404, message: string): ClientAccessDecision => ({ outcome: 'denied', status, message });

/** The first field only the agency changes that this save would change (an absent field of a whole-agent save removes it). */
export function lockedFieldChanged(stored: Record<string, unknown>, save: ClientSave): string | undefined {
  return CLIENT_LOCKED_AGENT_FIELDS.find((field) => (save.merge && !(field in save.body) ? false : !isDeepStrictEqual(save.body[field], stored[field])));
}

/**
 * The agent access rule for an agency client (spec 4.7, 6; ADR 0019, 0031): an agent of its
 * organisation (in widgetIDs, owned by the agency's workspace), while the organisation's
 * access is enabled. A client creates an agent only with allowCreateAgents; it edits one only
 * when its canAccess names an editor page, and never changes a field only the agency changes.
 * The agency admin signed in with the secret edits its organisations' agents.
 */
export function decideClientAccess(input: {
  reach: ClientReach | null;
  agent: (Pick<AgentRecord, 'ID' | 'userId'> & Record<string, unknown>) | null;
  agentId: string | undefined;
  write: boolean;
  creates: boolean;
  agencyAdmin: boolean;
  save?: ClientSave;
  /** the dashboard page (a key of AGENT_TABS) the route serves; the client's access must name it (ADR 0036) */
  page?: string;
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
  if (input.page !== undefined && !input.agencyAdmin && !(reach.canAccess ?? []).includes(`/${input.page}`)) {
    return deny(403, CLIENTS_API_MESSAGES.clientPageNotAllowed(AGENT_TABS[input.page as keyof typeof AGENT_TABS] ?? input.page));
  }
  if (!input.write || input.agencyAdmin) return { outcome: 'allowed' };
  if (!canEditAgents(reach.canAccess ?? []) || !input.save) return deny(403, CLIENTS_API_MESSAGES.clientCannotChangeAgents);
  const locked = lockedFieldChanged(agent, input.save);
  return locked ? deny(403, CLIENTS_API_MESSAGES.clientLockedField(locked)) : { outcome: 'allowed' };
}
