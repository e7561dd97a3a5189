import type { Identity } from '@platform/kit';
import { COLLECTION } from '../src/store/collections';
import { anonymous, snapshot, startHarness, workspaceIdentity, type Harness } from './support/harness';
import { createWorkspace, inviteByMail, someone, uniqueEmail } from './support/people';

type Operation = 'read' | 'write' | 'delete' | 'invite';
type Caller = 'user A (creator)' | 'user B (other user)' | 'member' | 'non-member secret' | 'own secret' | 'anonymous';

/** Expected status of every (caller × operation) on a workspace user A created and a member joined. */
const MATRIX: Record<Caller, Record<Operation, number>> = {
  'user A (creator)': { read: 200, write: 200, delete: 200, invite: 200 },
  'user B (other user)': { read: 403, write: 403, delete: 403, invite: 403 },
  member: { read: 200, write: 200, delete: 403, invite: 200 },
  'non-member secret': { read: 403, write: 403, delete: 403, invite: 403 },
  'own secret': { read: 200, write: 200, delete: 403, invite: 200 },
  anonymous: { read: 401, write: 401, delete: 401, invite: 401 },
};

const cells = (Object.keys(MATRIX) as Caller[]).flatMap((caller) =>
  (Object.keys(MATRIX[caller]) as Operation[]).map((operation) => [caller, operation, MATRIX[caller][operation]] as const),
);

describe('authorisation matrix', () => {
  let h: Harness;
  const userB = someone('userb');
  let workspaceOfB: { uid: string };

  beforeAll(async () => {
    h = await startHarness({ invitations: { maxPerWorkspace: 1000 } });
    workspaceOfB = await createWorkspace(h, userB, 'eu', 'B space');
  });
  afterAll(() => h.close());

  /** A fresh workspace of user A with one member, and room for more. */
  async function arrange() {
    const userA = someone('usera');
    const member = someone('member');
    const ws = await createWorkspace(h, userA, 'eu', 'A space');
    await h.mongo.collection('eu', COLLECTION.workspaces).updateOne({ _id: ws.uid } as never, {
      $set: { 'internal.customPlan': { userId: userA.userId, billingCycle: 'monthly', limits: { workspaceSeats: 10 } } },
    });
    const { path } = await inviteByMail(h, userA, ws.uid, member.email);
    await h.as(member).post(path, { email: member.email }).expect(200);
    const callers: Record<Caller, Identity> = {
      'user A (creator)': userA,
      'user B (other user)': userB,
      member,
      'non-member secret': workspaceIdentity(workspaceOfB.uid),
      'own secret': workspaceIdentity(ws.uid),
      anonymous,
    };
    return { ws, callers };
  }

  const perform = (h: Harness, identity: Identity, uid: string, operation: Operation) => {
    const as = h.as(identity);
    switch (operation) {
      case 'read':
        return as.get(`/v2/workspaces/${uid}`);
      case 'write':
        return as.post(`/v2/workspaces/${uid}`, { workspaceName: 'Changed by caller' });
      case 'delete':
        return as.delete(`/v2/workspaces/${uid}`, { confirmation: 'THIS ACTION CANNOT BE UNDONE' });
      case 'invite':
        return as.post(`/v2/workspaces/${uid}/email`, { to: uniqueEmail('guest') });
    }
  };

  it.each(cells)('%s → %s: %d', async (caller, operation, expected) => {
    const { ws, callers } = await arrange();
    const before = await snapshot(h.mongo);
    const res = await perform(h, callers[caller], ws.uid, operation);
    expect(res.status).toBe(expected);
    if (expected !== 200) {
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
      expect(await snapshot(h.mongo)).toEqual(before);
      return;
    }
    const stored = await h.mongo.collection('eu', COLLECTION.workspaces).findOne({ _id: ws.uid } as never);
    if (operation === 'read') expect(res.body.data).toMatchObject({ uid: ws.uid, workspaceSecret: ws.workspaceSecret });
    if (operation === 'write') expect(stored).toMatchObject({ workspaceName: 'Changed by caller' });
    if (operation === 'delete') expect(stored).toMatchObject({ deletedAt: expect.any(Date) });
    if (operation === 'invite') expect(await h.mongo.collection('eu', COLLECTION.invitations).countDocuments({ uid: ws.uid })).toBe(2);
  });
});
