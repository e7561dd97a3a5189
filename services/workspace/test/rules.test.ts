import { hashPassword, keyedHash, newLoginCode, sameHash, verifyPassword, DUMMY_PASSWORD_HASH } from '../src/domain/secrets';
import { loginCodeStatus, type LoginCodeRecord } from '../src/domain/login-codes';
import { extraSeats, hasFreeSeat, seatLimit } from '../src/domain/seats';
import { invitationLink, invitationUsable, type InvitationRecord } from '../src/domain/invitations';
import { isPublicHttpUrl } from '../src/domain/events-endpoint';
import { publicUserData } from '../src/domain/public-user';
import { normalizeEmail, sameEmail } from '../src/domain/emails';
import { switcherWorkspace } from '../src/domain/workspace-record';

describe('secrets', () => {
  it('makes 6-digit codes and keyed hashes that compare in constant time', () => {
    for (let i = 0; i < 50; i += 1) expect(newLoginCode()).toMatch(/^[0-9]{6}$/);
    const hash = keyedHash('pepper', 'login-code', 'a@x.co', '123456');
    expect(sameHash(hash, keyedHash('pepper', 'login-code', 'a@x.co', '123456'))).toBe(true);
    expect(sameHash(hash, keyedHash('other pepper', 'login-code', 'a@x.co', '123456'))).toBe(false);
    expect(sameHash(hash, keyedHash('pepper', 'login-code', 'b@x.co', '123456'))).toBe(false);
    expect(sameHash(hash, 'abc')).toBe(false);
  });

  it('hashes passwords with scrypt and a salt', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('wrong horse', first)).toBe(false);
    expect(await verifyPassword('anything', DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('anything', 'md5$whatever')).toBe(false);
  });
});

describe('login code status', () => {
  const now = new Date('2026-01-01T00:10:00Z');
  const code: LoginCodeRecord = { _id: 'c', email: 'a@x.co', codeHash: 'h', createdAt: new Date('2026-01-01T00:05:00Z'), expiresAt: new Date('2026-01-01T00:15:00Z'), attempts: 0 };
  it('is usable once, until expiry, within the attempts', () => {
    expect(loginCodeStatus(code, now, 5)).toBe('usable');
    expect(loginCodeStatus(null, now, 5)).toBe('missing');
    expect(loginCodeStatus({ ...code, usedAt: now }, now, 5)).toBe('used');
    expect(loginCodeStatus(code, code.expiresAt, 5)).toBe('expired');
    expect(loginCodeStatus({ ...code, attempts: 5 }, now, 5)).toBe('burned');
    expect(loginCodeStatus({ ...code, attempts: 4 }, now, 5)).toBe('usable');
  });
});

describe('seats', () => {
  it('are the base 2 plus the custom plan workspaceSeats', () => {
    expect(seatLimit({})).toBe(2);
    expect(seatLimit({ internal: { customPlan: { userId: 'u', billingCycle: 'monthly', limits: { workspaceSeats: 3 } } } })).toBe(5);
    expect(extraSeats({ internal: { customPlan: { userId: 'u', billingCycle: 'monthly' } } })).toBe(0);
    expect(hasFreeSeat({ workspaceEmails: ['a'] })).toBe(true);
    expect(hasFreeSeat({ workspaceEmails: ['a', 'b'] })).toBe(false);
  });
});

describe('invitations', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  const invitation: InvitationRecord = { _id: 'h', uid: 'w1', email: 'b@x.co', invitedBy: 'a@x.co', createdAt: now, expiresAt: new Date('2026-01-09T00:00:00Z') };
  it('builds the absolute magic link', () => {
    expect(invitationLink('http://localhost:8080', 'w1', 'TOKEN', 'b+1@x.co')).toBe('http://localhost:8080/no-auth/workspaces/w1/invite?secret=TOKEN&email=b%2B1%40x.co');
  });
  it('admits its own e-mail into its own workspace, once, before it expires', () => {
    expect(invitationUsable(invitation, 'w1', 'B@x.co', now)).toBe(true);
    expect(invitationUsable(invitation, 'w2', 'b@x.co', now)).toBe(false);
    expect(invitationUsable(invitation, 'w1', 'c@x.co', now)).toBe(false);
    expect(invitationUsable({ ...invitation, acceptedAt: now }, 'w1', 'b@x.co', now)).toBe(false);
    expect(invitationUsable(invitation, 'w1', 'b@x.co', invitation.expiresAt)).toBe(false);
    expect(invitationUsable(null, 'w1', 'b@x.co', now)).toBe(false);
  });
});

describe('events endpoint', () => {
  it.each([
    ['https://hooks.example.com/x', true],
    ['http://203.0.113.9/hook', true],
    ['ftp://hooks.example.com', false],
    ['http://localhost:3000', false],
    ['http://api.localhost', false],
    ['http://127.0.0.1', false],
    ['http://10.1.2.3', false],
    ['http://172.20.0.1', false],
    ['http://192.168.1.1', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://[::1]/', false],
    ['http://[fd00::1]/', false],
    ['http://[::ffff:127.0.0.1]/', false],
    ['http://intranet/', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isPublicHttpUrl(url)).toBe(expected);
  });
});

describe('public user data', () => {
  const record = {
    ...switcherWorkspace({ uid: 'w1', creator: { userId: 'u', email: 'a@x.co' }, region: 'eu', workspaceName: 'W', workspaceSecret: 'vg_S', nowMs: 0 }),
    hasEverPaid: true,
    internal: { whitelabel_trial: true, events: { endpoint: 'https://h.example.com' }, customPlan: { userId: 'u', billingCycle: 'monthly' as const } },
  };
  it('shows the secret and all internal data to members only', () => {
    expect(publicUserData(record, true)).toEqual({ workspaceSecret: 'vg_S', hasEverPaid: true, internal: record.internal });
    expect(publicUserData(record, false)).toEqual({ hasEverPaid: true, internal: { whitelabel_trial: true } });
  });
});

describe('e-mail comparison', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeEmail(' Ann@X.co ')).toBe('ann@x.co');
    expect(sameEmail('a@x.co', 'A@X.CO')).toBe(true);
    expect(sameEmail('a@x.co', undefined)).toBe(false);
  });
});
