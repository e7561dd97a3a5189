/**
 * Billing §3 "The client carries a stripeCustomerId too" (ADR 0045): a client of an organisation
 * with billing sets up payment through billing, on the agency's connected account (the Stripe
 * sandbox); its record in agency-domain then carries the organisation's customer, which its own
 * session and the agency read, never another client of the organisation. Real billing,
 * agency-domain and agent services over HTTP.
 */
import type { Identity } from '@platform/kit';
import { serviceSlot, setUpAgencyWithClients, startAgencyDomainService, startAgentService, startBillingService, workspaceIdentity, type AgencyWithClients, type AgentService, type RunningService } from '@platform/test-support';

describe("a client who sets up its organisation's payment carries the organisation's Stripe customer (billing §3)", () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let billingService: RunningService<unknown>;
  let billing: RunningService<unknown>['as'];
  let set: AgencyWithClients;
  let payer: Identity;
  let admin: Identity;

  beforeAll(async () => {
    const slot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    // billing writes the client record at this agency-domain's address, not at the running platform's
    const billingSlot = await serviceSlot();
    billingService = await startBillingService(h, billingSlot, slot.url);
    billing = billingService.as;
    agency = await startAgencyDomainService(h, slot, billingSlot.url);
    set = await setUpAgencyWithClients(h, agency, 'Agency S');
    // the agency connects Stripe, then allows billing for organisation 1
    await billing(workspaceIdentity(set.uid)).post('/stripe/connect/create-account', { workspace: { uid: set.uid, email: 'agency@example.com' } }).expect(200);
    await agency.as(set.owner).post(`/v2/workspaces/${set.uid}/orgs/${set.org1}`, { ID: set.org1, name: 'One', widgetIDs: [set.agentX], allowBilling: true }).expect(200);
    payer = await set.addClient(set.org1);
    admin = await set.addClient(set.org1, undefined, { isOrgAdmin: true });
  });
  afterAll(async () => {
    await billingService.close();
    await agency.close();
    await h.close();
  });

  it('records the customer on the paying client only; its session and the agency read it, the organisation admin never does', async () => {
    const { accountId } = (await billing(payer).get(`/stripe/connect/get-account-id/${set.uid}/eu`).expect(200)).body;
    const paid = await billing(payer).post('/stripe/connect/update-payment', { paymentMethodId: 'pm_card_visa', userId: set.uid, agencyId: set.uid, orgId: set.org1, region: 'eu', workspaceStripeAccountId: accountId }).expect(200);
    const customerId = paid.body.customer.id as string;
    expect(customerId).toMatch(/^cus_/);
    expect((await billing(payer).get(`/stripe/connect/organization/${set.org1}`).expect(200)).body.data.stripeCustomerId).toBe(customerId);

    const own = (await agency.as(payer).get('/v2/client/me').expect(200)).body.client;
    expect(own.stripeCustomerId).toBe(customerId);
    const listedForAgency = (await agency.as(set.owner).get(`/v2/workspaces/${set.uid}/orgs`).expect(200)).body.clients as Array<{ ID: string; stripeCustomerId?: string }>;
    expect(listedForAgency.find((client) => client.ID === own.ID)?.stripeCustomerId).toBe(customerId);
    expect(listedForAgency.find((client) => client.ID !== own.ID)?.stripeCustomerId).toBeUndefined();
    // another client of the organisation (its admin) reads the users without it
    const users = await agency.as(admin).get('/v2/client/org/clients').expect(200);
    expect(users.body.clients.map((client: { ID: string }) => client.ID)).toContain(own.ID);
    expect(users.text).not.toContain('stripeCustomerId');
    expect(users.text).not.toContain(customerId);
    const edited = await agency.as(admin).post('/v2/client/org/clients', { ID: own.ID, name: 'Payer', email: own.email }).expect(200);
    expect(edited.text).not.toContain(customerId);
  });

  it("only billing writes it, and only on a client of the organisation named", async () => {
    const { ID } = (await agency.as(payer).get('/v2/client/me').expect(200)).body.client;
    await agency.as(set.owner).post(`/internal/clients/${ID}/stripe-customer`, { orgId: set.org1, stripeCustomerId: 'cus_forged' }).expect(403);
    await agency.as(payer).post(`/internal/clients/${ID}/stripe-customer`, { orgId: set.org1, stripeCustomerId: 'cus_forged' }).expect(403);
    await agency.as({ kind: 'gateway' }).post(`/internal/clients/${ID}/stripe-customer`, { orgId: set.org2, stripeCustomerId: 'cus_forged' }).expect(404);
    expect((await agency.as(payer).get('/v2/client/me').expect(200)).body.client.stripeCustomerId).not.toBe('cus_forged');
  });
});
