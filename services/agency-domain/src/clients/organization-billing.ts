import { CONNECT_API, UPSTREAM_MESSAGES, servicePath, type Region } from '@platform/contracts';
import { callService, serviceRefused, type ServiceClient } from '@platform/kit';

/** Billing learns which workspace a new organisation belongs to (ADR 0022), so nobody else can claim it there. */
export interface OrganizationBillingRegistry {
  register(region: Region, orgId: string, workspaceId: string): Promise<void>;
}

/** Billing's gateway-only POST /internal/organizations/:orgId; billing alone turns allowBilling on (it needs a connected account). */
export class HttpOrganizationBillingRegistry implements OrganizationBillingRegistry {
  constructor(private readonly client: ServiceClient) {}

  async register(region: Region, orgId: string, workspaceId: string): Promise<void> {
    const unavailable = UPSTREAM_MESSAGES.billingUnavailable;
    const path = servicePath(CONNECT_API.registerOrganization.path, { orgId });
    const response = await callService(this.client, { method: 'POST', path, body: { workspaceId, allowBilling: false }, identity: { kind: 'gateway' }, region, unavailable });
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
  }
}

/** Without a billing service (local tests of this service alone) there is nobody to tell. */
export const noBillingRegistry: OrganizationBillingRegistry = { register: async () => undefined };
