import { MESSAGES, AUTH_MESSAGES } from '@platform/contracts';
import { SERVICE_MESSAGES } from '../src/domain/messages';
import { COLLECTION } from '../src/store/collections';
import { anonymous, snapshot, startHarness, workspaceIdentity, type Harness } from './support/harness';
import { mailsTo, nthMailTo } from '@platform/test-support';
import { createWorkspace, inviteByMail, signInWithCode, someone, uniqueEmail } from './support/people';

describe('invitations and seats', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ invitations: { maxPerWorkspace: 6 } });
  });
  afterAll(() => h.close());

  const members = async (uid: string, region: 'eu' | 'na' = 'eu') =>
    ((await h.mongo.collection(region, COLLECTION.workspaces).findOne({ _id: uid } as never)) as { workspaceEmails?: string[] } | null)?.workspaceEmails;
  const addSeats = (uid: string, workspaceSeats: number) =>
    h.mongo.collection('eu', COLLECTION.workspaces).updateOne({ _id: uid } as never, { $set: { 'internal.customPlan': { userId: 'u', billingCycle: 'monthly', limits: { workspaceSeats } } } });

  it('e-mails a magic link; the invitee signs in with a code and joins', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann, 'na', 'North team');
    const bobEmail = uniqueEmail('bob');
    const { link, response } = await inviteByMail(h, ann, ws.uid, bobEmail.toUpperCase(), 'na');
    expect(response.body).toEqual({ success: true, data: { email: bobEmail, link: link.toString() } });
    expect(`${link.origin}${link.pathname}`).toBe(`${h.config.publicUrl}/no-auth/workspaces/${ws.uid}/invite`);
    expect(link.searchParams.get('email')).toBe(bobEmail);
    expect(link.searchParams.get('secret')).toMatch(/^[A-Za-z0-9]{32}$/);
    const [mail] = await mailsTo(bobEmail);
    expect(mail!.subject).toBe("You're invited to join North team");
    expect(mail!.html).toContain(ann.email);
    const stored = await h.mongo.collection('na', COLLECTION.invitations).findOne({ uid: ws.uid });
    expect(JSON.stringify(stored)).not.toContain(link.searchParams.get('secret')!);

    // The shell stored the link, the person signs in, then posts their e-mail to it (in the default region).
    const bob = await signInWithCode(h, bobEmail, 'eu');
    const joined = await h.as(bob.identity, 'eu').post(`${link.pathname}${link.search}`, { email: bobEmail }).expect(200);
    expect(joined.body.data).toEqual({ uid: ws.uid, region: 'na', workspaceName: 'North team', isOwn: false, secret: ws.workspaceSecret });
    expect(await members(ws.uid, 'na')).toEqual([ann.email, bobEmail]);
    const session = await h.as(bob.identity).get('/v2/auth/session').expect(200);
    expect(session.body.workspaces).toContainEqual(joined.body.data);
    // Posting the same link again is harmless while a member.
    await h.as(bob.identity, 'na').post(`${link.pathname}${link.search}`, { email: bobEmail }).expect(200);
    expect(await members(ws.uid, 'na')).toHaveLength(2);
  });

  it('refuses self, members and bad addresses with the spec messages', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    const before = await snapshot(h.mongo);
    const invite = (to: unknown, who = ann) => h.as(who).post(`/v2/workspaces/${ws.uid}/email`, { to });
    await invite(ann.email.toUpperCase()).expect(400, { success: false, message: MESSAGES.workspace.inviteSelf });
    await invite(ann.email, workspaceIdentity(ws.uid) as never).expect(400, { success: false, message: MESSAGES.workspace.inviteSelf });
    for (const bad of ['', 'no-at-sign.com', 'no-dot@localhost', 'two words@x.co', `${'x'.repeat(250)}@x.co`]) {
      await invite(bad).expect(400, { success: false, message: MESSAGES.workspace.inviteEmailInvalid });
    }
    await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, { to: 'c@x.co', html: 1 }).expect(400);
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('sends its own template whatever subject and html the inviter gives', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann, 'eu', 'Template team');
    const to = uniqueEmail('templated');
    const phishing = { to, subject: 'Your account is locked', html: '<a href="https://evil.example">Unlock</a>' };
    await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, phishing).expect(200);
    const mail = await nthMailTo(to, 1);
    expect(mail.subject).toBe("You're invited to join Template team");
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).toContain(`/no-auth/workspaces/${ws.uid}/invite`);
  });

  it('answers 400 with a clear message when the mail server refuses the address, and keeps no invitation', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    for (const refused of ['a..b@example.com', 'a<b>@example.com']) {
      await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, { to: refused }).expect(400, { success: false, message: SERVICE_MESSAGES.addressRefused(refused) });
    }
    expect(await h.mongo.collection('eu', COLLECTION.invitations).countDocuments({ uid: ws.uid })).toBe(0);
  });

  it('stops inviting when the seats are full (base 2 plus the plan seats)', async () => {
    const ann = someone('ann');
    const bob = someone('bob');
    const ws = await createWorkspace(h, ann);
    const { path } = await inviteByMail(h, ann, ws.uid, bob.email);
    await h.as(bob).post(path, { email: bob.email }).expect(200);
    await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, { to: bob.email }).expect(409, { success: false, message: SERVICE_MESSAGES.alreadyMember(bob.email) });
    const before = await snapshot(h.mongo);
    await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, { to: uniqueEmail('carol') }).expect(409, { success: false, message: MESSAGES.workspace.seatLimitReached });
    expect(await snapshot(h.mongo)).toEqual(before);
    await addSeats(ws.uid, 1);
    await inviteByMail(h, ann, ws.uid, uniqueEmail('carol'));
  });

  it('refuses a join without a free seat', async () => {
    const ann = someone('ann');
    const [bob, carol] = [someone('bob'), someone('carol')];
    const ws = await createWorkspace(h, ann);
    const bobLink = await inviteByMail(h, ann, ws.uid, bob.email);
    const carolLink = await inviteByMail(h, ann, ws.uid, carol.email);
    await h.as(bob).post(bobLink.path, { email: bob.email }).expect(200);
    await h.as(carol).post(carolLink.path, { email: carol.email }).expect(409, { success: false, message: MESSAGES.workspace.joinWithoutSeats });
    expect(await members(ws.uid)).toEqual([ann.email, bob.email]);
  });

  it('never exceeds the seats under concurrent joins', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    await addSeats(ws.uid, 1);
    const people = [someone('p1'), someone('p2'), someone('p3'), someone('p4'), someone('p5')];
    const links = [];
    // Invitations only check seats against members, so all five go out; the joins race for 2 seats.
    for (const person of people) links.push(await inviteByMail(h, ann, ws.uid, person.email));
    const results = await Promise.all(people.map((person, i) => h.as(person).post(links[i]!.path, { email: person.email })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await members(ws.uid)).toHaveLength(3);
  });

  it('admits only the invited person, signed in, with the right link', async () => {
    const ann = someone('ann');
    const bob = someone('bob');
    const ws = await createWorkspace(h, ann);
    const { link, path } = await inviteByMail(h, ann, ws.uid, bob.email);
    const otherWorkspace = await createWorkspace(h, ann);
    const before = await snapshot(h.mongo);
    const eve = someone('eve');
    await h.as(anonymous).post(path, { email: bob.email }).expect(401, { success: false, message: AUTH_MESSAGES.signInRequired });
    await h.as(eve).post(path, { email: bob.email }).expect(403, { success: false, message: SERVICE_MESSAGES.invitationOtherEmail });
    await h.as(eve).post(path, { email: eve.email }).expect(403);
    await h.as(workspaceIdentity(ws.uid)).post(path, { email: bob.email }).expect(403);
    const wrongSecret = `${link.pathname}?secret=${'A'.repeat(32)}&email=${encodeURIComponent(bob.email)}`;
    await h.as(bob).post(wrongSecret, { email: bob.email }).expect(404, { success: false, message: SERVICE_MESSAGES.invitationInvalid });
    await h.as(bob).post(`/no-auth/workspaces/${otherWorkspace.uid}/invite${link.search}`, { email: bob.email }).expect(404);
    await h.as(bob).post(`${link.pathname}?email=${encodeURIComponent(bob.email)}`, { email: bob.email }).expect(400);
    await h.as(bob).post(path, {}).expect(400);
    expect(await snapshot(h.mongo)).toEqual(before);
    h.advanceClock(7 * 24 * 3600 * 1000 + 1000);
    await h.as(bob).post(path, { email: bob.email }).expect(404, { success: false, message: SERVICE_MESSAGES.invitationInvalid });
  });

  it('removes members, but not oneself nor the owner; a removed member cannot reuse the link', async () => {
    const ann = someone('ann');
    const bob = someone('bob');
    const ws = await createWorkspace(h, ann);
    const { path } = await inviteByMail(h, ann, ws.uid, bob.email);
    await h.as(bob).post(path, { email: bob.email }).expect(200);
    const remove = (who: typeof ann, email: string) => h.as(who).post(`/v2/workspaces/${ws.uid}/members/remove`, { email });
    await remove(bob, bob.email.toUpperCase()).expect(400, { success: false, message: MESSAGES.workspace.cannotRemoveSelf });
    await remove(bob, ann.email).expect(400, { success: false, message: SERVICE_MESSAGES.ownerCannotBeRemoved });
    await remove(ann, uniqueEmail('nobody')).expect(404, { success: false, message: SERVICE_MESSAGES.notAMember });
    await remove(someone('eve'), bob.email).expect(403);
    const res = await remove(ann, bob.email).expect(200);
    expect(res.body.data.workspaceEmails).toEqual([ann.email]);
    await h.as(bob).post(path, { email: bob.email }).expect(404, { success: false, message: SERVICE_MESSAGES.invitationInvalid });
    await h.as(bob).get(`/v2/workspaces/${ws.uid}`).expect(403);
  });

  it('limits invitations per workspace and window', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    await addSeats(ws.uid, 50);
    for (let i = 0; i < 6; i += 1) await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, { to: uniqueEmail('many') }).expect(200);
    await h.as(ann).post(`/v2/workspaces/${ws.uid}/email`, { to: uniqueEmail('many') }).expect(429, { success: false, message: SERVICE_MESSAGES.tooManyInvitations });
  });
});
