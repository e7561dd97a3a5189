import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// web-push's own RFC 8291 implementation, used here from the receiving side: the browser's.
import { decrypt } from 'http_ece';
import { COLLECTIONS, NOTIFICATION_MESSAGES, makeEvent, newDocumentId, type EventEnvelope, type WebPushSubscription } from '@platform/contracts';
import type { Identity } from '@platform/kit';
import { anonymous, logger, mailsTo, signedCaller, uniqueEmail, waitFor } from '@platform/test-support';
import { agencyWithOrganization, signInClient, startHarness, type Harness } from '../../agency-domain/test/support/harness';
import { assemble, buildApp } from '../src/app';
import { loadConfig, vapidKeys, type NotificationConfig } from '../src/config';
import { handlePlatformEvent } from '../src/events/platform-events';
import { INDEXES } from '../src/store/collections';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { start: startWebPushSandbox } = require('../../../infra/sandboxes/web-push/server.js');

/** A browser's side of a push subscription: its P-256 key pair and auth secret, and the endpoint the push service handed out. */
interface Browser {
  keys: ECDH;
  authSecret: Buffer;
  subscription: WebPushSubscription;
  id: string;
}

interface SandboxMessage {
  body: string;
  ttl: number;
  urgency?: string;
}

/**
 * Web Push end to end (ADR 0032): clients register a subscription through agency-domain's client
 * route, a notification created from its event is encrypted and sent with a VAPID JWT to the
 * push-service sandbox (which verifies it like a real one), and only the subscriber's private key reads it.
 */
describe('browser push messages of organisation notifications', () => {
  let h: Harness;
  let agency: Server;
  let sandbox: { server: Server; url: string };
  let config: NotificationConfig;
  let assembled: ReturnType<typeof assemble>;
  let org: Awaited<ReturnType<typeof agencyWithOrganization>>;
  const agentId = newDocumentId();
  const password = 'Dashboard-pass-123';

  const subscribe = async (applicationServerKey: string): Promise<Browser> => {
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const authSecret = randomBytes(16);
    const res = await fetch(`${sandbox.url}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) });
    const { endpoint } = (await res.json()) as { endpoint: string };
    return { keys, authSecret, id: endpoint.split('/').pop()!, subscription: { endpoint, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } } };
  };
  const messagesOf = async (browser: Browser): Promise<SandboxMessage[]> => (await fetch(`${sandbox.url}/sandbox/push/${browser.id}/messages`)).json() as Promise<SandboxMessage[]>;
  const read = (browser: Browser, message: SandboxMessage) =>
    JSON.parse(decrypt(Buffer.from(message.body, 'base64url'), { version: 'aes128gcm', privateKey: browser.keys, authSecret: browser.authSecret }).toString('utf8'));

  /** A client of the organisation, signed in, with these notification settings. */
  const client = async (name: string, notificationsSettings: object, orgId = org.org.ID) => {
    const email = uniqueEmail(name);
    const saved = await h.as(org.person).post(`/v2/workspaces/${org.uid}/clients`, { orgId, name, email, dashboardPassword: password, notificationsSettings }).expect(200);
    const { identity } = await signInClient(h, email, password, org.agency.ID);
    return { ID: saved.body.client.ID as string, email, identity };
  };
  const register = (identity: Identity, browser: Browser) => h.as(identity).post('/v2/client/me/push-token', { subscription: browser.subscription }).expect(200);
  const storedToken = async (clientId: string) => (await h.mongo.collection('eu', COLLECTIONS.clients).findOne({ _id: clientId } as never))?.FB_PUSH_TOKEN;
  const humanRequested = (text: string) =>
    handlePlatformEvent(makeEvent('conversation.human-requested', { region: 'eu', workspaceId: org.uid, data: { agentId, conversationId: newDocumentId(), channel: 'web', text } }) as EventEnvelope, assembled.notifications, assembled.deliveries);

  beforeAll(async () => {
    h = await startHarness();
    agency = await new Promise<Server>((resolve) => {
      const server = h.app.listen(0, '127.0.0.1', () => resolve(server));
    });
    sandbox = await startWebPushSandbox(0, '127.0.0.1');
    org = await agencyWithOrganization(h, 'eu', 'push');
    await h.as({ kind: 'gateway' }).post(`/internal/organizations/${org.org.ID}/agents`, { agentId }).expect(200);
    await h.mongo.ensureIndexes(INDEXES);
    const base = loadConfig();
    config = {
      ...base,
      agencyServiceUrl: `http://127.0.0.1:${(agency.address() as AddressInfo).port}`,
      outbound: { ...base.outbound, allowLoopback: true },
      vapid: vapidKeys('', `test-seed-${randomBytes(8).toString('hex')}`, 'mailto:push@example.com'),
    };
    assembled = assemble({ config, mongo: h.mongo, logger, workspaces: { isMember: async () => false, eventsTarget: async () => null } });
  }, 60_000);

  afterAll(async () => {
    await assembled?.mailer.close();
    for (const server of [agency, sandbox?.server]) if (server) await new Promise((resolve) => server.close(resolve));
    await h?.close();
  });

  it('serves the VAPID public key to signed-in clients only', async () => {
    const as = signedCaller(buildApp({ config, mongo: h.mongo, logger }, assembled), config.platform.internalSigningSecret);
    const someone = await client('keyreader', {});
    const res = await as(someone.identity).get('/v2/client/notifications/push-key').expect(200);
    expect(res.body.publicKey).toBe(config.vapid!.publicKey);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
    await as(anonymous).get('/v2/client/notifications/push-key').expect(401);
  });

  it("pushes a level-2 request to a subscribed client, encrypted for its keys only, and not to an e-mail-only client's or another organisation's subscription", async () => {
    const pusher = await client('pusher', { notifyThrough: 'push', notifyIf: 'all' });
    const mailOnly = await client('mailonly', { notifyThrough: 'email', notifyIf: 'all' });
    const otherOrg = (await h.as(org.person).post(`/v2/workspaces/${org.uid}/orgs`, { name: 'Other' }).expect(201)).body.organization as { ID: string };
    const stranger = await client('stranger', { notifyThrough: 'all', notifyIf: 'all' }, otherOrg.ID);
    const browsers = { pusher: await subscribe(config.vapid!.publicKey), mailOnly: await subscribe(config.vapid!.publicKey), stranger: await subscribe(config.vapid!.publicKey) };
    await register(pusher.identity, browsers.pusher);
    await register(mailOnly.identity, browsers.mailOnly);
    await register(stranger.identity, browsers.stranger);
    // The token is the client's own: no client answer shows it.
    const session = await h.as(pusher.identity).get('/v2/client/me').expect(200);
    expect(JSON.stringify(session.body)).not.toContain(browsers.pusher.subscription.endpoint);

    await humanRequested('Can I talk to a human?');
    const [message] = await waitFor(async () => {
      const received = await messagesOf(browsers.pusher);
      return received.length ? received : undefined;
    }, 15_000, 100);
    expect(message).toMatchObject({ urgency: 'high', ttl: 86_400 });
    const shown = read(browsers.pusher, message!);
    expect(shown).toMatchObject({ title: NOTIFICATION_MESSAGES.humanRequestedTitle, body: 'Can I talk to a human?', notificationLevel: 2, region: 'eu', urlPathname: expect.stringMatching(new RegExp(`^/convos\\?agentId=${agentId}&conversationId=`)) });
    // Another key cannot read it (RFC 8291: encrypted for the subscription's p256dh and auth).
    expect(() => read(browsers.mailOnly, message!)).toThrow();

    await waitFor(async () => ((await mailsTo(mailOnly.email)).length ? true : undefined), 15_000, 100);
    expect(await mailsTo(pusher.email)).toEqual([]);
    expect(await messagesOf(browsers.mailOnly)).toEqual([]);
    expect(await messagesOf(browsers.stranger)).toEqual([]);
  }, 60_000);

  it('keeps a level-1 notification from a requestsOnly client and drops the token of a subscription the push service says is gone', async () => {
    const quiet = await client('quiet', { notifyThrough: 'all', notifyIf: 'requestsOnly' });
    const leaving = await client('leaving', { notifyThrough: 'all', notifyIf: 'all' });
    const browsers = { quiet: await subscribe(config.vapid!.publicKey), leaving: await subscribe(config.vapid!.publicKey) };
    await register(quiet.identity, browsers.quiet);
    await register(leaving.identity, browsers.leaving);

    await assembled.notifications.creditsLow('eu', newDocumentId(), org.uid, { orgId: org.org.ID, balance: 120, threshold: 300 });
    const [level1] = await waitFor(async () => {
      const received = await messagesOf(browsers.leaving);
      return received.length ? received : undefined;
    }, 15_000, 100);
    expect(read(browsers.leaving, level1!)).toMatchObject({ title: NOTIFICATION_MESSAGES.creditsLowTitle, body: NOTIFICATION_MESSAGES.creditsLowBody(120), notificationLevel: 1, urlPathname: '/' });
    expect(await messagesOf(browsers.quiet)).toEqual([]);

    await fetch(`${sandbox.url}/sandbox/push/${browsers.leaving.id}/gone`, { method: 'POST' });
    expect(await storedToken(leaving.ID)).toBeDefined();
    await humanRequested('Anyone there?');
    await waitFor(async () => ((await storedToken(leaving.ID)) === undefined ? true : undefined), 15_000, 100);
    // The other subscriber still has its token and got the request.
    expect(await storedToken(quiet.ID)).toBeDefined();
    expect(await messagesOf(browsers.quiet)).toHaveLength(1);
  }, 60_000);

  it('turning the switch off removes the token: nothing is pushed any more', async () => {
    const switcher = await client('switcher', { notifyThrough: 'push', notifyIf: 'all' });
    const browser = await subscribe(config.vapid!.publicKey);
    await register(switcher.identity, browser);
    await h.as(switcher.identity).delete('/v2/client/me/push-token').expect(200);
    expect(await storedToken(switcher.ID)).toBeUndefined();
    await humanRequested('Hello?');
    const watcher = await client('watcher', { notifyThrough: 'push', notifyIf: 'all' });
    const watched = await subscribe(config.vapid!.publicKey);
    await register(watcher.identity, watched);
    await humanRequested('Hello again?');
    await waitFor(async () => ((await messagesOf(watched)).length ? true : undefined), 15_000, 100);
    expect(await messagesOf(browser)).toEqual([]);
  }, 60_000);

  it('refuses a subscription that is not one', async () => {
    const someone = await client('badsub', {});
    const res = await h.as(someone.identity).post('/v2/client/me/push-token', { subscription: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } } }).expect(400);
    expect(res.body.success).toBe(false);
    await h.as(anonymous).post('/v2/client/me/push-token', { subscription: (await subscribe('k')).subscription }).expect(401);
  });
});
