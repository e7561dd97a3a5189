import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_API_MESSAGES, newAgentDraft } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { dropAll, freshMongo, logger, signedCaller, someone, startAgentService, workspaceIdentity, type AgentService } from '@platform/test-support';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { INDEXES } from '../src/store/collections';

const address = { line1: '1 Main St', city: 'Austin', postal_code: '78701', country: 'US', state: 'TX' };

describe('plan limits: the agent service asks billing before creating an agent', () => {
  let agents: AgentService;
  let billingServer: Server;
  let billingAs: ReturnType<typeof signedCaller>;
  let billingMongo: RegionalMongo;

  beforeAll(async () => {
    // Billing on its own port, on the agent service's databases; the agent service asks it.
    billingMongo = await freshMongo();
    const mongo = billingMongo;
    await mongo.ensureIndexes(INDEXES);
    const config = loadConfig();
    const app = buildApp({ config, mongo, logger, workspaces: { isMember: async () => false } });
    billingAs = signedCaller(app, config.platform.internalSigningSecret);
    billingServer = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    agents = await startAgentService({ config: { billingServiceUrl: `http://127.0.0.1:${(billingServer.address() as AddressInfo).port}` } });
  });
  afterAll(async () => {
    await new Promise((resolve) => billingServer.close(resolve));
    await agents.close();
    await dropAll(billingMongo);
  });

  it('refuses a third agent on the free plan with an upgrade offer, and allows it after subscribing', async () => {
    const owner = someone('owner');
    const workspace = (await agents.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Limits' }).expect(201)).body.data as { uid: string };
    const create = () => {
      const draft = newAgentDraft({ title: 'Bot', ownerID: workspace.uid });
      return agents.as(owner).post(`/v2/agents/${draft.ID}`, draft);
    };
    await create().expect(200);
    await create().expect(200);
    const refused = await create().expect(402);
    expect(refused.body).toEqual({ success: false, message: BILLING_API_MESSAGES.agentLimitReached(2), upgrade: { planId: 'pay_as_you_go', path: '/app/eu/account/billing' } });
    expect((await agents.as(owner).get(`/v2/agents?workspaceId=${workspace.uid}`).expect(200)).body.agents).toHaveLength(2);

    const secret = billingAs(workspaceIdentity(workspace.uid, 'eu'), 'eu');
    await secret.post('/stripe/upsert-payment-method', { paymentMethodId: 'pm_card_visa', userId: workspace.uid, region: 'eu', email: owner.email, address }).expect(200);
    await secret.post('/stripe/create-subscription', { planId: 'pay_as_you_go', userId: workspace.uid, region: 'eu' }).expect(200);
    await create().expect(200);
  });
});
