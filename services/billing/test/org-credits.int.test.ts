import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Consumer } from 'kafkajs';
import { RUNTIME_MESSAGES, TOPICS, newAgentDraft, newDocumentId, type EventEnvelope } from '@platform/contracts';
import type { OutboxEntry } from '@platform/kit';
import { logger, someone, startAgentService, waitFor, type AgentService } from '@platform/test-support';
import { organizationAccountId } from '../src/domain/credit-transfer';
import { startCreditConsumer } from '../src/events/credit-consumer';
import { ORGANIZATION_INDEXES } from '../src/store/organization-collections';
import { startBilling, type BillingHarness } from './support/harness';
import { freshLedgerTopic, publish } from './support/ledger-kit';

/**
 * An organisation's agent spends the organisation's credits (ADR 0026): the runtime checks the
 * organisation's balance before it answers and names the organisation in its credits.consumed,
 * which billing's ledger applies to the organisation's account, not the workspace's.
 */
describe("organisation credits: an organisation's agents spend them", () => {
  let billing: BillingHarness & { assembled: Awaited<ReturnType<typeof startBilling>>['assembled'] };
  let server: Server;
  let agents: AgentService;
  let ledgerTopic: Awaited<ReturnType<typeof freshLedgerTopic>>;
  let consumer: Consumer;
  const orgId = newDocumentId();
  const orgAgents = new Set<string>();

  beforeAll(async () => {
    billing = await startBilling();
    await billing.mongo.ensureIndexes(ORGANIZATION_INDEXES);
    server = await new Promise((resolve) => {
      const listening = billing.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    ledgerTopic = await freshLedgerTopic();
    consumer = await startCreditConsumer({ kafka: ledgerTopic.kafka, producer: ledgerTopic.producer, ledger: billing.ledger, logger, groupId: ledgerTopic.groupId, topic: ledgerTopic.topic });
    agents = await startAgentService({
      config: { billingServiceUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, accessCache: { ttlMs: 0 } },
      // agency-domain's answer (which organisations list the agent) is HttpCreditPayers' part, tested on its own
      payers: { payingOrganization: async (_region, agent) => (orgAgents.has(agent.ID) ? orgId : undefined) },
    });
  });
  afterAll(async () => {
    await consumer.disconnect();
    await ledgerTopic.close();
    await new Promise((resolve) => server.close(resolve));
    await agents.close();
    await billing.close();
  });

  /** The credits.consumed events the runtime wrote with its conversations, published as the outbox relay does. */
  async function relayConsumptions(agentId: string): Promise<EventEnvelope[]> {
    const conversations = await agents.mongo.collection<{ _id: string; _outbox?: OutboxEntry[] }>('eu', 'conversations').find({ agentId } as never).toArray();
    const events = conversations.flatMap((c) => c._outbox ?? []).filter((entry) => entry.topic === TOPICS.creditConsumption.name).map((entry) => entry.envelope);
    await publish(ledgerTopic.producer, ledgerTopic.topic, events);
    return events;
  }

  it("debits the organisation, not the workspace, for its agent's answers, and refuses at a zero organisation balance with the runtime's message", async () => {
    const owner = someone('agency');
    const workspace = (await agents.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Agency' }).expect(201)).body.data as { uid: string };
    const create = async () => {
      const draft = newAgentDraft({ title: 'Bot', ownerID: workspace.uid });
      await agents.as(owner).post(`/v2/agents/${draft.ID}`, draft).expect(200);
      return draft.ID;
    };
    const orgAgent = await create();
    orgAgents.add(orgAgent);
    const ownAgent = await create();
    await billing.ledger.grant('eu', workspace.uid, 'opening:test', { amount: 100, ts: Date.now(), direction: 'increase' });
    const orgAccount = organizationAccountId(orgId);
    await billing.ledger.grant('eu', orgAccount, 'transfer:test:credit', { amount: 2, ts: Date.now(), direction: 'increase' });

    const chat = (agentId: string, messageId: string) => agents.as(owner).post(`/v2/agents/${agentId}/chat`, { messageId, text: 'Hello there' }).expect(200);
    expect((await billing.asGateway().get(`/internal/organizations/${orgId}/credits`).expect(200)).body).toEqual({ success: true, data: { orgId, balance: 2 } });
    const first = await chat(orgAgent, 'orgmessage1');
    expect(first.body.data.refused).toBeUndefined();
    await chat(orgAgent, 'orgmessage2');
    const lastOrgCheck = Date.now();
    await chat(ownAgent, 'ownmessage1');

    const orgEvents = await relayConsumptions(orgAgent);
    expect(orgEvents).toHaveLength(2);
    for (const event of orgEvents) expect(event).toMatchObject({ type: 'credits.consumed', workspaceId: workspace.uid, data: { orgId, agentId: orgAgent, direction: 'decrease' } });
    const ownEvents = await relayConsumptions(ownAgent);
    expect(ownEvents).toHaveLength(1);
    expect((ownEvents[0]!.data as { orgId?: string }).orgId).toBeUndefined();
    // Published twice (a relay retry): applied once.
    await publish(ledgerTopic.producer, ledgerTopic.topic, orgEvents);

    const spent = (events: EventEnvelope[]) => events.reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0);
    await waitFor(async () => (await billing.ledger.balance('eu', orgAccount)) === 2 - spent(orgEvents) && (await billing.ledger.balance('eu', workspace.uid)) === 100 - spent(ownEvents), 60_000, 200);
    expect(await billing.ledger.balance('eu', orgAccount)).toBe(0);
    expect(await billing.ledger.balance('eu', workspace.uid)).toBe(99);

    // The organisation's credits are spent: its agent refuses (once the runtime's 2 s balance read has expired), the workspace's own agent still answers.
    await waitFor(async () => Date.now() - lastOrgCheck > 2_100, 5_000, 100);
    const refused = await chat(orgAgent, 'orgmessage3');
    expect(refused.body.data).toMatchObject({ text: RUNTIME_MESSAGES.noCredits, refused: true });
    const answered = await chat(ownAgent, 'ownmessage2');
    expect(answered.body.data.refused).toBeUndefined();
    expect(await relayConsumptions(orgAgent)).toHaveLength(2);
  });
});
