import type { Request } from 'express';
import { ACCESS_MESSAGES, type Region } from '@platform/contracts';
import { badRequest, forbidden, type ClientCaller } from '@platform/kit';
import type { OrganizationBillingStore } from '../store/organization-billing';

/** Which agency account a workspace connected. */
export type ConnectedAccountOf = (region: Region, workspaceId: string) => Promise<string | undefined>;

/**
 * The scope of an agency client on billing's client routes: its own organisation, of its own
 * agency workspace, in its own region, whatever the request names. The gateway-signed client
 * identity is the authority, so billing registers the organisation on first sight.
 */
export class ClientOrganizations {
  constructor(private readonly deps: { organizations: OrganizationBillingStore; accountOf: ConnectedAccountOf; now: () => Date }) {}

  async own(req: Request, caller: ClientCaller, named: { workspaceId?: string; orgId?: string }): Promise<{ orgId: string; workspaceId: string }> {
    const region = req.region as Region;
    if (caller.region !== region) throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
    const namedRegion = req.body?.region ?? req.params.region;
    if (namedRegion && namedRegion !== region) throw badRequest(`This billing is in the ${namedRegion} region: call /api/${namedRegion}/billing.`);
    if ((named.orgId && named.orgId !== caller.orgId) || (named.workspaceId && named.workspaceId !== caller.workspaceId)) throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
    if (!(await this.deps.organizations.ensure(region, caller.orgId, caller.workspaceId, this.deps.now()))) throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
    return { orgId: caller.orgId, workspaceId: caller.workspaceId };
  }

  /** A customer on a connected account named by the request must be the client organisation's, on its agency's account. */
  async ownCustomer(req: Request, caller: ClientCaller, customerId: string, accountId: string): Promise<void> {
    const { orgId, workspaceId } = await this.own(req, caller, {});
    const org = await this.deps.organizations.find(req.region as Region, orgId);
    if (org?.stripeCustomerId !== customerId || (await this.deps.accountOf(req.region as Region, workspaceId)) !== accountId) throw forbidden(ACCESS_MESSAGES.workspaceNoAccess);
  }
}
