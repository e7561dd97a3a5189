import { CONNECT_API, MESSAGES, UPSTREAM_MESSAGES, servicePath, type Region } from '@platform/contracts';
import { HttpError, callService, serviceRefused, type ServiceClient } from '@platform/kit';

/** Billing learns which workspace a new organisation belongs to (ADR 0022), so nobody else can claim it there. */
export interface OrganizationBillingRegistry {
  register(region: Region, orgId: string, workspaceId: string): Promise<void>;
  /** The drawer's Allow billing: billing turns it on only with the agency's connected Stripe account (else a 402). */
  setAllowBilling(region: Region, orgId: string, workspaceId: string, allowBilling: boolean): Promise<void>;
}

/** Billing's refusal to turn billing on without a connected account, kept as it is for the drawer. */
const connectAccountMissing = () => new HttpError(402, MESSAGES.billing.connectAccountMissing);

/** Billing's gateway-only POST /internal/organizations/:orgId; billing alone turns allowBilling on (it needs a connected account). */
export class HttpOrganizationBillingRegistry implements OrganizationBillingRegistry {
  constructor(private readonly client: ServiceClient) {}

  async register(region: Region, orgId: string, workspaceId: string): Promise<void> {
    const unavailable = UPSTREAM_MESSAGES.billingUnavailable;
    const path = servicePath(CONNECT_API.registerOrganization.path, { orgId });
    const response = await callService(this.client, { method: 'POST', path, body: { workspaceId, allowBilling: false }, identity: { kind: 'gateway' }, region, unavailable });
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
  }

  async setAllowBilling(region: Region, orgId: string, workspaceId: string, allowBilling: boolean): Promise<void> {
    const unavailable = UPSTREAM_MESSAGES.billingUnavailable;
    const path = servicePath(CONNECT_API.setRegisteredOrganizationBilling.path, { orgId });
    const response = await callService(this.client, { method: 'POST', path, body: { workspaceId, allowBilling }, identity: { kind: 'gateway' }, region, unavailable });
    if (response.status === 402) throw connectAccountMissing();
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
  }
}

/** Without a billing service (local tests of this service alone) there is nobody to tell, and no connected account to bill with. */
export const noBillingRegistry: OrganizationBillingRegistry = {
  register: async () => undefined,
  setAllowBilling: async (_region, _orgId, _workspaceId, allowBilling) => {
    if (allowBilling) throw connectAccountMissing();
  },
};
