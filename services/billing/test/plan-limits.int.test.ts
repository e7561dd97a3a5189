import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_API_MESSAGES, KNOWLEDGE_MESSAGES, newAgentDraft, type KnowledgeSourceView, type PlanKey } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { dropAll, freshMongo, gateway, logger, signedCaller, someone, startAgentService, workspaceIdentity, type AgentService } from '@platform/test-support';
import { defaultKnowledge } from '../../agent/src/app';
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

  it("holds knowledge to the workspace plan's maxKbDocsCharCount from billing: two plans, two limits, a custom plan's own", async () => {
    const knowledge = defaultKnowledge({ config: agents.config, mongo: agents.mongo, logger });
    const text = 'Harbour bakery notes. '.repeat(100_000); // 2,200,000 characters: above free's and Pro's limits
    const sourceOn = async (setup: (uid: string) => Promise<unknown>) => {
      const owner = someone('kb');
      const workspace = (await agents.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Knowledge' }).expect(201)).body.data as { uid: string };
      await setup(workspace.uid);
      const draft = newAgentDraft({ title: 'Bot', ownerID: workspace.uid });
      await agents.as(owner).post(`/v2/agents/${draft.ID}`, draft).expect(200);
      const upload = await agents
        .as(owner)
        .post('/procedures/uploadFile', { userId: workspace.uid, agentId: draft.ID, targetPath: `agents/${draft.ID}/kb`, fileName: 'notes.txt', accept: '.txt', maxSizeMB: 20, base64Payload: Buffer.from(text).toString('base64') })
        .expect(200);
      await agents.as(owner).post(`/v2/agents/${draft.ID}/knowledge`, { sourceType: 'doc', contentURL: upload.body.data.url, name: 'notes.txt' }).expect(201);
      return async () => ((await agents.as(owner).get(`/v2/agents/${draft.ID}/knowledge`).expect(200)).body.data as KnowledgeSourceView[])[0];
    };
    const onPlan = (plan: PlanKey) => (uid: string) => billingAs(gateway).post(`/internal/plans/${uid}`, { plan }).expect(200);
    const free = await sourceOn(async () => undefined);
    const pro = await sourceOn(onPlan('pay_as_you_go'));
    const custom = await sourceOn(async (uid) => {
      await onPlan('enterprise')(uid);
      await billingAs(gateway).post(`/internal/accounts/${uid}`, { customPlan: { limits: { maxKbDocsCharCount: 1_000_000 } } }).expect(200);
    });
    expect(await knowledge.ingest.runDue('eu')).toBe(3);
    expect(await free()).toMatchObject({ status: 'ERROR', error: KNOWLEDGE_MESSAGES.charLimitReached(400_000), chunkCount: 0 });
    expect(await pro()).toMatchObject({ status: 'ERROR', error: KNOWLEDGE_MESSAGES.charLimitReached(2_000_000), chunkCount: 0 });
    expect(await custom()).toMatchObject({ status: 'ERROR', error: KNOWLEDGE_MESSAGES.charLimitReached(1_000_000), chunkCount: 0 });

    const entitlements = (await billingAs(gateway).get('/internal/entitlements/someworkspace01').expect(200)).body.data;
    expect(entitlements.limits).toEqual({ maxAgents: 2, workspaceSeats: 2, clientSeats: 2, maxConcurrentCalls: 10, twilioPhoneNumberSlots: 0, maxKbDocsCharCount: 400_000, maxMonthlyCredits: 0 });
  });
});
