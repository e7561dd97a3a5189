import { TOPICS, validateEvent, type EventEnvelope } from '@platform/contracts';
import { COLLECTION } from '../src/store/collections';
import { readTopicWithKcat, testRelay, waitFor } from '@platform/test-support';
import { gateway, startHarness, type Harness } from './support/harness';
import { createWorkspace, inviteByMail, signInWithCode, someone, uniqueEmail } from './support/people';

describe('workspace events reach Kafka through the outbox', () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof testRelay>>;

  beforeAll(async () => {
    relay = await testRelay([COLLECTION.workspaces]);
    h = await startHarness({}, { eventsWritten: relay.nudge });
    relay.start(h.mongo);
  });
  afterAll(async () => {
    await relay.stop();
    await h.close();
  });

  it('publishes created, member-joined, updated and deleted in order, keyed by the workspace', async () => {
    const ann = someone('ann');
    const bob = someone('bob');
    const ws = await createWorkspace(h, ann, 'na');
    const { path } = await inviteByMail(h, ann, ws.uid, bob.email, 'na');
    await h.as(bob, 'na').post(path, { email: bob.email }).expect(200);
    await h.as(ann, 'na').post(`/v2/workspaces/${ws.uid}`, { workspaceName: 'Renamed' }).expect(200);
    await h.as(ann, 'na').delete(`/v2/workspaces/${ws.uid}`, { confirmation: 'THIS ACTION CANNOT BE UNDONE' }).expect(200);

    const events = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.workspaceEvents.name)).filter((record) => record.key === ws.uid);
      return mine.length >= 4 ? mine.map((record) => JSON.parse(record.value) as EventEnvelope) : undefined;
    }, 60_000, 500);
    expect(events.map((e) => e.type)).toEqual(['workspace.created', 'workspace.member-joined', 'workspace.updated', 'workspace.deleted']);
    for (const event of events) {
      expect(validateEvent(event).error).toBeUndefined();
      expect(event).toMatchObject({ region: 'na', workspaceId: ws.uid });
    }
    expect(events[1]!.data).toEqual({ uid: ws.uid, email: bob.email });
    expect(events[2]!.data).toEqual({ uid: ws.uid, changedFields: ['workspaceName'] });
    await waitFor(async () => (await h.mongo.collection('na', COLLECTION.workspaces).countDocuments({ _id: ws.uid, _outboxAt: { $exists: true } } as never)) === 0);
  });
});

describe('revocations reach Kafka through the outbox, written with the change', () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof testRelay>>;

  beforeAll(async () => {
    relay = await testRelay([COLLECTION.workspaces, COLLECTION.accounts, COLLECTION.sessions]);
    h = await startHarness({}, { eventsWritten: relay.nudge });
    relay.start(h.mongo);
  });
  afterAll(async () => {
    await relay.stop();
    await h.close();
  });

  const revocationsKeyed = (key: string, count: number) =>
    waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.credentialRevocations.name)).filter((record) => record.key === key);
      return mine.length >= count ? mine.map((record) => JSON.parse(record.value) as EventEnvelope) : undefined;
    }, 60_000, 500);

  it('a new password revokes the other sessions, a sign-out its own, keyed by the user', async () => {
    const email = uniqueEmail('revoke');
    const laptop = await signInWithCode(h, email);
    const phone = await signInWithCode(h, email);
    await h.as(laptop.identity).post('/v2/auth/password', { password: 'a new password' }).expect(200);
    await h.as(laptop.identity).post('/v2/auth/logout').expect(200);
    // A second sign-out of the same session changes nothing and revokes nothing again.
    await h.as(laptop.identity).post('/v2/auth/logout').expect(200);

    const events = await revocationsKeyed(laptop.userId, 2);
    expect(events.map((e) => e.type)).toEqual(['credentials.user-sessions-ended', 'credentials.session-ended']);
    for (const event of events) expect(validateEvent(event).error).toBeUndefined();
    expect(events[0]).toMatchObject({ region: h.config.accountsRegion, data: { userId: laptop.userId, exceptSessionId: laptop.identity.sessionId } });
    expect(events[1]!.data).toEqual({ userId: laptop.userId, sessionId: laptop.identity.sessionId });
    // When the events are out, the service already refuses both sessions.
    for (const token of [laptop.token, phone.token]) await h.as(gateway).post('/internal/credentials/verify', { credential: token }).expect(404);
    await waitFor(async () => (await h.mongo.collection(h.config.accountsRegion, COLLECTION.sessions).countDocuments({ _outboxAt: { $exists: true } } as never)) === 0);
    expect((await revocationsKeyed(laptop.userId, 2)).length).toBe(2);
  });

  it('a rotated workspace secret is revoked by workspace id, without the secret', async () => {
    const owner = someone('rotator');
    const ws = await createWorkspace(h, owner, 'na');
    const rotated = await h.as(owner, 'na').post(`/v2/workspaces/${ws.uid}/secret`, {}).expect(200);

    const [event] = await revocationsKeyed(ws.uid, 1);
    expect(event).toMatchObject({ type: 'credentials.workspace-secret-rotated', region: 'na', workspaceId: ws.uid, data: { uid: ws.uid } });
    expect(validateEvent(event).error).toBeUndefined();
    const text = JSON.stringify(event);
    expect(text).not.toContain(ws.workspaceSecret);
    expect(text).not.toContain(rotated.body.data.workspaceSecret);
  });
});
