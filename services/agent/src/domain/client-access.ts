import { isDeepStrictEqual } from 'node:util';
import { AGENT_API_MESSAGES, AGENT_SECRET_FIELDS, AGENT_PAGE_LABELS, CLIENTS_API_MESSAGES, CLIENT_LOCKED_AGENT_FIELDS, canEditAgents, clientPagesOfField, type AgentPageKey, type AgentTabKey } from '@platform/contracts';
import type { ClientReach } from '../clients/organizations';
import type { AgentRecord } from './agent-record';
import { withFieldsFrom } from './secret-fields';

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

/** Fields the service sets on every save whatever the body says (agentRecord): never a client's change. */
const SERVER_SET_FIELDS = ['ID', 'userId', 'ownerID', 'SECRET_API_KEY', 'lastModified'];

/** The top-level fields this save would change (a whole-agent save removes the fields it lacks); the service's own fields aside. */
function changedFields(stored: Record<string, unknown>, save: ClientSave): string[] {
  const fields = new Set([...Object.keys(save.body), ...(save.merge ? [] : Object.keys(stored))]);
  return [...fields].filter((field) => !field.startsWith('_') && !SERVER_SET_FIELDS.includes(field) && !isDeepStrictEqual(save.body[field], stored[field]));
}

/** Labels of pages, as a sentence's list: "Widget", "Widget or Settings", "Widget, Voice or Knowledge". */
export function pageList(pages: readonly string[]): string {
  const labels = pages.map((page) => AGENT_PAGE_LABELS[page as AgentPageKey] ?? page);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/**
 * The first field this save changes outside the editor pages the client's access names
 * (ADR 0036): a field of no page is the agency's; a field of other pages names them.
 */
export function fieldOutsidePages(stored: Record<string, unknown>, save: ClientSave, canAccess: readonly string[]): { field: string; pages: AgentTabKey[] } | undefined {
  for (const field of changedFields(stored, save)) {
    const pages = clientPagesOfField(field);
    if (!pages.some((page) => canAccess.includes(`/${page}`))) return { field, pages };
  }
  return undefined;
}

/**
 * The agent access rule for an agency client (spec 4.7, 6; ADR 0019, 0031): an agent of its
 * organisation (in widgetIDs, owned by the agency's workspace), while the organisation's
 * access is enabled. A client creates an agent only with allowCreateAgents; it edits one only
 * when its canAccess names an editor page, and then changes only fields of the editor pages it
 * names, never a field only the agency changes. A route serving pages opens to a client whose
 * canAccess names one of them (ADR 0036). The agency admin signed in with the secret edits its
 * organisations' agents and opens every page.
 */
export function decideClientAccess(input: {
  reach: ClientReach | null;
  agent: (Pick<AgentRecord, 'ID' | 'userId'> & Record<string, unknown>) | null;
  agentId: string | undefined;
  write: boolean;
  creates: boolean;
  agencyAdmin: boolean;
  save?: ClientSave;
  /** the dashboard pages (keys of AGENT_TABS) the route serves; the client's access must name one (ADR 0036) */
  pages?: readonly string[];
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
  const canAccess = reach.canAccess ?? [];
  if (input.pages && !input.agencyAdmin && !input.pages.some((page) => canAccess.includes(`/${page}`))) {
    return deny(403, CLIENTS_API_MESSAGES.clientPageNotAllowed(pageList(input.pages)));
  }
  if (!input.write || input.agencyAdmin) return { outcome: 'allowed' };
  if (!canEditAgents(canAccess) || !input.save) return deny(403, CLIENTS_API_MESSAGES.clientCannotChangeAgents);
  const locked = lockedFieldChanged(agent, input.save);
  if (locked) return deny(403, CLIENTS_API_MESSAGES.clientLockedField(locked));
  const outside = fieldOutsidePages(agent, input.save, canAccess);
  if (!outside) return { outcome: 'allowed' };
  return deny(403, outside.pages.length ? CLIENTS_API_MESSAGES.clientFieldOfOtherPage(outside.field, pageList(outside.pages)) : CLIENTS_API_MESSAGES.clientLockedField(outside.field));
}

/**
 * A client's whole-agent save with the stored secrets it could not send back: a client never
 * reads AGENT_SECRET_FIELDS (the agent's key, channel and provider credentials), so a field
 * the body lacks keeps its stored value (nested ones in the same holder, list items by `id`).
 * A secret the body does send is the client's change, checked like any field.
 */
export function withStoredSecrets(body: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  return withFieldsFrom(body, stored, AGENT_SECRET_FIELDS, { onlyAbsent: true });
}
