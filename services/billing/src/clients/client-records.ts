import { CLIENTS_API, UPSTREAM_MESSAGES, servicePath, type Region } from '@platform/contracts';
import { callService, serviceRefused, type ServiceClient } from '@platform/kit';

/** Agency-domain's client records, as far as billing writes them: the Stripe customer a client's payment set-up used (billing §3). */
export interface ClientRecords {
  recordStripeCustomer(region: Region, orgId: string, clientId: string, stripeCustomerId: string): Promise<void>;
}

/** Agency-domain's gateway-only POST /internal/clients/:clientId/stripe-customer. */
export class HttpClientRecords implements ClientRecords {
  constructor(private readonly client: ServiceClient) {}

  async recordStripeCustomer(region: Region, orgId: string, clientId: string, stripeCustomerId: string): Promise<void> {
    const unavailable = UPSTREAM_MESSAGES.agencyUnavailable;
    const path = servicePath(CLIENTS_API.recordClientStripeCustomer.path, { clientId });
    const response = await callService(this.client, { method: 'POST', path, body: { orgId, stripeCustomerId }, identity: { kind: 'gateway' }, region, unavailable });
    if (!response.ok) throw serviceRefused(this.client, response, unavailable);
  }
}

/** Without agency-domain (billing's own tests) there is no client record to write. */
export const noClientRecords: ClientRecords = { recordStripeCustomer: async () => undefined };
