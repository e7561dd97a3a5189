import type { Client, Organization } from '../entities/clients';

/**
 * What a client reaches besides its canAccess (spec §2.12, §3.6; ADR 0045). One rule for
 * agency-domain (the session's pages, the clientAccess answer the agent service enforces, the
 * notifications an agent raises) and the dashboard.
 */

/**
 * A client's own `isAdmin` (set by the root admin): like the agency admin signed in with its secret,
 * it sees every page of the agency admin's view and every custom tab, whatever its canAccess says,
 * within its own organisation and agents.
 */
export const seesEveryPage = (agencyAdmin: boolean, client: Pick<Client, 'isAdmin'> | null | undefined): boolean => agencyAdmin || Boolean(client?.isAdmin);

/**
 * The agents a client sees: its organisation's `widgetIDs`, narrowed to those its own non-empty
 * `widgetIDs` lists (empty or absent: all of the organisation's). A client's list never widens the
 * organisation's: an agent it names that the organisation no longer holds is not reached.
 */
export function clientAgentIds(org: Pick<Organization, 'widgetIDs'>, client: Pick<Client, 'widgetIDs'> | null | undefined): string[] {
  const own = client?.widgetIDs ?? [];
  const all = org.widgetIDs ?? [];
  return own.length ? all.filter((id) => own.includes(id)) : [...all];
}

/** Whether a client sees this agent of its organisation (clientAgentIds). */
export const clientSeesAgent = (org: Pick<Organization, 'widgetIDs'>, client: Pick<Client, 'widgetIDs'> | null | undefined, agentId: string): boolean =>
  clientAgentIds(org, client).includes(agentId);

/**
 * An organisation admin assigning another user's access (spec §6 "assigns others"; ADR 0045):
 * it gives or takes only pages it opens itself (`assignable`: its own pages; the agency admin
 * signed in with its secret: any). Answers the first page `next` gives or takes outside them, or
 * undefined when the change is allowed. `before`: the user's access (a new user's: the organisation's default).
 */
export function orgAdminAccessChange(before: readonly string[], next: readonly string[], assignable: readonly string[] | 'any'): string | undefined {
  if (assignable === 'any') return undefined;
  const changed = [...next.filter((page) => !before.includes(page)), ...before.filter((page) => !next.includes(page))];
  return changed.find((page) => !assignable.includes(page));
}
