import jwt from 'jsonwebtoken';
import { AUTH_MESSAGES } from '@platform/contracts';
import { signSession } from '@platform/kit';
import { SERVICE_MESSAGES } from '../src/domain/messages';
import { anonymous, gateway, startHarness, workspaceIdentity, type Harness } from './support/harness';
import { createWorkspace, signInWithCode, someone, uniqueEmail } from './support/people';

describe('server-side sessions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const check = (credential: string) => h.as(gateway).post('/internal/credentials/verify', { credential });

  it('a session JWT is accepted while its session lives; sign-out ends it on the server', async () => {
    const email = uniqueEmail('signout');
    const { identity, token, userId } = await signInWithCode(h, email);
    const live = await check(token).expect(200);
    expect(live.body.identity).toEqual({ kind: 'user', userId, email, sessionId: identity.sessionId });

    await h.as(identity).post('/v2/auth/logout').expect(200, { success: true });
    await check(token).expect(404);
    await h.as(anonymous).post('/internal/credentials/verify', { credential: token }).expect(403);
  });

  it('setting a password ends the other sessions of the user and keeps the one that set it', async () => {
    const email = uniqueEmail('password');
    const laptop = await signInWithCode(h, email);
    const phone = await signInWithCode(h, email);
    await h.as(laptop.identity).post('/v2/auth/password', { password: 'a new password' }).expect(200);
    await check(phone.token).expect(404);
    await check(laptop.token).expect(200);
  });

  it('refuses tokens that never expire, forged ones and ones naming an unknown session', async () => {
    const { identity, token, userId } = await signInWithCode(h, uniqueEmail('forever'));
    const forever = jwt.sign({ email: identity.email }, h.config.platform.jwtSecret, { subject: userId, jwtid: identity.sessionId });
    await check(forever).expect(404);
    await check(signSession({ userId, email: identity.email, sessionId: identity.sessionId! }, 'local-dev-jwt-secret-change-me')).expect(404);
    await check(signSession({ userId, email: identity.email, sessionId: 'no-such-session' }, h.config.platform.jwtSecret)).expect(404);
    await check(token).expect(200);
  });

  it('marks the cookie Secure when configured for https', async () => {
    const secure = await startHarness({ cookieSecure: true });
    try {
      const { response } = await signInWithCode(secure, uniqueEmail('secure'));
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure; SameSite=Lax/);
    } finally {
      await secure.close();
    }
  });
});

describe('workspace secret rotation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('a member regenerates the secret: the old one is refused, the new one works', async () => {
    const owner = someone('rotate');
    const workspace = await createWorkspace(h, owner);
    const old = workspace.workspaceSecret;
    await h.as(gateway).post('/internal/credentials/verify', { credential: old }).expect(200);

    const res = await h.as(owner).post(`/v2/workspaces/${workspace.uid}/secret`, {}).expect(200);
    const fresh = res.body.data.workspaceSecret as string;
    expect(fresh).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect(fresh).not.toBe(old);
    await h.as(gateway).post('/internal/credentials/verify', { credential: old }).expect(404);
    const now = await h.as(gateway).post('/internal/credentials/verify', { credential: fresh }).expect(200);
    expect(now.body.identity).toEqual({ kind: 'workspace', workspaceId: workspace.uid, region: 'eu' });
    expect((await h.as(owner).get(`/v2/workspaces/${workspace.uid}`).expect(200)).body.data.workspaceSecret).toBe(fresh);
  });

  it('refuses the secret itself, strangers and the signed-out', async () => {
    const owner = someone('rotate2');
    const workspace = await createWorkspace(h, owner);
    await h.as(workspaceIdentity(workspace.uid)).post(`/v2/workspaces/${workspace.uid}/secret`, {}).expect(403, { success: false, message: SERVICE_MESSAGES.rotateNeedsUser });
    await h.as(someone('stranger')).post(`/v2/workspaces/${workspace.uid}/secret`, {}).expect(403);
    await h.as(anonymous).post(`/v2/workspaces/${workspace.uid}/secret`, {}).expect(401, { success: false, message: AUTH_MESSAGES.signInRequired });
    await h.as(gateway).post('/internal/credentials/verify', { credential: workspace.workspaceSecret }).expect(200);
  });
});
