import { TOPICS, validateEvent, type EventEnvelope } from '@platform/contracts';
import { COLLECTION } from '../src/store/collections';
import { readTopicWithKcat, testRelay, waitFor } from '@platform/test-support';
import { startHarness, type Harness } from './support/harness';
import { createWorkspace, inviteByMail, someone } from './support/people';

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
