/**
 * The organisation drawer's Allow billing (agency-shell-clients §6, billing §4): saving an
 * organisation with billing on asks billing, which turns it on only when the agency has a
 * connected Stripe account. agency-domain and billing run for real, talking over HTTP.
 */
import { CONNECT_API, MESSAGES } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { serviceSlot, someone, startAgencyDomainService, startAgentService, startBillingService, type AgentService, type RunningService } from '@platform/test-support';

describe("the organisation drawer's Allow billing", () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let billingSlot: Awaited<ReturnType<typeof serviceSlot>>;
  let billing: RunningService<unknown>['as'];
  let owner: Identity;
  let uid: string;
  let orgId: string;

  beforeAll(async () => {
    const slot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url } });
    billingSlot = await serviceSlot();
    billing = (await startBillingService(h, billingSlot)).as;
    agency = await startAgencyDomainService(h, slot, billingSlot.url);
    owner = someone('agency');
    uid = (await h.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Agency' }).expect(201)).body.data.uid;
    await agency.as(owner).post(`/v2/workspaces/${uid}/agency`, { name: 'Agency A' }).expect(200);
    orgId = (await agency.as(owner).post(`/v2/workspaces/${uid}/orgs`, { name: 'One' }).expect(201)).body.organization.ID;
  });
  afterAll(async () => {
    await billingSlot.close();
    await agency.close();
    await h.close();
  });

  const save = (allowBilling: boolean) => agency.as(owner).post(`/v2/workspaces/${uid}/orgs/${orgId}`, { ID: orgId, name: 'One', allowBilling });
  const state = async () => ({
    organization: ((await agency.as(owner).get(`/v2/workspaces/${uid}/orgs`).expect(200)).body.organizations as Array<{ ID: string; allowBilling?: boolean }>).find((o) => o.ID === orgId)?.allowBilling ?? false,
    billing: ((await h.mongo.collection('eu', 'organization_billing').findOne({ _id: orgId } as never)) as { allowBilling?: boolean } | null)?.allowBilling,
  });

  it('is refused without a connected Stripe account, and nothing is saved', async () => {
    const refused = await save(true).expect(402);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.billing.connectAccountMissing });
    expect(await state()).toEqual({ organization: false, billing: false });
  });

  it('is saved, in the organisation and in billing, once the agency has connected its account; and turned off again', async () => {
    await billing(owner, 'eu').post(CONNECT_API.createAccount.path, { workspace: { uid, email: 'agency@example.com' } }).expect(200);
    await save(true).expect(200);
    expect(await state()).toEqual({ organization: true, billing: true });
    await save(false).expect(200);
    expect(await state()).toEqual({ organization: false, billing: false });
  });
});
