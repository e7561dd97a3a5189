import request from 'supertest';
import type { Producer } from 'kafkajs';
import { eventRoute, makeEvent, type EventDataMap, type EventType } from '@platform/contracts';
import { createProducer, signSession, type BroadcastConsumer, type Identity } from '@platform/kit';
import { brokers, logger, testKafka, waitFor } from '@platform/test-support';
import { buildGateway, type Gateway } from '../src/app';
import { loadConfig } from '../src/config';
import { startRevocationConsumer } from '../src/events/revocations';
import { JWT_SECRET, closedPortUrl, gatewayEnv, silentLogger, startUpstream, type Upstream } from './helpers/upstream';

const WORKSPACE_SECRET = 'vg_RevokedWorkspace0001';
const AGENT_KEY = 'vg_RevokedAgentKey00001';
const user = (sessionId: string) => ({ kind: 'user', userId: 'u1', email: 'u1@example.com', sessionId }) as const;

type RevocationType = Extract<EventType, `credentials.${string}`>;

interface Replica {
  gateway: Gateway;
  consumer: BroadcastConsumer;
  /** Ids of the revocation events this replica has applied. */
  applied: Set<string>;
}

/**
 * Two gateway replicas with caches far longer than the test (10 min), each with its own
 * revocation consumer on the real Kafka. What one replica handled (sign-out, rotation) the
 * other still has cached as valid, until the service's revocation event arrives.
 */
describe('revocations reach every gateway replica through Kafka', () => {
  const workspaceCredentials: Record<string, Identity> = {};
  const agentCredentials: Record<string, Identity> = {};
  let workspace: Upstream;
  let agent: Upstream;
  let producer: Producer;
  let handling: Replica;
  let other: Replica;

  const sessionToken = (sessionId: string) => {
    const token = signSession(user(sessionId), JWT_SECRET);
    workspaceCredentials[token] = user(sessionId);
    return token;
  };

  /** What the owning service's outbox relay sends. */
  const publish = async <T extends RevocationType>(type: T, data: EventDataMap[T]) => {
    const event = makeEvent(type, { region: 'eu', workspaceId: 'u1', data });
    const { topic, key } = eventRoute(event);
    await producer.send({ topic, messages: [{ key, value: JSON.stringify(event) }] });
    return event.id;
  };

  const replica = (env: Record<string, string>): Replica => {
    const gateway = buildGateway(loadConfig(env), silentLogger);
    const applied = new Set<string>();
    const consumer = startRevocationConsumer({
      brokers,
      logger,
      apply: (event) => {
        applied.add((event as { id: string }).id);
        return gateway.applyRevocation(event);
      },
    });
    return { gateway, consumer, applied };
  };

  beforeAll(async () => {
    workspace = await startUpstream('workspace', { credentials: workspaceCredentials });
    agent = await startUpstream('agent', { credentials: agentCredentials });
    const env = gatewayEnv({
      SERVICE_URL_WORKSPACE: workspace.url,
      SERVICE_URL_AGENT: agent.url,
      SESSION_CACHE_TTL_MS: '600000',
      CREDENTIAL_CACHE_TTL_MS: '600000',
    });
    handling = replica(env);
    other = replica(env);
    producer = createProducer(testKafka());
    await producer.connect();
    // A new consumer group starts at the latest offset once it has joined: send markers until both replicas see one.
    await waitFor(async () => {
      const marker = await publish('credentials.agent-secret-key-rotated', { agentId: 'marker' });
      return waitFor(async () => handling.applied.has(marker) && other.applied.has(marker), 2_000, 50).catch(() => false);
    }, 90_000, 0);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([handling?.consumer.stop(), other?.consumer.stop(), producer?.disconnect()]);
    await Promise.all([workspace.close(), agent.close()]);
  });

  /** The other replica refuses the credential shortly after the event, long before its cache TTL. */
  const refusedSoon = (send: () => request.Test) => waitFor(async () => (await send()).status === 401, 5_000, 50);

  it('refuses a signed-out session on the replica that did not handle the sign-out', async () => {
    const token = sessionToken('signed-out-elsewhere');
    const session = () => request(other.gateway.app).get('/api/workspace/v2/auth/session').set('cookie', `session=${token}`);
    await session().expect(200);
    await request(handling.gateway.app).post('/api/workspace/v2/auth/logout').set('cookie', `session=${token}`).expect(200);
    delete workspaceCredentials[token];
    // Without the event, the other replica would accept it for its cache TTL.
    await session().expect(200);

    await publish('credentials.session-ended', { userId: 'u1', sessionId: 'signed-out-elsewhere' });
    await refusedSoon(session);
  });

  it("refuses the user's other sessions after a new password, and keeps the one that set it", async () => {
    const current = sessionToken('setter');
    const phone = sessionToken('phone');
    const as = (token: string) => () => request(other.gateway.app).get('/api/agent/v2/agents').set('cookie', `session=${token}`);
    await as(current)().expect(200);
    await as(phone)().expect(200);
    await request(handling.gateway.app).post('/api/workspace/v2/auth/password').set('cookie', `session=${current}`).send({ password: 'long enough' }).expect(200);
    delete workspaceCredentials[phone];
    await as(phone)().expect(200);

    await publish('credentials.user-sessions-ended', { userId: 'u1', exceptSessionId: 'setter' });
    await refusedSoon(as(phone));
    await as(current)().expect(200);
  });

  it('refuses a rotated workspace secret on the replica that did not handle the rotation', async () => {
    workspaceCredentials[WORKSPACE_SECRET] = { kind: 'workspace', workspaceId: 'w1', region: 'eu' };
    const read = () => request(other.gateway.app).get('/api/workspace/v2/workspaces/w1').set('authorization', `Bearer ${WORKSPACE_SECRET}`);
    await read().expect(200);
    const rotator = sessionToken('rotator');
    await request(handling.gateway.app).post('/api/eu/workspace/v2/workspaces/w1/secret').set('cookie', `session=${rotator}`).send({}).expect(200);
    delete workspaceCredentials[WORKSPACE_SECRET];
    await read().expect(200);

    await publish('credentials.workspace-secret-rotated', { uid: 'w1' });
    await refusedSoon(read);
  });

  it('refuses a rotated agent secret key on the replica that did not handle the rotation', async () => {
    agentCredentials[AGENT_KEY] = { kind: 'agent', agentId: 'a1', region: 'eu' };
    const read = () => request(other.gateway.app).get('/api/agent/v2/agents/a1').set('authorization', `Bearer ${AGENT_KEY}`);
    await read().expect(200);
    await request(handling.gateway.app).post('/api/agent/v2/agents/a1/secret-key').set('authorization', `Bearer ${AGENT_KEY}`).send({}).expect(200);
    delete agentCredentials[AGENT_KEY];
    await read().expect(200);

    await publish('credentials.agent-secret-key-rotated', { agentId: 'a1' });
    await refusedSoon(read);
  });

  it('starts and serves while Kafka is unreachable', async () => {
    const nowhere = new URL(await closedPortUrl()).host;
    const gateway = buildGateway(loadConfig(gatewayEnv({ SERVICE_URL_WORKSPACE: workspace.url })), silentLogger);
    const consumer = startRevocationConsumer({ brokers: [nowhere], logger, apply: gateway.applyRevocation });
    try {
      const token = sessionToken('kafka-down');
      await request(gateway.app).get('/api/workspace/x').set('cookie', `session=${token}`).expect(200);
      expect(consumer.isJoined).toBe(false);
    } finally {
      await consumer.stop();
    }
  });
});
