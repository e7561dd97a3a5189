import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Consumer, Producer } from 'kafkajs';
import { COLLECTIONS, EVENT_ID_HEADER, EVENT_SIGNATURE_HEADER, NOTIFICATION_MESSAGES, eventRoute, makeEvent, type EventType, type Region, type StoredNotification } from '@platform/contracts';
import { createProducer, signForwarded, type BroadcastConsumer, type Identity, type RegionalMongo } from '@platform/kit';
import { anonymous, clientIdentity, dropAll, freshMongo, logger, mailsTo, nthMailTo, signedCaller, someone, startWorkspaceService, testKafka, testRelay, uniqueEmail, uniqueName, waitFor, type Caller, type WorkspaceService } from '@platform/test-support';
import { assemble, buildApp } from '../src/app';
import type { AgentOrganization, OrganizationDirectory } from '../src/clients/organizations';
import { loadConfig, type NotificationConfig } from '../src/config';
import { verifySignatureHeader } from '../src/domain/event-delivery';
import { keepPushingNotifications, startPlatformEventConsumer } from '../src/events/platform-events';
import { INDEXES, NOTIFICATION_COLLECTIONS } from '../src/store/collections';
import { startDeliveryWorker } from '../src/usecases/event-deliveries';

/** agency-domain's answer, kept in memory: which organisations each agent belongs to. */
class OrganizationsByAgent implements OrganizationDirectory {
  readonly byAgentId = new Map<string, AgentOrganization[]>();
  async byAgent(_region: Region, agentId: string) {
    return this.byAgentId.get(agentId) ?? [];
  }
  async byId(_region: Region, orgId: string) {
    return [...this.byAgentId.values()].flat().find((org) => org.ID === orgId) ?? null;
  }
  async pushTokenGone() {}
}

const listen = (server: Server) => new Promise<Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

/** An open SSE stream of the service, as the gateway forwards it; `events` fills as they arrive. */
function openStream(baseUrl: string, path: string, identity: Identity, secret: string) {
  const events: Array<{ event: string; data: StoredNotification }> = [];
  let response: IncomingMessage | undefined;
  const ready = new Promise<IncomingMessage>((resolve) => {
    const request = get(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...signForwarded({ identity, region: 'eu' }, secret, { method: 'GET', path }) } }, (res) => {
      response = res;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      resolve(res);
    });
    request.end();
  });
  return { events, ready, close: () => response?.destroy() };
}

describe('the notification service against FerretDB, Kafka and the SMTP inbox', () => {
  let mongo: RegionalMongo;
  let workspace: WorkspaceService;
  let workspaceServer: Server;
  let service: Server;
  let config: NotificationConfig;
  let as: (identity: Identity, region?: Region) => Caller;
  let relay: Awaited<ReturnType<typeof testRelay>>;
  let consumer: Consumer;
  let live: BroadcastConsumer;
  let stopWorker: () => Promise<void>;
  let producer: Producer;
  let closeMailer: () => Promise<void>;
  const organizations = new OrganizationsByAgent();

  const emit = async <T extends EventType>(type: T, workspaceId: string, data: Parameters<typeof makeEvent<T>>[1]['data']) => {
    const event = makeEvent(type, { region: 'eu', workspaceId, data });
    const { topic, key } = eventRoute(event);
    await producer.send({ topic, messages: [{ key, value: JSON.stringify(event) }] });
    return event;
  };

  /** A person with a new workspace; they are its only member. */
  const tenant = async () => {
    const person = someone('owner');
    const uid = (await workspace.as(person).post('/v2/workspaces', { workspaceName: 'Agency' }).expect(201)).body.data.uid as string;
    const record = await mongo.collection('eu', COLLECTIONS.workspaces).findOne({ _id: uid } as never);
    return { person, uid, secret: record!.workspaceSecret as string };
  };
  const setEndpoint = (uid: string, endpoint: string, subscribedEvents: string[]) =>
    mongo.collection('eu', COLLECTIONS.workspaces).updateOne({ _id: uid } as never, { $set: { 'internal.events': { endpoint, subscribedEvents } } });

  beforeAll(async () => {
    mongo = await freshMongo();
    await mongo.ensureIndexes(INDEXES);
    workspace = await startWorkspaceService({ mongo, mailer: { send: async () => undefined, close: async () => undefined } });
    workspaceServer = await listen(createServer(workspace.app));
    const base = loadConfig();
    config = { ...base, workspaceServiceUrl: urlOf(workspaceServer), outbound: { ...base.outbound, allowLoopback: true }, retry: { maxAttempts: 3, baseDelayMs: 100 }, deliveryPollMs: 50 };
    relay = await testRelay(Object.values(NOTIFICATION_COLLECTIONS));
    const deps = { config, mongo, logger, organizations, eventsWritten: relay.nudge };
    const assembled = assemble(deps);
    closeMailer = () => assembled.mailer.close();
    service = await listen(createServer(buildApp(deps, assembled)));
    as = signedCaller(buildApp(deps, assembled), config.platform.internalSigningSecret);
    relay.start(mongo);
    const kafka = testKafka();
    producer = createProducer(kafka);
    await producer.connect();
    live = keepPushingNotifications({ kafka, logger, live: assembled.live });
    consumer = await startPlatformEventConsumer({ kafka, producer, mongo, logger, notifications: assembled.notifications, deliveries: assembled.deliveries, groupId: uniqueName('notification') });
    stopWorker = startDeliveryWorker(assembled.deliveries, ['eu'], config.deliveryPollMs, logger);
    await waitFor(async () => live.isJoined, 30_000);
  }, 90_000);

  afterAll(async () => {
    await stopWorker?.();
    await consumer?.disconnect();
    await live?.stop();
    await relay?.stop();
    await producer?.disconnect();
    for (const server of [service, workspaceServer]) if (server) await close(server);
    await closeMailer?.();
    await workspace?.close();
    if (mongo) await dropAll(mongo);
  });

  it("a visitor's request for a person reaches the open dashboard live, is listed, e-mailed by the clients' settings, then marked seen and read", async () => {
    const { person, uid } = await tenant();
    const agentId = uniqueName('agent').replace(/_/g, '');
    const mailClient = uniqueEmail('client');
    const pushClient = uniqueEmail('push');
    organizations.byAgentId.set(agentId, [
      {
        ID: 'org1',
        workspaceId: uid,
        clients: [
          { ID: 'c1', email: mailClient, notificationsSettings: { notifyThrough: 'email', notifyIf: 'requestsOnly' } },
          { ID: 'c2', email: pushClient, notificationsSettings: { notifyThrough: 'push', notifyIf: 'all' } },
        ],
      },
    ]);
    const path = `/v2/workspaces/${uid}/orgs/org1/notifications`;
    const stream = openStream(urlOf(service), `${path}/stream`, person, config.platform.internalSigningSecret);
    expect((await stream.ready).headers['content-type']).toContain('text/event-stream');

    const event = await emit('conversation.human-requested', uid, { agentId, conversationId: 'conv1', channel: 'web', text: 'Can I talk to a human?' });
    const pushed = await waitFor(async () => stream.events[0], 30_000);
    stream.close();
    expect(pushed.event).toBe('notification');
    expect(pushed.data).toMatchObject({ title: NOTIFICATION_MESSAGES.humanRequestedTitle, body: 'Can I talk to a human?', notificationLevel: 2, seen: false, urlPathname: `/convos?agentId=${agentId}&conversationId=conv1` });

    const listed = (await as(person).get(path).expect(200)).body.notifications as StoredNotification[];
    expect(listed).toEqual([pushed.data]);
    const mail = await nthMailTo(mailClient, 1);
    expect(mail.subject).toBe(NOTIFICATION_MESSAGES.humanRequestedTitle);
    expect(await mailsTo(pushClient)).toEqual([]);

    // Redelivered: nothing new stored or sent.
    const { topic, key } = eventRoute(event);
    await producer.send({ topic, messages: [{ key, value: JSON.stringify(event) }] });
    await emit('conversation.human-requested', uid, { agentId, conversationId: 'conv2', channel: 'web', text: 'A real person please' });
    await waitFor(async () => ((await as(person).get(path).expect(200)).body.notifications.length === 2 ? true : undefined), 30_000);
    expect((await nthMailTo(mailClient, 2)).subject).toBe(NOTIFICATION_MESSAGES.humanRequestedTitle);
    expect(await mailsTo(mailClient)).toHaveLength(2);

    const id = pushed.data.ID;
    await as(person).post(`${path}/${id}/seen`).expect(200, { success: true });
    expect((await as(person).get(path).expect(200)).body.notifications.find((n: StoredNotification) => n.ID === id).seen).toBe(true);
    await as(person).delete(`${path}/${id}`).expect(200, { success: true });
    await as(person).delete(`${path}/${id}`).expect(404, { success: false, message: NOTIFICATION_MESSAGES.notificationNotFound });
    await as(person).delete(path).expect(200, { success: true, deleted: 1 });
    expect((await as(person).get(path).expect(200)).body.notifications).toEqual([]);
  }, 90_000);

  it('keeps each workspace to its own organisations: strangers are refused, another workspace sees and clears nothing', async () => {
    const owner = await tenant();
    const other = await tenant();
    const agentId = uniqueName('agent').replace(/_/g, '');
    organizations.byAgentId.set(agentId, [{ ID: 'orgA', workspaceId: owner.uid, clients: [] }]);
    await emit('conversation.human-requested', owner.uid, { agentId, conversationId: 'c', channel: 'web', text: 'talk to a human' });
    const path = `/v2/workspaces/${owner.uid}/orgs/orgA/notifications`;
    const [stored] = await waitFor(async () => {
      const list = (await as(owner.person).get(path).expect(200)).body.notifications as StoredNotification[];
      return list.length ? list : undefined;
    }, 30_000);

    for (const call of [as(anonymous).get(path), as(anonymous).delete(path)]) await call.expect(401);
    for (const call of [as(other.person).get(path), as(other.person).get(`${path}/stream`), as(other.person).delete(path), as(other.person).delete(`${path}/${stored!.ID}`), as(other.person).post(`${path}/${stored!.ID}/seen`)]) {
      await call.expect(403);
    }
    await as({ kind: 'workspace', workspaceId: other.uid, region: 'eu' }).get(path).expect(403);
    await as({ kind: 'agent', agentId, region: 'eu' }).get(path).expect(403);
    // Through their own workspace, the other tenant names orgA in vain.
    const theirs = `/v2/workspaces/${other.uid}/orgs/orgA/notifications`;
    expect((await as(other.person).get(theirs).expect(200)).body.notifications).toEqual([]);
    await as(other.person).delete(`${theirs}/${stored!.ID}`).expect(404);
    await as(other.person).delete(theirs).expect(200, { success: true, deleted: 0 });
    // The owner's workspace secret reads them too.
    expect((await as({ kind: 'workspace', workspaceId: owner.uid, region: 'eu' }).get(path).expect(200)).body.notifications).toHaveLength(1);
    await as(owner.person).get(`/v2/workspaces/${owner.uid}/orgs/bad$id/notifications`).expect(400);

    // Agency clients reach their own organisation only, through /v2/client/notifications.
    const client = (orgId: string, workspaceId: string) => clientIdentity({ clientId: 'c1', orgId, agencyId: 'agency1', workspaceId });
    expect((await as(client('orgA', owner.uid)).get('/v2/client/notifications').expect(200)).body.notifications.map((n: StoredNotification) => n.ID)).toEqual([stored!.ID]);
    expect((await as(client('orgB', owner.uid)).get('/v2/client/notifications').expect(200)).body.notifications).toEqual([]);
    expect((await as(client('orgA', other.uid)).get('/v2/client/notifications').expect(200)).body.notifications).toEqual([]);
    await as(client('orgB', owner.uid)).delete(`/v2/client/notifications/${stored!.ID}`).expect(404);
    await as(client('orgB', owner.uid)).delete('/v2/client/notifications').expect(200, { success: true, deleted: 0 });
    await as(client('orgA', owner.uid)).get(path).expect(403);
    await as(owner.person).get('/v2/client/notifications').expect(403);
    await as(anonymous).get('/v2/client/notifications').expect(401);
    await as(client('orgA', owner.uid)).post(`/v2/client/notifications/${stored!.ID}/seen`).expect(200, { success: true });
    await as(client('orgA', owner.uid)).delete(`/v2/client/notifications/${stored!.ID}`).expect(200, { success: true });
    expect((await as(owner.person).get(path).expect(200)).body.notifications).toEqual([]);
  }, 60_000);

  it('posts a subscribed event to the endpoint signed with the workspace secret, retries with the same id until it is accepted', async () => {
    const { person, uid, secret } = await tenant();
    const received: Array<{ headers: IncomingMessage['headers']; body: string; at: number }> = [];
    const endpoint = await listen(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push({ headers: req.headers, body, at: Date.now() });
          res.writeHead(received.length < 3 ? 500 : 204).end();
        });
      }),
    );
    try {
      await setEndpoint(uid, `${urlOf(endpoint)}/hooks`, ['agent.created']);
      await emit('workspace.member-joined', uid, { uid, email: 'friend@example.com' }); // not subscribed
      const event = await emit('new-agent', uid, { agent: { ID: 'agent1', title: 'Helper' } });
      await waitFor(async () => (received.length >= 3 ? true : undefined), 30_000);
      const deliveries = await waitFor(async () => {
        const list = (await as(person).get(`/v2/workspaces/${uid}/events/deliveries`).expect(200)).body.deliveries;
        return list[0]?.status === 'delivered' ? list : undefined;
      }, 15_000);
      expect(deliveries).toEqual([expect.objectContaining({ id: event.id, type: 'agent.created', status: 'delivered', attempts: 3, lastStatus: 204 })]);
      expect(received).toHaveLength(3);
      for (const attempt of received) {
        expect(attempt.headers[EVENT_ID_HEADER]).toBe(event.id);
        expect(verifySignatureHeader(attempt.headers[EVENT_SIGNATURE_HEADER] as string, secret, attempt.body, Date.now())).toBe(true);
        expect(JSON.parse(attempt.body)).toEqual({ type: 'agent.created', payload: { agent: { ID: 'agent1', title: 'Helper' }, createdAt: event.occurredAt, workspaceSecret: secret } });
      }
      // Backoff: the third attempt waited about four times longer than the second.
      expect(received[2]!.at - received[1]!.at).toBeGreaterThanOrEqual(350);
    } finally {
      await close(endpoint);
    }
  }, 60_000);

  it("e-mails the workspace's members when a delivery finally fails; the test event is refused without an endpoint", async () => {
    const { person, uid } = await tenant();
    await as(person).post(`/v2/workspaces/${uid}/events/test`).expect(400, { success: false, message: NOTIFICATION_MESSAGES.noEndpoint });
    let attempts = 0;
    const endpoint = await listen(createServer((_req, res) => void (attempts += 1, res.writeHead(503).end())));
    try {
      await setEndpoint(uid, `${urlOf(endpoint)}/down`, []);
      await as(person).post(`/v2/workspaces/${uid}/events/test`).expect(200, { success: true, message: NOTIFICATION_MESSAGES.testEventQueued });
      const notice = await nthMailTo(person.email, 1);
      expect(notice.subject).toBe(NOTIFICATION_MESSAGES.endpointFailedSubject);
      expect(notice.html).toContain(`${urlOf(endpoint)}/down`);
      expect(attempts).toBe(3);
      const [delivery] = (await as(person).get(`/v2/workspaces/${uid}/events/deliveries`).expect(200)).body.deliveries;
      expect(delivery).toMatchObject({ type: 'test', status: 'failed', attempts: 3, lastStatus: 503, lastError: 'The endpoint answered 503' });
    } finally {
      await close(endpoint);
    }
  }, 60_000);
  it("the logs API keeps a workspace's log line; withEmail its members get it; nobody else writes it", async () => {
    const { person, uid } = await tenant();
    const other = await tenant();
    const line = { userId: uid, agentId: 'AGENTAAAAAAAAAAA', type: 'handoff', content: 'Sam <b>asked</b> for a person', channel: 'widget', metadata: { conversationId: 'c1' }, withEmail: true };
    const { id } = (await as(person).post(`/workspace/${uid}/logs`, line).expect(200)).body;
    expect(await mongo.collection('eu', 'workspace_logs').findOne({ _id: id } as never)).toMatchObject({ workspaceId: uid, type: 'handoff', channel: 'widget', metadata: { conversationId: 'c1' } });
    const mail = await nthMailTo(person.email, 1);
    expect(mail.subject).toBe(NOTIFICATION_MESSAGES.logEmailSubject('handoff'));
    expect(mail.html).toContain('Sam &#60;b&#62;asked&#60;/b&#62; for a person');
    await as(other.person).post(`/workspace/${uid}/logs`, line).expect(403);
    await as(person).post(`/workspace/${uid}/logs`, { ...line, userId: other.uid }).expect(400, { success: false, message: NOTIFICATION_MESSAGES.logUserMismatch });
    await as(person).post(`/workspace/${uid}/logs`, { userId: uid }).expect(400);
    expect(await mongo.collection('eu', 'workspace_logs').countDocuments({ workspaceId: uid } as never)).toBe(1);
  });
});
