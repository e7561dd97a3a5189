import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Consumer } from 'kafkajs';
import { NOTIFICATION_MESSAGES, makeEvent, newDocumentId, newWorkspaceUid, type EventEnvelope, type Region, type StoredNotification } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { dropAll, freshMongo, logger, mailsTo, testRelay, uniqueEmail, uniqueName, waitFor } from '@platform/test-support';
// Billing's side of the crossing (its ledger, consumer and low-credit check), wired as billing's main wires it.
import { routeTable } from '../../billing/src/app';
import { loadConfig as loadBillingConfig } from '../../billing/src/config';
import { startCreditConsumer } from '../../billing/src/events/credit-consumer';
import { COLLECTION as BILLING_COLLECTION, INDEXES as BILLING_INDEXES } from '../../billing/src/store/collections';
import { ORGANIZATION_INDEXES } from '../../billing/src/store/organization-collections';
import { OrganizationBillingStore } from '../../billing/src/store/organization-billing';
import { freshLedgerTopic, publish } from '../../billing/test/support/ledger-kit';
import { assemble } from '../src/app';
import type { AgentOrganization, OrganizationDirectory } from '../src/clients/organizations';
import type { EventsTarget, WorkspaceDirectory } from '../src/clients/workspace';
import { loadConfig } from '../src/config';
import { handlePlatformEvent, startPlatformEventConsumer } from '../src/events/platform-events';
import { INDEXES, NOTIFICATION_COLLECTIONS } from '../src/store/collections';
import { startDeliveryWorker } from '../src/usecases/event-deliveries';

/**
 * "Credits running low" through Kafka (ADR 0026): billing's ledger applies consumptions, marks an
 * account that crossed below its threshold with a credits.low event in the same write, the relay
 * publishes it, and the notification service makes it an organisation notification (level 1,
 * e-mailed by the clients' settings) and the workspace's endpoint event.
 */
describe('credits running low', () => {
  let mongo: RegionalMongo;
  let relay: Awaited<ReturnType<typeof testRelay>>;
  let ledgerTopic: Awaited<ReturnType<typeof freshLedgerTopic>>;
  let ledgerConsumer: Consumer;
  let notificationConsumer: Consumer;
  let stopWorker: () => Promise<void>;
  let closeMailer: () => Promise<void>;
  let endpoint: Server;
  const received: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const organizations = new Map<string, AgentOrganization>();
  const targets = new Map<string, EventsTarget>();
  let billing: ReturnType<typeof routeTable>;
  let notifications: ReturnType<typeof assemble>['notifications'];
  let deliveries: ReturnType<typeof assemble>['deliveries'];

  beforeAll(async () => {
    mongo = await freshMongo();
    await mongo.ensureIndexes([...BILLING_INDEXES, ...ORGANIZATION_INDEXES, ...INDEXES]);
    relay = await testRelay([BILLING_COLLECTION.creditAccounts, ...Object.values(NOTIFICATION_COLLECTIONS)]);
    billing = routeTable({ config: loadBillingConfig(), mongo, logger, workspaces: { isMember: async () => false }, eventsWritten: relay.nudge });
    ledgerTopic = await freshLedgerTopic();
    ledgerConsumer = await startCreditConsumer({
      kafka: ledgerTopic.kafka,
      producer: ledgerTopic.producer,
      ledger: billing.ledger,
      logger,
      groupId: ledgerTopic.groupId,
      topic: ledgerTopic.topic,
      afterApply: (region, accountIds) => billing.lowCredit.check(region, accountIds),
    });

    endpoint = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const directory: OrganizationDirectory = { byAgent: async () => [], byId: async (_region, orgId) => organizations.get(orgId) ?? null, pushTokenGone: async () => undefined };
    const workspaces: WorkspaceDirectory = { isMember: async () => false, eventsTarget: async (_region, uid) => targets.get(uid) ?? null };
    const base = loadConfig();
    const config = { ...base, outbound: { ...base.outbound, allowLoopback: true }, retry: { maxAttempts: 3, baseDelayMs: 100 }, deliveryPollMs: 50 };
    const assembled = assemble({ config, mongo, logger, organizations: directory, workspaces, eventsWritten: relay.nudge });
    closeMailer = () => assembled.mailer.close();
    ({ notifications, deliveries } = assembled);
    relay.start(mongo);
    notificationConsumer = await startPlatformEventConsumer({ kafka: ledgerTopic.kafka, producer: ledgerTopic.producer, mongo, logger, notifications: assembled.notifications, deliveries: assembled.deliveries, groupId: uniqueName('notification') });
    stopWorker = startDeliveryWorker(assembled.deliveries, ['eu'], config.deliveryPollMs, logger);
  }, 90_000);

  afterAll(async () => {
    await stopWorker?.();
    await notificationConsumer?.disconnect();
    await ledgerConsumer?.disconnect();
    await relay?.stop();
    await ledgerTopic?.close();
    await closeMailer?.();
    await new Promise((resolve) => endpoint.close(resolve));
    await dropAll(mongo);
  });

  const consume = (region: Region, workspaceId: string, amount: number, orgId?: string) =>
    publish(ledgerTopic.producer, ledgerTopic.topic, [
      makeEvent('credits.consumed', { region, workspaceId, data: { amount, ts: Date.now(), direction: 'decrease', causedBy: 'agent', agentId: 'agent1', ...(orgId ? { orgId } : {}) } }) as EventEnvelope,
    ]);
  const orgNotifications = (workspaceId: string, orgId: string) =>
    mongo.collection<StoredNotification & { orgId: string }>('eu', NOTIFICATION_COLLECTIONS[1]).find({ workspaceId, orgId } as never).sort({ ts: 1 }).toArray();

  it("notifies an organisation once per crossing below its auto-recharge threshold, by e-mail per its clients' settings, and again after a refill", async () => {
    const workspaceId = newWorkspaceUid();
    const orgId = newDocumentId();
    const mailed = uniqueEmail('client');
    const requestsOnly = uniqueEmail('quiet');
    organizations.set(orgId, {
      ID: orgId,
      workspaceId,
      clients: [
        { ID: 'c1', email: mailed, notificationsSettings: { notifyThrough: 'email', notifyIf: 'all' } },
        { ID: 'c2', email: requestsOnly, notificationsSettings: { notifyThrough: 'all', notifyIf: 'requestsOnly' } },
      ],
    });
    const orgs = new OrganizationBillingStore(mongo);
    await orgs.register('eu', orgId, workspaceId, true, new Date());
    await orgs.update('eu', orgId, { threshold: 300 }, new Date());
    await billing.ledger.grant('eu', `org:${orgId}`, 'transfer:t1:credit', { amount: 1000, ts: Date.now(), direction: 'increase' });

    await consume('eu', workspaceId, 800, orgId); // 200: crossed below 300
    const [first] = await waitFor(async () => {
      const stored = await orgNotifications(workspaceId, orgId);
      return stored.length ? stored : undefined;
    }, 60_000, 200);
    expect(first).toMatchObject({ title: NOTIFICATION_MESSAGES.creditsLowTitle, body: NOTIFICATION_MESSAGES.creditsLowBody(200), notificationLevel: 1, seen: false });

    await consume('eu', workspaceId, 50, orgId); // 150: still below, no second notification
    await waitFor(async () => (await billing.ledger.balance('eu', `org:${orgId}`)) === 150, 30_000, 100);
    await billing.ledger.grant('eu', `org:${orgId}`, 'transfer:t2:credit', { amount: 1000, ts: Date.now(), direction: 'increase' }); // 1150: recovered
    await consume('eu', workspaceId, 900, orgId); // 250: a new crossing
    const stored = await waitFor(async () => {
      const all = await orgNotifications(workspaceId, orgId);
      return all.length >= 2 ? all : undefined;
    }, 60_000, 200);
    // Consumptions of one workspace are applied in order, and the account's events relayed in order: a duplicate would be here by now.
    expect(stored.map((n) => n.body)).toEqual([NOTIFICATION_MESSAGES.creditsLowBody(200), NOTIFICATION_MESSAGES.creditsLowBody(250)]);
    expect(await mongo.collection('eu', NOTIFICATION_COLLECTIONS[2]).countDocuments({ orgId } as never)).toBe(0);

    const mails = await waitFor(async () => {
      const all = await mailsTo(mailed);
      return all.length >= 2 ? all : undefined;
    }, 30_000, 200);
    expect(mails.map((mail) => mail.subject)).toEqual([NOTIFICATION_MESSAGES.creditsLowTitle, NOTIFICATION_MESSAGES.creditsLowTitle]);
    expect(await mailsTo(requestsOnly)).toEqual([]);
  }, 120_000);

  it("sends a workspace's own crossing to its events endpoint when subscribed", async () => {
    const workspaceId = newWorkspaceUid();
    targets.set(workspaceId, { endpoint: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`, subscribedEvents: ['credits.low'], workspaceSecret: 'vg_secret', workspaceEmails: [] });
    await billing.ledger.grant('eu', workspaceId, `opening:${workspaceId}`, { amount: 600, ts: Date.now(), direction: 'increase' });
    await consume('eu', workspaceId, 150); // 450: below the workspace default 500
    const delivered = await waitFor(async () => received.find((event) => event.type === 'credits.low' && event.payload.balance === 450), 60_000, 200);
    expect(delivered.payload).toMatchObject({ balance: 450, threshold: 500, workspaceSecret: 'vg_secret', createdAt: expect.any(String) });
    expect(delivered.payload.orgId).toBeUndefined();
  }, 90_000);

  it("e-mails a workspace's own crossing to its members (owner and workspaceEmails) once per crossing, and once per event", async () => {
    const workspaceId = newWorkspaceUid();
    const owner = uniqueEmail('owner');
    const member = uniqueEmail('member');
    targets.set(workspaceId, { subscribedEvents: [], workspaceSecret: 'vg_secret', workspaceEmails: [owner, member] });
    await billing.ledger.grant('eu', workspaceId, `opening:${workspaceId}`, { amount: 600, ts: Date.now(), direction: 'increase' });
    await consume('eu', workspaceId, 150); // 450: below the workspace default 500
    const [mail] = await waitFor(async () => {
      const all = await mailsTo(member);
      return all.length ? all : undefined;
    }, 60_000, 200);
    expect(mail).toMatchObject({ subject: NOTIFICATION_MESSAGES.creditsLowTitle });
    expect(mail!.html).toContain(NOTIFICATION_MESSAGES.creditsLowBody(450));
    expect(await mailsTo(owner)).toHaveLength(1);

    await consume('eu', workspaceId, 50); // 400: still below, no second e-mail
    await waitFor(async () => (await billing.ledger.balance('eu', workspaceId)) === 400, 30_000, 100);
    // The same event delivered again (a consumer restart) mails nothing more.
    const redelivered = makeEvent('credits.low', { region: 'eu', workspaceId, data: { balance: 450, threshold: 500 } }) as EventEnvelope;
    await handlePlatformEvent(redelivered, notifications, deliveries);
    await handlePlatformEvent(redelivered, notifications, deliveries);
    await waitFor(async () => ((await mailsTo(owner)).length >= 2 ? true : undefined), 30_000, 200);
    await billing.ledger.grant('eu', workspaceId, `refill:${workspaceId}`, { amount: 1000, ts: Date.now(), direction: 'increase' }); // 1400: recovered
    await consume('eu', workspaceId, 1000); // 400: a new crossing
    await waitFor(async () => ((await mailsTo(member)).length >= 3 ? true : undefined), 60_000, 200);
    expect((await mailsTo(owner)).map((m) => m.html).filter((html) => html.includes('Only 400 credits'))).toHaveLength(1);
    expect(await mailsTo(owner)).toHaveLength(3); // the crossing at 450, the event handled twice at 450, the crossing at 400
  }, 120_000);
});
