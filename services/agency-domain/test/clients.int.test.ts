import { CLIENTS_API_MESSAGES, CLIENT_SIGN_IN, DEFAULT_CLIENT_ACCESS, MESSAGES } from '@platform/contracts';
import { anonymous, gateway, nthMailTo, uniqueEmail } from '@platform/test-support';
import { agencyWithOrganization, signInClient, startHarness, type Harness } from './support/harness';

/** Organisations and clients of an agency, client sign-in and the organisation admin (spec 3.6, 3.7, 4.4, 5, 6, 8; ADR 0019). */
describe('the clients module', () => {
  let h: Harness;
  let a: Awaited<ReturnType<typeof agencyWithOrganization>>;
  const password = 'Abcdefghij12345';
  const saveClient = (body: object) => h.as(a.person).post(`/v2/workspaces/${a.uid}/clients`, body);

  beforeAll(async () => {
    h = await startHarness();
    a = await agencyWithOrganization(h, 'eu', 'clients');
  });
  afterAll(() => h.close());

  it('a new organisation has the spec defaults', async () => {
    const { organizations } = (await h.as(a.person).get(`/v2/workspaces/${a.uid}/orgs`).expect(200)).body;
    expect(organizations).toEqual([
      expect.objectContaining({ ID: a.org.ID, name: 'New Organization', dashboardLayout: 'vertical', defaultClientAccess: [...DEFAULT_CLIENT_ACCESS], loadTokens: 0, agencyId: a.agency.ID, ownerID: a.uid }),
    ]);
  });

  it('saves an organisation with the messages of spec 5 and 8', async () => {
    const path = `/v2/workspaces/${a.uid}/orgs/${a.org.ID}`;
    expect((await h.as(a.person).post(path, { ID: a.org.ID }).expect(400)).body.message).toBe(MESSAGES.clients.organizationNameRequired);
    expect((await h.as(a.person).post(path, { name: 'Acme' }).expect(400)).body.message).toBe(MESSAGES.clients.organizationIdMissing);
    expect((await h.as(a.person).post(path, { ID: a.org.ID, name: 'Acme', settings: { disableClientAccessMessage: 'x'.repeat(1025) } }).expect(400)).body.success).toBe(false);
    const saved = (await h.as(a.person).post(path, { ID: a.org.ID, name: 'Acme', settings: { disableClientAccessMessage: 'x'.repeat(1024) } }).expect(200)).body;
    expect(saved).toMatchObject({ message: 'Organization updated successfully!', organization: { name: 'Acme', dashboardLayout: 'vertical' } });
  });

  it('creates a client with defaults, stores the password hashed and never answers it', async () => {
    const email = uniqueEmail('client');
    expect((await saveClient({ orgId: a.org.ID, name: 'No password', email }).expect(400)).body.message).toBe('Please fill out all fields.');
    expect((await saveClient({ orgId: a.org.ID, email, dashboardPassword: password }).expect(400)).body.message).toBe('Please fill out all fields.');
    const { client } = (await saveClient({ orgId: a.org.ID, name: 'Ann', email: email.toUpperCase(), dashboardPassword: password }).expect(200)).body;
    expect(client).toMatchObject({ orgId: a.org.ID, email, canAccess: [...DEFAULT_CLIENT_ACCESS], notificationsSettings: { notifyIf: 'requestsOnly', notifyThrough: 'all' }, preferredLanguage: 'en', status: 'offline' });
    expect(JSON.stringify(client)).not.toMatch(/dashboardPassword|passwordHash/);
    const listed = (await h.as(a.person).get(`/v2/workspaces/${a.uid}/orgs`).expect(200)).text;
    expect(listed).not.toMatch(/dashboardPassword|passwordHash|Abcdefghij/);
    const stored = await h.mongo.collection('eu', 'clients').findOne({ _id: client.ID } as never);
    expect(stored).toMatchObject({ passwordHash: expect.stringMatching(/^scrypt\$/) });
    expect(JSON.stringify(stored)).not.toContain(password);
    expect(await h.mongo.collection('eu', 'client_analytics').findOne({ event: 'client_created', clientId: client.ID })).toBeTruthy();
  });

  it("refuses an e-mail of another organisation's client: Client already exists to org: {orgId}", async () => {
    const email = uniqueEmail('taken');
    await saveClient({ orgId: a.org.ID, name: 'First', email, dashboardPassword: password }).expect(200);
    const other = (await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs`, { name: 'Other' }).expect(201)).body.organization;
    expect((await saveClient({ orgId: other.ID, name: 'Second', email, dashboardPassword: password }).expect(400)).body.message).toBe(`Client already exists to org: ${a.org.ID}`);
    // another agency may have a client with the same e-mail
    const b = await agencyWithOrganization(h, 'eu', 'other');
    await h.as(b.person).post(`/v2/workspaces/${b.uid}/clients`, { orgId: b.org.ID, name: 'Elsewhere', email, dashboardPassword: password }).expect(200);
    // and no agency names another's organisation
    await h.as(b.person).post(`/v2/workspaces/${b.uid}/clients`, { orgId: a.org.ID, name: 'Sneaky', email: uniqueEmail('x'), dashboardPassword: password }).expect(404);
  });

  it('signs a client in by password (spec 5 messages), as a session the gateway verifies, until sign-out', async () => {
    const email = uniqueEmail('pw');
    await saveClient({ orgId: a.org.ID, name: 'Pat', email, dashboardPassword: password }).expect(200);
    const login = (body: object) => h.as(anonymous).post('/client-auth/login', { agencyId: a.agency.ID, ...body });
    expect((await login({ email: '', password: '' }).expect(400)).body.message).toBe('Please enter your email and password.');
    expect((await login({ email: uniqueEmail('nobody'), password }).expect(404)).body.message).toBe("This email doesn't exist.");
    expect((await login({ email, password: 'wrong-password' }).expect(401)).body.message).toBe('Password is incorrect please try again.');
    const { res, token, identity } = await signInClient(h, email, password, a.agency.ID);
    expect(res.body).toMatchObject({ message: 'Signed in successfully.', pages: [...DEFAULT_CLIENT_ACCESS], agencyAdmin: false, organization: { ID: a.org.ID } });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^client_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(identity).toMatchObject({ kind: 'client', orgId: a.org.ID, agencyId: a.agency.ID, workspaceId: a.uid, email });
    expect((await h.as(identity).get('/v2/client/me').expect(200)).body.client.email).toBe(email);
    await h.as(identity).post('/client-auth/logout', {}).expect(200);
    await h.as(gateway).post('/internal/credentials/verify', { credential: token }).expect(404);
  });

  it('slows password guessing: 10 wrong tries from one caller, then 429 until the window ends; a success starts a new count', async () => {
    const email = uniqueEmail('guess');
    await saveClient({ orgId: a.org.ID, name: 'Gus', email, dashboardPassword: password }).expect(200);
    const login = (pw: string) => h.as(anonymous).post('/client-auth/login', { agencyId: a.agency.ID, email, password: pw });
    for (let i = 0; i < CLIENT_SIGN_IN.passwordAttempts - 1; i += 1) await login(`wrong-${i}`).expect(401);
    await login(password).expect(200);
    for (let i = 0; i < CLIENT_SIGN_IN.passwordAttempts; i += 1) await login(`wrong-again-${i}`).expect(401);
    expect((await login(password).expect(429)).body).toEqual({ success: false, message: CLIENTS_API_MESSAGES.tooManyPasswordAttempts });
  });

  it('refuses password sign-in when the agency disabled it', async () => {
    const b = await agencyWithOrganization(h, 'eu', 'nopw');
    const email = uniqueEmail('nopw');
    await h.as(b.person).post(`/v2/workspaces/${b.uid}/clients`, { orgId: b.org.ID, name: 'N', email, dashboardPassword: password }).expect(200);
    await h.as(b.person).post(`/v2/workspaces/${b.uid}/agency`, { settings: { disablePasswordLogin: true } }).expect(200);
    expect((await h.as(anonymous).post('/client-auth/login', { email, password, agencyId: b.agency.ID }).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.passwordLoginDisabled);
  });

  it("Email Login Code: a code e-mailed from the agency's brand, limited tries, exchanged once for a one-time token", async () => {
    const email = uniqueEmail('code');
    await saveClient({ orgId: a.org.ID, name: 'Cody', email, dashboardPassword: password }).expect(200);
    const sso = (body: object) => h.as(anonymous).post('/client-auth/sso', { email, agencyId: a.agency.ID, ...body });
    expect((await sso({}).expect(200)).body).toMatchObject({ codeSent: true });
    const mail = await nthMailTo(email, 1);
    expect(mail.subject).toContain('clients brand');
    const code = /\b([0-9]{6})\b/.exec(mail.subject)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await sso({ code: wrong }).expect(400)).body.message).toBe(CLIENTS_API_MESSAGES.codeInvalid);
    const answer = (await sso({ code }).expect(200)).body;
    expect(answer.clientData).toEqual({ email, loginToken: expect.any(String) });
    expect(JSON.stringify(answer)).not.toMatch(/dashboardPassword|Abcdefghij/);
    // the code works once
    await sso({ code }).expect(400);
    const signedIn = (await h.as(anonymous).post('/client-auth/token', { token: answer.clientData.loginToken }).expect(200)).body;
    expect(signedIn).toMatchObject({ client: { email }, message: 'Signed in successfully.' });
    // one validation: the token is spent
    expect((await h.as(anonymous).post('/client-auth/token', { token: answer.clientData.loginToken }).expect(401)).body.message).toBe(CLIENTS_API_MESSAGES.tokenInvalid);
  });

  it('a code stops working after 5 wrong tries', async () => {
    const email = uniqueEmail('tries');
    await saveClient({ orgId: a.org.ID, name: 'Tries', email, dashboardPassword: password }).expect(200);
    const sso = (body: object) => h.as(anonymous).post('/client-auth/sso', { email, agencyId: a.agency.ID, ...body });
    await sso({}).expect(200);
    const code = /\b([0-9]{6})\b/.exec((await nthMailTo(email, 1)).subject)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await sso({ code: wrong }).expect(400);
    expect((await sso({ code }).expect(429)).body.message).toBe(CLIENTS_API_MESSAGES.tooManyCodeAttempts);
  });

  it('the agency signs in with its secret and gets every page', async () => {
    await h.as(anonymous).post('/client-auth/agency-admin', { agencyId: a.agency.ID, secret: 'A'.repeat(25) }).expect(401);
    const res = (await h.as(anonymous).post('/client-auth/agency-admin', { agencyId: a.agency.ID, secret: a.agency.secret, orgId: a.org.ID }).expect(200)).body;
    expect(res).toMatchObject({ agencyAdmin: true, pages: ['/home', '/leads', '/convos', '/settings', '/analytics'], organization: { ID: a.org.ID } });
    const identity = (await h.as(gateway).post('/internal/credentials/verify', { credential: res.token }).expect(200)).body.identity;
    expect(identity).toMatchObject({ kind: 'client', agencyAdmin: true, orgId: a.org.ID });
    // the agency admin acts as the organisation's admin
    await h.as(identity).get('/v2/client/org/clients').expect(200);
    // disabled client access blocks the organisation's clients, not the agency viewing it (spec §6)
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs/${a.org.ID}`, { ID: a.org.ID, name: 'Acme', settings: { disableClientAccess: true } }).expect(200);
    expect((await h.as(gateway).get(`/internal/organizations/${a.org.ID}/clients/${identity.clientId}/access`).expect(200)).body.disabled).toBe(false);
    const { client } = (await saveClient({ orgId: a.org.ID, name: 'Paused', email: uniqueEmail('paused'), dashboardPassword: password }).expect(200)).body;
    expect((await h.as(gateway).get(`/internal/organizations/${a.org.ID}/clients/${client.ID}/access`).expect(200)).body.disabled).toBe(true);
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs/${a.org.ID}`, { ID: a.org.ID, name: 'Acme', settings: {} }).expect(200);
  });

  it("organisation admins edit About and add users with the organisation's defaults; others are not admins", async () => {
    const adminEmail = uniqueEmail('admin');
    const plainEmail = uniqueEmail('plain');
    await saveClient({ orgId: a.org.ID, name: 'Admin', email: adminEmail, dashboardPassword: password, isOrgAdmin: true }).expect(200);
    await saveClient({ orgId: a.org.ID, name: 'Plain', email: plainEmail, dashboardPassword: password }).expect(200);
    const admin = (await signInClient(h, adminEmail, password, a.agency.ID)).identity;
    const plain = (await signInClient(h, plainEmail, password, a.agency.ID)).identity;
    for (const call of [h.as(plain).get('/v2/client/org/clients'), h.as(plain).post('/v2/client/org', { name: 'Mine' }), h.as(plain).post('/v2/client/org/clients', { name: 'X', email: uniqueEmail('x'), dashboardPassword: password })]) {
      expect((await call.expect(403)).body.message).toBe('You are not an admin');
    }
    expect((await h.as(admin).post('/v2/client/org', { name: 'Acme Renamed' }).expect(200)).body.message).toBe('Organization updated successfully!');
    // root-admin fields are not the organisation admin's
    await h.as(admin).post('/v2/client/org/clients', { name: 'X', email: uniqueEmail('x'), dashboardPassword: password, isOrgAdmin: true }).expect(400);
    const added = (await h.as(admin).post('/v2/client/org/clients', { name: 'New user', email: uniqueEmail('new'), dashboardPassword: password }).expect(200)).body.client;
    expect(added).toMatchObject({ orgId: a.org.ID, canAccess: [...DEFAULT_CLIENT_ACCESS] });
    expect(added.isOrgAdmin).toBeUndefined();
    // advanced settings (spec §6): the admin sets them, unless the root admin hid them from this admin
    const delegating = (await h.as(admin).post('/v2/client/org/clients', { name: 'Delegate', email: uniqueEmail('adv'), dashboardPassword: password, allowCreateAgents: true, canDelegateChats: true }).expect(200)).body.client;
    expect(delegating).toMatchObject({ allowCreateAgents: true, canDelegateChats: true });
    const hiddenEmail = uniqueEmail('hidden');
    await saveClient({ orgId: a.org.ID, name: 'Hidden', email: hiddenEmail, dashboardPassword: password, isOrgAdmin: true, hideAdvancedSettings: true }).expect(200);
    const hidden = (await signInClient(h, hiddenEmail, password, a.agency.ID)).identity;
    const refused = await h.as(hidden).post('/v2/client/org/clients', { name: 'Y', email: uniqueEmail('y'), dashboardPassword: password, allowCreateAgents: true }).expect(403);
    expect(refused.body.message).toBe(CLIENTS_API_MESSAGES.clientAdvancedSettingsHidden);
    await h.as(hidden).post('/v2/client/org/clients', { name: 'Z', email: uniqueEmail('z'), dashboardPassword: password }).expect(200);
  });

  it("organisation admins assign others: another user's access and tab order, only with pages they open themselves, never their own; others are not admins", async () => {
    const adminEmail = uniqueEmail('assigner');
    await saveClient({ orgId: a.org.ID, name: 'Assigner', email: adminEmail, dashboardPassword: password, isOrgAdmin: true, canAccess: ['/home', '/convos', '/leads', '/analytics'] }).expect(200);
    const { client: other } = (await saveClient({ orgId: a.org.ID, name: 'Other', email: uniqueEmail('other'), dashboardPassword: password, canAccess: ['/home', '/kb'] }).expect(200)).body;
    const plainEmail = uniqueEmail('plainassign');
    await saveClient({ orgId: a.org.ID, name: 'Plain', email: plainEmail, dashboardPassword: password }).expect(200);
    const admin = (await signInClient(h, adminEmail, password, a.agency.ID)).identity;
    const plain = (await signInClient(h, plainEmail, password, a.agency.ID)).identity;
    const assign = (who: typeof admin, body: object) => h.as(who).post('/v2/client/org/clients', { ID: other.ID, name: 'Other', email: other.email, ...body });
    expect((await assign(plain, { canAccess: ['/home'] }).expect(403)).body.message).toBe(MESSAGES.clients.notAdmin);
    // gives Leads and takes Home (both its own pages); the page it does not open (/kb) stays as it is
    const assigned = (await assign(admin, { canAccess: ['/kb', '/leads'], clientTabOrder: ['/leads', '/kb'] }).expect(200)).body.client;
    expect(assigned).toMatchObject({ ID: other.ID, canAccess: ['/kb', '/leads'], clientTabOrder: ['/leads', '/kb'] });
    // a page it does not open itself: neither given nor taken
    expect((await assign(admin, { canAccess: ['/kb', '/leads', '/settings'] }).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.orgAdminPageNotOwn('/settings'));
    expect((await assign(admin, { canAccess: ['/leads'] }).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.orgAdminPageNotOwn('/kb'));
    // never its own access, nor the root admin's fields, nor another organisation's user
    const self = (await h.as(admin).get('/v2/client/me').expect(200)).body.client;
    expect((await h.as(admin).post('/v2/client/org/clients', { ID: self.ID, name: 'Assigner', email: adminEmail, canAccess: ['/home', '/convos', '/leads', '/analytics', '/settings'] }).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.orgAdminOwnAccess);
    for (const field of [{ isOrgAdmin: true }, { isAdmin: true }, { widgetIDs: [] }, { hideAdvancedSettings: true }]) await assign(admin, field).expect(400);
    const otherOrg = (await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs`, { name: 'Elsewhere' }).expect(201)).body.organization;
    const { client: stranger } = (await saveClient({ orgId: otherOrg.ID, name: 'Stranger', email: uniqueEmail('stranger'), dashboardPassword: password }).expect(200)).body;
    await h.as(admin).post('/v2/client/org/clients', { ID: stranger.ID, name: 'Stranger', email: stranger.email, canAccess: ['/home'] }).expect(404);
    // a new user starts from the organisation's defaults: the admin changes them within its own pages (not /campaigns here)
    const newcomer = (access: string[]) => h.as(admin).post('/v2/client/org/clients', { name: 'Newcomer', email: uniqueEmail('newcomer'), dashboardPassword: password, canAccess: access });
    expect((await newcomer(['/home', '/leads']).expect(403)).body.message).toBe(CLIENTS_API_MESSAGES.orgAdminPageNotOwn('/campaigns'));
    expect((await newcomer(['/home', '/leads', '/campaigns']).expect(200)).body.client.canAccess).toEqual(['/home', '/leads', '/campaigns']);
    const stored = (await h.as(a.person).get(`/v2/workspaces/${a.uid}/orgs`).expect(200)).body.clients.find((c: { ID: string }) => c.ID === other.ID);
    expect(stored).toMatchObject({ canAccess: ['/kb', '/leads'], clientTabOrder: ['/leads', '/kb'] });
  });

  it('a client changes its own account, status and notification settings only', async () => {
    const email = uniqueEmail('self');
    await saveClient({ orgId: a.org.ID, name: 'Self', email, dashboardPassword: password }).expect(200);
    const me = (await signInClient(h, email, password, a.agency.ID)).identity;
    const { client } = (await h.as(me).post('/v2/client/me', { status: 'online', notificationsSettings: { notifyIf: 'all' } }).expect(200)).body;
    expect(client).toMatchObject({ status: 'online', notificationsSettings: { notifyIf: 'all', notifyThrough: 'all' } });
    await h.as(me).post('/v2/client/me', { canAccess: ['/billing'] }).expect(400);
    await h.as(me).post('/v2/client/analytics/tab-click', { tab: '/convos' }).expect(200);
    expect(await h.mongo.collection('eu', 'client_analytics').findOne({ event: 'tab_click', clientId: client.ID, tab: '/convos' })).toBeTruthy();
  });

  it('organizationsByAgent and clientAccess answer platform services only, without passwords', async () => {
    const email = uniqueEmail('notify');
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs/${a.org.ID}`, { ID: a.org.ID, name: 'Acme', widgetIDs: ['AGENTAAAAAAAAAAA'] }).expect(200);
    const { client } = (await saveClient({ orgId: a.org.ID, name: 'Nora', email, dashboardPassword: password, allowCreateAgents: true }).expect(200)).body;
    await h.as(a.person).get('/internal/organizations/by-agent/AGENTAAAAAAAAAAA').expect(403);
    const res = await h.as(gateway).get('/internal/organizations/by-agent/AGENTAAAAAAAAAAA').expect(200);
    expect(res.body.organizations).toEqual([expect.objectContaining({ ID: a.org.ID, agencyId: a.agency.ID, clients: expect.arrayContaining([{ ID: client.ID, email, name: 'Nora', preferredLanguage: 'en', notificationsSettings: { notifyThrough: 'all', notifyIf: 'requestsOnly' } }]) })]);
    expect(res.text).not.toMatch(/password/i);
    // One organisation's recipients (its credits running low, ADR 0026).
    await h.as(a.person).get(`/internal/organizations/${a.org.ID}/recipients`).expect(403);
    const recipients = await h.as(gateway).get(`/internal/organizations/${a.org.ID}/recipients`).expect(200);
    expect(recipients.body.organization).toEqual(res.body.organizations[0]);
    expect(recipients.text).not.toMatch(/password/i);
    await h.as(gateway).get('/internal/organizations/NOSUCHORGANISATI/recipients').expect(404);
    const access = (await h.as(gateway).get(`/internal/organizations/${a.org.ID}/clients/${client.ID}/access`).expect(200)).body;
    expect(access).toMatchObject({ widgetIDs: ['AGENTAAAAAAAAAAA'], allowCreateAgents: true, disabled: false, workspaceId: a.uid });
    await h.as(gateway).post(`/internal/organizations/${a.org.ID}/agents`, { agentId: 'AGENTBBBBBBBBBBB' }).expect(200);
    expect((await h.as(gateway).get(`/internal/organizations/${a.org.ID}/clients/${client.ID}/access`).expect(200)).body.widgetIDs).toEqual(['AGENTAAAAAAAAAAA', 'AGENTBBBBBBBBBBB']);
  });

  it("the invite {email, agencyId} e-mails a one-time login link on the agency's host and answers {success, data: {clientData, sendEmailRes}}", async () => {
    const email = uniqueEmail('invite');
    const { client } = (await saveClient({ orgId: a.org.ID, name: 'Ivy', email, dashboardPassword: password }).expect(200)).body;
    const invite = (body: object, as = a) => h.as(as.person).post(`/v2/workspaces/${as.uid}/clients/invite`, body);
    const answer = (await invite({ email: email.toUpperCase(), agencyId: a.agency.ID }).expect(200)).body;
    expect(answer).toEqual({
      success: true,
      data: { clientData: expect.objectContaining({ ID: client.ID, orgId: a.org.ID, email, name: 'Ivy' }), sendEmailRes: { messageId: expect.any(String), accepted: [email], rejected: [] } },
    });
    // never a password, its hash or a push token
    expect(JSON.stringify(answer)).not.toMatch(/dashboardPassword|passwordHash|FB_PUSH_TOKEN|Abcdefghij/);
    const mail = await nthMailTo(email, 1);
    const token = new URL(/https?:\/\/[^\s"<]+/.exec(mail.html)![0]!.replace(/&amp;/g, '&')).searchParams.get('token')!;
    await h.as(anonymous).post('/client-auth/token', { token }).expect(200);
    await h.as(anonymous).post('/client-auth/token', { token }).expect(401);
  });

  it("the invite's code is the one-time login code of the e-mail; the agencyId must be the caller's agency", async () => {
    const email = uniqueEmail('invitecode');
    await saveClient({ orgId: a.org.ID, name: 'Cody', email, dashboardPassword: password }).expect(200);
    const invite = (body: object, as = a) => h.as(as.person).post(`/v2/workspaces/${as.uid}/clients/invite`, body);
    expect((await invite({ email, agencyId: a.agency.ID, code: '12ab' }).expect(400)).body.message).toBe(CLIENTS_API_MESSAGES.inviteCodeInvalid(CLIENT_SIGN_IN.codeLength));
    expect((await invite({ email: uniqueEmail('nobody'), agencyId: a.agency.ID }).expect(404)).body.message).toBe(MESSAGES.clients.unknownEmail);
    // another agency's workspace naming this agency, or this workspace naming another agency: not found
    const b = await agencyWithOrganization(h, 'eu', 'inviter');
    await invite({ email, agencyId: a.agency.ID }, b).expect(404);
    await invite({ email, agencyId: b.agency.ID }).expect(404);
    expect((await invite({ email, agencyId: a.agency.ID, code: '482913' }).expect(200)).body.data.sendEmailRes.accepted).toEqual([email]);
    const mail = await nthMailTo(email, 1);
    expect(mail.html).toContain('<b>482913</b>');
    const signedIn = (await h.as(anonymous).post('/client-auth/sso', { email, agencyId: a.agency.ID, code: '482913' }).expect(200)).body;
    await h.as(anonymous).post('/client-auth/token', { token: signedIn.clientData.loginToken }).expect(200);
    // the code works once
    await h.as(anonymous).post('/client-auth/sso', { email, agencyId: a.agency.ID, code: '482913' }).expect(400);
  });

  it('deleting a client ends its sessions', async () => {
    const email = uniqueEmail('gone');
    const { client } = (await saveClient({ orgId: a.org.ID, name: 'Gone', email, dashboardPassword: password }).expect(200)).body;
    const { token } = await signInClient(h, email, password, a.agency.ID);
    await h.as(a.person).delete(`/v2/workspaces/${a.uid}/clients/${client.ID}`).expect(200);
    await h.as(gateway).post('/internal/credentials/verify', { credential: token }).expect(404);
  });
});
