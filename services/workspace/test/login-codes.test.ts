import { judgeLoginCode, type LoginCodeRecord } from '../src/domain/login-codes';

const now = new Date('2026-01-01T12:00:00Z');
const code = (id: string, client: string, fields: Partial<LoginCodeRecord> = {}): LoginCodeRecord => ({
  _id: id,
  email: 'owner@example.com',
  codeHash: id,
  client,
  createdAt: now,
  expiresAt: new Date(now.getTime() + 60_000),
  attempts: 0,
  ...fields,
});
const is = (id: string) => (record: LoginCodeRecord) => record.codeHash === id;

describe('judging a submitted sign-in code', () => {
  it("lets any client sign in with any usable code of the address, whoever asked for it", () => {
    expect(judgeLoginCode([code('mine', 'owner'), code('theirs', 'attacker')], is('mine'), 'laptop', now, 5, false)).toEqual({ outcome: 'match', code: code('mine', 'owner') });
  });

  it("charges a wrong try to the trying client's own newest usable code, or to its counter", () => {
    const codes = [code('burned', 'attacker', { attempts: 5 }), code('live', 'attacker', { attempts: 2 }), code('owner', 'owner')];
    expect(judgeLoginCode(codes, is('nope'), 'attacker', now, 5, false)).toEqual({ outcome: 'wrong', charge: codes[1] });
    expect(judgeLoginCode(codes, is('nope'), 'stranger', now, 5, false)).toEqual({ outcome: 'wrong' });
  });

  it('blocks a client whose own codes are burned or whose counter is spent, not the others', () => {
    const codes = [code('burned', 'attacker', { attempts: 5 }), code('owner', 'owner')];
    expect(judgeLoginCode(codes, is('owner'), 'attacker', now, 5, false)).toEqual({ outcome: 'blocked' });
    expect(judgeLoginCode(codes, is('owner'), 'stranger', now, 5, true)).toEqual({ outcome: 'blocked' });
    expect(judgeLoginCode(codes, is('owner'), 'new-client', now, 5, false).outcome).toBe('match');
  });

  it('has nothing to judge when every code is used or expired', () => {
    const codes = [code('used', 'owner', { usedAt: now }), code('old', 'owner', { expiresAt: now })];
    expect(judgeLoginCode(codes, is('used'), 'owner', now, 5, false)).toEqual({ outcome: 'none' });
  });
});
