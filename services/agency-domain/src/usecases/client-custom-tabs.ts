import { RESERVED_TAB_PATHS, customTabPageHtml, customTabVisible, seesEveryPage, type ClientCustomTabQuery, type Region } from '@platform/contracts';
import { notFound, type ClientCaller } from '@platform/kit';
import { pagesOf } from '../domain/clients';
import { CUSTOM_TAB_NOT_FOUND } from '../domain/custom-tab-page';
import type { AgencyStore } from '../store/agencies';
import type { ClientStore } from '../store/clients';

/**
 * An html custom tab on the client dashboard (spec 3.2, 6): the page of a tab the signed-in
 * client may see, with its dashboard variables. The route serves it under the sandboxing CSP,
 * so its script runs in an opaque origin, never the dashboard's (ADR 0027).
 */
export class ClientCustomTabUseCases {
  constructor(private readonly deps: { agencies: AgencyStore; clients: ClientStore }) {}

  async page(caller: ClientCaller, query: ClientCustomTabQuery): Promise<string> {
    const region = caller.region as Region;
    const agencyAdmin = Boolean(caller.agencyAdmin);
    const [agency, client] = await Promise.all([
      this.deps.agencies.find(region, caller.agencyId),
      agencyAdmin ? null : this.deps.clients.client(region, caller.clientId),
    ]);
    const tab = agency?.customTabs?.find((candidate) => candidate.href === query.href && candidate.pageType !== 'iframe');
    if (!agency || !tab || RESERVED_TAB_PATHS.includes(tab.href) || (!agencyAdmin && !client) || !customTabVisible(tab, { agencyAdmin: seesEveryPage(agencyAdmin, client), canAccess: pagesOf(client, agencyAdmin) })) throw notFound(CUSTOM_TAB_NOT_FOUND);
    return customTabPageHtml(tab, {
      agencyId: agency.ID,
      orgId: caller.orgId,
      clientId: caller.clientId,
      clientName: client?.name ?? 'Agency admin',
      clientEmail: caller.email,
      agentId: query.agentId,
      region,
    });
  }
}
