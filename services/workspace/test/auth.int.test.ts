import { AUTH_MESSAGES, REGIONS, WORKSPACE_DEFAULTS } from '@platform/contracts';
import request from 'supertest';
import { signForwarded, verifySession } from '@platform/kit';
import { COLLECTION } from '../src/store/collections';
import { anonymous, snapshot, startHarness, userIdentity, workspaceIdentity, type Harness } from './support/harness';
import { codeIn, mailsTo, nthMailTo } from '@platform/test-support';
import { signInWithCode, uniqueEmail } from './support/people';

const sessionCookie = (res: { headers: Record<string, unknown> }) => ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('session='));

describe('sign-in with an e-mailed code', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ passwordLogin: { maxAttempts: 3 } });
  });
  afterAll(() => h.close());

  const requestCode = (email: string) => h.as(anonymous).post('/v2/auth/code', { email });
  const verify = (body: object, region: 'eu' | 'na' = 'eu') => h.as(anonymous, region).post('/v2/auth/verify', body);

  it('creates the account, both Personal workspaces and a 30-day HttpOnly session on first sign-in', async () => {
    const email = uniqueEmail('first');
    const sent = await requestCode(email).expect(200);
    expect(sent.body).toEqual({ success: true, message: `We sent a login code to ${email}.` });
    const mail = await nthMailTo(email, 1);
    expect(mail.text).toContain('expires in 10 minutes');

    const res = await verify({ email, code: codeIn(mail), ref: 'partner-7', utm_source: 'newsletter' }, 'na').expect(200);
    expect(res.body).toMatchObject({ success: true, isNewUser: true, user: { email, hasPassword: false } });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/^session=[^;]+; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const claims = verifySession(cookie.slice('session='.length).split(';')[0]!, h.config.platform.jwtSecret);
    expect(claims).toEqual({ userId: res.body.user.userId, email, sessionId: expect.any(String) });

    const userId = res.body.user.userId as string;
    expect(userId).toMatch(/^[A-Za-z0-9]{15}$/);
    const [eu, na] = await Promise.all(REGIONS.map((region) => h.mongo.collection(region, COLLECTION.workspaces).findOne({ _id: userId } as never)));
    expect(na).toMatchObject({
      uid: userId,
      email,
      region: 'na',
      loadTokens: WORKSPACE_DEFAULTS.newUserFreeLoadTokens,
      workspaceEmails: [email],
      referredFrom: 'partner-7',
      internal: { isNewUser: true, isAgentOnboardingDone: false, utm_source: 'newsletter' },
    });
    expect(na!.workspaceName).toMatch(/^Personal[A-Za-z0-9]{5}$/);
    expect(na!.workspaceSecret).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect(Math.abs(na!.joinedAt - Date.now() / 1000)).toBeLessThan(60);
    expect(eu).toMatchObject({ region: 'eu', loadTokens: 0, internal: { isNewUser: false } });
    expect(eu!.workspaceSecret).not.toBe(na!.workspaceSecret);
  });

  it('signs the same person in again without new workspaces; a code works once', async () => {
    const email = uniqueEmail('again');
    const first = await signInWithCode(h, email);
    const second = await signInWithCode(h, email, 'na');
    expect(second.userId).toBe(first.userId);
    expect(second.response.body.isNewUser).toBe(false);
    for (const region of REGIONS) expect(await h.mongo.collection(region, COLLECTION.workspaces).countDocuments({ _id: first.userId } as never)).toBe(1);

    const code = codeIn(await nthMailTo(email, 2));
    await verify({ email, code }).expect(400, { success: false, message: AUTH_MESSAGES.codeExpired });
  });

  it('lets only one of two concurrent submissions of a code through', async () => {
    const email = uniqueEmail('race');
    await requestCode(email).expect(200);
    const code = codeIn(await nthMailTo(email, 1));
    const results = await Promise.all([verify({ email, code }), verify({ email, code }), verify({ email, code })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await h.mongo.collection(h.config.accountsRegion, COLLECTION.accounts).countDocuments({ email } as never)).toBe(1);
  });

  it('burns a code after 5 wrong tries', async () => {
    const email = uniqueEmail('wrong');
    await requestCode(email).expect(200);
    const code = codeIn(await nthMailTo(email, 1));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await verify({ email, code: wrong }).expect(400, { success: false, message: AUTH_MESSAGES.codeIncorrect });
    await verify({ email, code: wrong }).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodeAttempts });
    await verify({ email, code }).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodeAttempts });
    expect(await h.mongo.collection(h.config.accountsRegion, COLLECTION.accounts).countDocuments({ email } as never)).toBe(0);
  });

  it('expires a code after 10 minutes', async () => {
    const email = uniqueEmail('expiry');
    await requestCode(email).expect(200);
    const old = codeIn(await nthMailTo(email, 1));
    h.advanceClock(601_000);
    await verify({ email, code: old }).expect(400, { success: false, message: AUTH_MESSAGES.codeExpired });
    await requestCode(email).expect(200);
    const fresh = codeIn(await nthMailTo(email, 2));
    if (fresh !== old) await verify({ email, code: old }).expect(400, { success: false, message: AUTH_MESSAGES.codeIncorrect });
    await verify({ email, code: fresh }).expect(200);
  });

  it('sends at most 5 codes per e-mail and client in 15 minutes', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i += 1) await requestCode(email).expect(200);
    await requestCode(email).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodes });
    await nthMailTo(email, 5);
    expect(await mailsTo(email)).toHaveLength(5);
    h.advanceClock(901_000);
    await requestCode(email).expect(200);
  });

  /** A client as the gateway forwards it: its IP in the signed context. */
  const from = (clientIp: string) => {
    const post = (path: string, body: object) =>
      request(h.app)
        .post(path)
        .set(signForwarded({ identity: anonymous, region: 'eu', clientIp }, h.config.platform.internalSigningSecret, { method: 'POST', path, body: JSON.stringify(body) }))
        .send(body);
    return { requestCode: (email: string) => post('/v2/auth/code', { email }), verify: (body: object) => post('/v2/auth/verify', body) };
  };

  it("a flood of code requests for someone's address does not lock its owner out", async () => {
    const email = uniqueEmail('victim');
    const attacker = from('203.0.113.66');
    for (let i = 0; i < 5; i += 1) await attacker.requestCode(email).expect(200);
    await attacker.requestCode(email).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodes });
    const owner = from('198.51.100.7');
    await owner.requestCode(email).expect(200);
    const code = codeIn(await nthMailTo(email, 6));
    await owner.verify({ email, code }).expect(200);
  });

  it('limits code requests per client over all addresses', async () => {
    const flooder = from('203.0.113.67');
    for (let i = 0; i < 20; i += 1) await flooder.requestCode(uniqueEmail(`many${i}`)).expect(200);
    await flooder.requestCode(uniqueEmail('one-more')).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodes });
  });

  it("wrong tries from another client do not burn the owner's code; a correct code from a new client gets through", async () => {
    const email = uniqueEmail('guessed');
    const owner = from('198.51.100.8');
    await owner.requestCode(email).expect(200);
    const code = codeIn(await nthMailTo(email, 1));
    const wrong = code === '000000' ? '111111' : '000000';
    const guesser = from('203.0.113.68');
    for (let i = 0; i < 4; i += 1) await guesser.verify({ email, code: wrong }).expect(400, { success: false, message: AUTH_MESSAGES.codeIncorrect });
    await guesser.verify({ email, code: wrong }).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodeAttempts });
    await guesser.verify({ email, code }).expect(429, { success: false, message: AUTH_MESSAGES.tooManyCodeAttempts });
    await from('192.0.2.9').verify({ email, code }).expect(200);
  });

  it('answers bad inputs with 400 and the message, changing nothing', async () => {
    const before = await snapshot(h.mongo);
    const cases: Array<[string, object, string | RegExp]> = [
      ['/v2/auth/code', {}, AUTH_MESSAGES.emailInvalid],
      ['/v2/auth/code', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
      ['/v2/auth/code', { email: `${'x'.repeat(250)}@example.com` }, AUTH_MESSAGES.emailInvalid],
      ['/v2/auth/code', { email: ['a@b.co'] }, /must be a string/],
      ['/v2/auth/code', { email: 'a@b.co', admin: true }, /is not allowed/],
      ['/v2/auth/verify', { email: 'a@b.co', code: '12ab56' }, AUTH_MESSAGES.codeFormat],
      ['/v2/auth/verify', { email: 'a@b.co', code: '123456', utm_source: 'u'.repeat(101) }, /less than or equal to 100/],
      ['/v2/auth/login', { email: 'a@b.co' }, AUTH_MESSAGES.loginFailed],
      ['/v2/auth/login', { email: 'a@b.co', password: 'p'.repeat(129) }, AUTH_MESSAGES.loginFailed],
    ];
    for (const [path, body, message] of cases) {
      const res = await h.as(anonymous).post(path, body).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    await h.as(anonymous).post('/v2/auth/password', { password: 'long enough' }).expect(401);
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('requests without the gateway signature are refused', async () => {
    await request(h.app).post('/v2/auth/code').send({ email: uniqueEmail() }).expect(401);
  });
});

describe('passwords, session and sign-out', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ passwordLogin: { maxAttempts: 3 } });
  });
  afterAll(() => h.close());

  it('sets a password and signs in with it; wrong or unknown answer the same', async () => {
    const email = uniqueEmail('pw');
    const { identity, userId } = await signInWithCode(h, email);
    await h.as(identity).post('/v2/auth/password', { password: 'short' }).expect(400, { success: false, message: AUTH_MESSAGES.passwordTooShort });
    await h.as(workspaceIdentity(userId)).post('/v2/auth/password', { password: 'long enough pw' }).expect(403);
    const set = await h.as(identity).post('/v2/auth/password', { password: 'long enough pw' }).expect(200);
    expect(set.body.user).toMatchObject({ userId, hasPassword: true });
    const stored = await h.mongo.collection(h.config.accountsRegion, COLLECTION.accounts).findOne({ _id: userId } as never);
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain('long enough pw');

    const ok = await h.as(anonymous).post('/v2/auth/login', { email: email.toUpperCase(), password: 'long enough pw' }).expect(200);
    expect(ok.body).toMatchObject({ success: true, isNewUser: false, user: { userId, email } });
    expect(sessionCookie(ok)).toBeDefined();
    await h.as(anonymous).post('/v2/auth/login', { email, password: 'wrong password' }).expect(401, { success: false, message: AUTH_MESSAGES.loginFailed });
    await h.as(anonymous).post('/v2/auth/login', { email: uniqueEmail('nobody'), password: 'whatever1' }).expect(401, { success: false, message: AUTH_MESSAGES.loginFailed });
  });

  it("wrong passwords from another client do not lock the owner out", async () => {
    const email = uniqueEmail('pwflood');
    const { identity } = await signInWithCode(h, email);
    await h.as(identity).post('/v2/auth/password', { password: 'the right one' }).expect(200);
    const login = (password: string, ip: string) => h.as(anonymous).post('/v2/auth/login', { email, password }).set('x-forwarded-for', ip);
    for (let i = 0; i < 3; i += 1) await login('nope nope', '203.0.113.70').expect(401);
    await login('the right one', '203.0.113.70').expect(429, { success: false, message: AUTH_MESSAGES.tooManyLogins });
    await login('the right one', '198.51.100.70').expect(200);
  });

  it('limits password tries per e-mail and client; a success resets the count', async () => {
    const email = uniqueEmail('pwlimit');
    const { identity } = await signInWithCode(h, email);
    await h.as(identity).post('/v2/auth/password', { password: 'the right one' }).expect(200);
    const login = (password: string) => h.as(anonymous).post('/v2/auth/login', { email, password });
    await login('nope nope').expect(401);
    await login('the right one').expect(200);
    for (let i = 0; i < 3; i += 1) await login('nope nope').expect(401);
    await login('the right one').expect(429, { success: false, message: AUTH_MESSAGES.tooManyLogins });
    h.advanceClock(901_000);
    await login('the right one').expect(200);
  });

  it('returns the session with workspaces of both regions until onboarding is done', async () => {
    const email = uniqueEmail('session');
    const { identity, userId } = await signInWithCode(h, email, 'na');
    const res = await h.as(identity).get('/v2/auth/session').expect(200);
    expect(res.body).toMatchObject({ success: true, user: { userId, email, hasPassword: false }, needsOnboarding: true });
    expect(res.body.workspaces).toHaveLength(2);
    for (const summary of res.body.workspaces) {
      expect(summary).toEqual({ uid: userId, region: expect.stringMatching(/^(eu|na)$/), workspaceName: expect.stringMatching(/^Personal/), isOwn: true, secret: expect.stringMatching(/^vg_/) });
    }
    const name = res.body.workspaces[0].workspaceName;
    await h.as(identity, 'na').post(`/v2/workspaces/${userId}`, { workspaceName: name, internal: { isAgentOnboardingDone: true, isNewUser: false } }).expect(200);
    expect((await h.as(identity).get('/v2/auth/session').expect(200)).body.needsOnboarding).toBe(false);

    await h.as(anonymous).get('/v2/auth/session').expect(401, { success: false, message: AUTH_MESSAGES.signInRequired });
    const ghost = await h.as(userIdentity('NoSuchAccount12', 'ghost@example.com')).get('/v2/auth/session').expect(401);
    expect(sessionCookie(ghost)).toMatch(/^session=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });

  it('signs out by clearing the cookie, even without a session', async () => {
    const res = await h.as(anonymous).post('/v2/auth/logout').expect(200, { success: true });
    expect(sessionCookie(res)).toMatch(/^session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
  });
});
