import { WORKSPACE_DEFAULTS, workspaceSchema } from '@platform/contracts';
import { needsOnboarding, personalWorkspace, saveChanges, switcherWorkspace, tombstoneUnset, workspaceSummary, workspaceView } from '../src/domain/workspace-record';

const owner = { userId: 'U123456789abcde', email: 'ann@x.co' };
const nowMs = 1_750_000_000_123;

describe('workspace records', () => {
  it('gives the home Personal workspace the free credits and new-user flags', () => {
    const home = personalWorkspace({ owner, region: 'eu', isHome: true, workspaceName: 'PersonalAb3x9', workspaceSecret: 'vg_ABCDEFGHIJKLMNOPQRST', nowMs, ref: 'r1', utm_source: 'ads' });
    expect(home).toMatchObject({
      _id: owner.userId,
      uid: owner.userId,
      ownerUserId: owner.userId,
      joinedAt: 1_750_000_000,
      loadTokens: WORKSPACE_DEFAULTS.newUserFreeLoadTokens,
      workspaceEmails: ['ann@x.co'],
      referredFrom: 'r1',
      internal: { isNewUser: true, isAgentOnboardingDone: false, utm_source: 'ads' },
    });
    const other = personalWorkspace({ owner, region: 'na', isHome: false, workspaceName: 'PersonalAb3x9', workspaceSecret: 'vg_ABCDEFGHIJKLMNOPQRSU', nowMs, ref: 'r1' });
    expect(other).toMatchObject({ loadTokens: 0, freeLTsTS: WORKSPACE_DEFAULTS.freeLTsTS, internal: { isNewUser: false } });
    expect(other.referredFrom).toBeUndefined();
    expect(workspaceSchema.validate(workspaceView(home)).error).toBeUndefined();
  });

  it('makes switcher workspaces with no credits and the creator as only member', () => {
    const record = switcherWorkspace({ uid: 'abcdefghijklmno', creator: owner, region: 'na', workspaceName: 'Team', workspaceSecret: 'vg_ABCDEFGHIJKLMNOPQRST', nowMs });
    expect(record).toMatchObject({ loadTokens: 0, freeLTsTS: 99999999999999, workspaceEmails: ['ann@x.co'], ownerUserId: owner.userId, region: 'na' });
    expect(workspaceSchema.validate(workspaceView(record)).error).toBeUndefined();
  });

  it('hides storage internals from the API view and the secret from non-members', () => {
    const record = { ...switcherWorkspace({ uid: 'abcdefghijklmno', creator: owner, region: 'eu', workspaceName: 'Team', workspaceSecret: 'vg_ABCDEFGHIJKLMNOPQRST', nowMs }), _outbox: [] };
    expect(Object.keys(workspaceView(record))).not.toEqual(expect.arrayContaining(['_id', '_outbox', 'ownerUserId']));
    expect(workspaceSummary(record, owner)).toEqual({ uid: 'abcdefghijklmno', region: 'eu', workspaceName: 'Team', isOwn: false, secret: 'vg_ABCDEFGHIJKLMNOPQRST' });
    expect(workspaceSummary(record, { userId: 'x', email: 'x@x.co' }).secret).toBeUndefined();
  });

  it('needs onboarding until an own workspace finished it', () => {
    const eu = personalWorkspace({ owner, region: 'eu', isHome: true, workspaceName: 'P', workspaceSecret: 's', nowMs });
    const na = personalWorkspace({ owner, region: 'na', isHome: false, workspaceName: 'P', workspaceSecret: 't', nowMs });
    expect(needsOnboarding([eu, na], owner.userId)).toBe(true);
    const done = { ...na, internal: { isAgentOnboardingDone: true } };
    expect(needsOnboarding([eu, done], owner.userId)).toBe(false);
    const someoneElses = { ...done, uid: 'other' };
    expect(needsOnboarding([eu, someoneElses], owner.userId)).toBe(true);
  });

  it('saves internal flags one by one so other internal fields survive', () => {
    expect(saveChanges({ workspaceName: 'New', internal: { isAgentOnboardingDone: true, isNewUser: false } })).toEqual({
      set: { workspaceName: 'New', 'internal.isAgentOnboardingDone': true, 'internal.isNewUser': false },
      changedFields: ['workspaceName', 'internal.isAgentOnboardingDone', 'internal.isNewUser'],
    });
    expect(saveChanges({ workspaceName: 'N', internal: { events: { endpoint: 'https://h.example.com', subscribedEvents: ['a'] } } }).set).toEqual({
      workspaceName: 'N',
      'internal.events': { endpoint: 'https://h.example.com', subscribedEvents: ['a'] },
    });
  });

  it('tombstones strip every field but identity and pending events', () => {
    const record = { ...switcherWorkspace({ uid: 'abcdefghijklmno', creator: owner, region: 'eu', workspaceName: 'Team', workspaceSecret: 'vg_S', nowMs }), custom: 1 };
    const unset = Object.keys(tombstoneUnset(record as never));
    expect(unset).toEqual(expect.arrayContaining(['workspaceSecret', 'workspaceEmails', 'email', 'ownerUserId', 'internal', 'custom', 'displayName', 'stripeConnect']));
    expect(unset).not.toEqual(expect.arrayContaining(['_id']));
    for (const kept of ['_id', 'uid', 'region', '_outbox', '_outboxAt', '_outboxLease']) expect(unset).not.toContain(kept);
  });
});
