import type { Identity } from '@platform/kit';
import { authorize, isMember, type WorkspaceAction } from '../src/domain/access';
import { SERVICE_MESSAGES } from '../src/domain/messages';

const team = { uid: 'team', region: 'eu' as const, email: 'a@x.co', ownerUserId: 'userA', workspaceEmails: ['a@x.co', 'm@x.co'] };
const personalOfA = { ...team, uid: 'userA', workspaceEmails: ['a@x.co'] };

const owner: Identity = { kind: 'user', userId: 'userA', email: 'a@x.co' };
const member: Identity = { kind: 'user', userId: 'userM', email: 'M@X.co' };
const stranger: Identity = { kind: 'user', userId: 'userB', email: 'b@x.co' };
const ownSecret: Identity = { kind: 'workspace', workspaceId: 'team', region: 'eu' };
const otherSecret: Identity = { kind: 'workspace', workspaceId: 'other', region: 'eu' };
const sameUidOtherRegion: Identity = { kind: 'workspace', workspaceId: 'team', region: 'na' };
const anonymous: Identity = { kind: 'anonymous' };
const agency: Identity = { kind: 'agency', agencyId: 'ag1' };

const ACTIONS: WorkspaceAction[] = ['read', 'write', 'invite', 'remove-member', 'delete'];
const outcome = (identity: Identity, action: WorkspaceAction, workspace = team) => {
  const decision = authorize(identity, workspace, action);
  return decision.allowed ? 'allowed' : decision.status;
};

describe('workspace access', () => {
  it.each(ACTIONS)('%s: members and the own secret in, everyone else out', (action) => {
    expect(outcome(member, action)).toBe(action === 'delete' ? 403 : 'allowed');
    expect(outcome(ownSecret, action)).toBe(action === 'delete' ? 403 : 'allowed');
    expect(outcome(owner, action)).toBe('allowed');
    expect(outcome(stranger, action)).toBe(403);
    expect(outcome(otherSecret, action)).toBe(403);
    expect(outcome(sameUidOtherRegion, action)).toBe(403);
    expect(outcome(agency, action)).toBe(403);
    expect(outcome(anonymous, action)).toBe(401);
  });

  it('never lets anyone delete a Personal workspace, and says why', () => {
    expect(authorize(owner, personalOfA, 'delete')).toEqual({ allowed: false, status: 403, message: SERVICE_MESSAGES.deletePersonal });
    expect(authorize(member, { ...personalOfA, workspaceEmails: ['a@x.co', 'm@x.co'] }, 'delete')).toEqual({
      allowed: false,
      status: 403,
      message: SERVICE_MESSAGES.deleteOwnerOnly,
    });
  });

  it('names who acts: the user, or the owner behind the secret', () => {
    expect(authorize(member, team, 'invite')).toEqual({ allowed: true, actorEmail: 'M@X.co', actorIsUser: true });
    expect(authorize(ownSecret, team, 'invite')).toEqual({ allowed: true, actorEmail: 'a@x.co', actorIsUser: false });
  });

  it('matches members case-insensitively', () => {
    expect(isMember(team, { userId: 'u', email: ' M@x.CO ' })).toBe(true);
    expect(isMember(team, { userId: 'userA', email: 'changed@x.co' })).toBe(true);
    expect(isMember(team, { userId: 'u', email: 'b@x.co' })).toBe(false);
  });
});
