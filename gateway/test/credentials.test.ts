import { signClientSession, signSession, verifyClientSession, verifySession } from '@platform/kit';
import { classifyCredential, credentialRateKey, readCookie, verifiersFor } from '../src/domain/credentials';
import { TtlCache } from '../src/domain/ttl-cache';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';

describe('classifyCredential', () => {
  const classify = (headers: { authorization?: string; cookie?: string }) => classifyCredential(headers, 'session');

  it('reads nothing as anonymous', () => {
    expect(classify({})).toEqual({ type: 'none' });
    expect(classify({ cookie: 'theme=dark' })).toEqual({ type: 'none' });
  });

  it('tells keys, agency secrets and sessions apart', () => {
    expect(classify({ authorization: 'Bearer vg_abcdefghij0123456789' })).toEqual({ type: 'secret', kind: 'key', secret: 'vg_abcdefghij0123456789' });
    expect(classify({ authorization: 'bearer ABCDEFGHIJKLMNOPQRSTUVWXY' })).toEqual({ type: 'secret', kind: 'agency', secret: 'ABCDEFGHIJKLMNOPQRSTUVWXY' });
    expect(classify({ authorization: `Bearer ${JWT}` })).toEqual({ type: 'session', token: JWT, from: 'bearer', audience: 'user' });
    expect(classify({ cookie: `a=1; session=${JWT}` })).toEqual({ type: 'session', token: JWT, from: 'cookie', audience: 'user' });
  });

  it("tells an agency client's session apart, by cookie or by its token's audience (ADR 0019)", () => {
    const clientToken = signClientSession({ clientId: 'c1', sessionId: 's1', region: 'eu' }, 'secret-secret-secret-secret-secret!');
    expect(classifyCredential({ authorization: `Bearer ${clientToken}` }, 'session', 'client_session')).toEqual({ type: 'session', token: clientToken, from: 'bearer', audience: 'client' });
    expect(classifyCredential({ cookie: `client_session=${clientToken}` }, 'session', 'client_session')).toEqual({ type: 'session', token: clientToken, from: 'cookie', audience: 'client' });
    // the person's cookie wins; a client cookie is not read unless named
    expect(classifyCredential({ cookie: `client_session=${clientToken}; session=${JWT}` }, 'session', 'client_session')).toMatchObject({ token: JWT, audience: 'user' });
    expect(classifyCredential({ cookie: `client_session=${clientToken}` }, 'session')).toEqual({ type: 'none' });
    // a client token never passes as a person's session, nor the reverse
    expect(verifySession(clientToken, 'secret-secret-secret-secret-secret!')).toBeNull();
    expect(verifyClientSession(clientToken, 'secret-secret-secret-secret-secret!')).toEqual({ clientId: 'c1', sessionId: 's1', region: 'eu' });
    expect(verifyClientSession(signSession({ userId: 'u', email: 'u@x.io', sessionId: 's' }, 'secret-secret-secret-secret-secret!'), 'secret-secret-secret-secret-secret!')).toBeNull();
  });

  it('prefers the Authorization header over the cookie', () => {
    expect(classify({ authorization: 'Bearer vg_abcdefghij0123456789', cookie: `session=${JWT}` })).toMatchObject({ type: 'secret' });
  });

  it('marks anything else presented as malformed', () => {
    for (const authorization of ['Bearer vg_short', 'Bearer vg_abcdefghij0123456789x', 'Basic abc', 'Bearer', 'Bearer a b', 'Bearer ABCDEFGHIJKLMNOPQRSTUVWX!']) {
      expect(classify({ authorization })).toEqual({ type: 'malformed', from: 'bearer' });
    }
    expect(classify({ cookie: 'session=garbage' })).toEqual({ type: 'malformed', from: 'cookie' });
  });
});

describe('credential helpers', () => {
  it('reads one cookie', () => {
    expect(readCookie('a=1; session="x%20y"; b=2', 'session')).toBe('x y');
    expect(readCookie('sessionx=1', 'session')).toBeUndefined();
    expect(readCookie(undefined, 'session')).toBeUndefined();
  });

  it('asks the agent service first only on agent routes', () => {
    const key = { type: 'secret', kind: 'key', secret: 'vg_x' } as const;
    expect(verifiersFor(key, 'agent')).toEqual(['agent', 'workspace']);
    expect(verifiersFor(key, 'billing')).toEqual(['workspace', 'agent']);
    expect(verifiersFor({ ...key, kind: 'agency' }, 'agent')).toEqual(['agency-domain']);
  });

  it('keys rate limits by a digest, never the secret', () => {
    const key = credentialRateKey({ type: 'secret', kind: 'key', secret: 'vg_abcdefghij0123456789' });
    expect(key).toMatch(/^secret:[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain('abcdefghij');
    expect(credentialRateKey({ type: 'none' })).toBeUndefined();
    expect(credentialRateKey({ type: 'malformed', from: 'bearer' })).toBeUndefined();
  });
});

describe('TtlCache', () => {
  it('expires entries and keeps negative answers distinguishable from misses', () => {
    let now = 0;
    const cache = new TtlCache<string | null>(10, () => now);
    cache.set('a', null, 100);
    expect(cache.get('a')).toEqual({ value: null });
    expect(cache.get('b')).toBeUndefined();
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new TtlCache<number>(2);
    cache.set('a', 1, 1_000);
    cache.set('b', 2, 1_000);
    cache.get('a');
    cache.set('c', 3, 1_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ value: 1 });
    expect(cache.size).toBe(2);
  });
});
