import { CLIENTS_API_MESSAGES, ORGANIZATION_DEFAULTS, type Organization } from '@platform/contracts';

/**
 * Why the dashboard is locked (spec §2.10, §6), or undefined: an organisation with client
 * access disabled shows its personalised message (the default text without one) to clients;
 * no agents locks anyone, the agency admin included.
 */
export function lockedMessage(ctx: { agencyAdmin: boolean; organization?: Organization; agentCount: number }): string | undefined {
  const settings = ctx.organization?.settings;
  if (!ctx.agencyAdmin && settings?.disableClientAccess) {
    return settings.disableClientAccessMessage?.trim() || ORGANIZATION_DEFAULTS.disableClientAccessMessage;
  }
  if (ctx.agentCount > 0) return undefined;
  return ctx.organization?.widgetIDs?.length ? CLIENTS_API_MESSAGES.noAgentsForAccount : CLIENTS_API_MESSAGES.noAgentsForOrg;
}

/** Who sees New Agent (spec §6): a client with allowCreateAgents; the agency admin (every page) too. */
export const mayCreateAgents = (ctx: { agencyAdmin: boolean; client: { allowCreateAgents?: boolean } }) => ctx.agencyAdmin || Boolean(ctx.client.allowCreateAgents);

/** The agency navigation bar (spec §2.10): only for an agency user, and not in a vertical-layout agent page. */
export const agencyBarShown = (ctx: { agencyAdmin: boolean; layout: 'vertical' | 'horizontal'; onAgentPage: boolean }) => ctx.agencyAdmin && !(ctx.layout === 'vertical' && ctx.onAgentPage);

/** Credits shown in the top bar: the organisation's balance to 1 decimal (billing.md §2). */
export const creditsLabel = (loadTokens: number | undefined) => `${(loadTokens ?? 0).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} credits`;
