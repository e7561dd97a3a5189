import { CLIENT_FEEDBACK_UNAVAILABLE, COLLECTIONS } from '@platform/contracts';
import { mailsTo, nthMailTo, uniqueEmail } from '@platform/test-support';
import { agencyWithOrganization, signInClient, startHarness, type Harness } from './support/harness';

/** Send Feedback of the client dashboard (spec 2.10, 6, 7): through the agency's e-mail brand, only with an e-mail domain. */
describe('client feedback', () => {
  let h: Harness;
  let a: Awaited<ReturnType<typeof agencyWithOrganization>>;
  const password = 'Feedback-pass-123';
  const support = uniqueEmail('support');
  const clientEmail = uniqueEmail('feedbackclient');
  let identity: Awaited<ReturnType<typeof signInClient>>['identity'];

  beforeAll(async () => {
    h = await startHarness();
    a = await agencyWithOrganization(h, 'eu', 'feedback');
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/orgs/${a.org.ID}`, { ID: a.org.ID, name: 'Globex' }).expect(200);
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/clients`, { orgId: a.org.ID, name: 'Fay', email: clientEmail, dashboardPassword: password }).expect(200);
    ({ identity } = await signInClient(h, clientEmail, password, a.agency.ID));
  });
  afterAll(() => h.close());

  it('is refused without an agency e-mail domain, and for callers who are not clients', async () => {
    const res = await h.as(identity).post('/v2/client/feedback', { message: 'Hello' }).expect(409);
    expect(res.body).toEqual({ success: false, message: CLIENT_FEEDBACK_UNAVAILABLE });
    await h.as(a.person).post('/v2/client/feedback', { message: 'Hello' }).expect(403);
    await h.as({ kind: 'anonymous' }).post('/v2/client/feedback', { message: 'Hello' }).expect(401);
  });

  it("e-mails the message and its attachment to the agency's support e-mail, answering to the client", async () => {
    await h.as(a.person).post(`/v2/workspaces/${a.uid}/agency`, { supportEmail: support }).expect(200);
    // The e-mail domain is added through the e-mail domain provider's flow (email-domains.int.test.ts); here it is simply there.
    await h.mongo.collection('eu', COLLECTIONS.agencies).updateOne({ _id: a.agency.ID } as never, { $set: { resendEmailDomain: 'feedback-brand.example' } });
    await h.as(identity).post('/v2/client/feedback', { message: '' }).expect(400);
    const attachment = { filename: 'note.txt', contentBase64: Buffer.from('see attached').toString('base64') };
    const res = await h.as(identity).post('/v2/client/feedback', { message: 'The <b>leads</b> page is great', attachments: [attachment] }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Feedback sent!' });
    const mail = await nthMailTo(support, 1);
    expect(mail.subject).toBe(`Feedback from ${clientEmail} (Globex)`);
    expect(mail.html).toContain('The &lt;b&gt;leads&lt;/b&gt; page is great');
    expect((mail as unknown as { attachments?: Array<{ fileName: string }> }).attachments?.[0]?.fileName).toBe('note.txt');
    expect((mail as unknown as { replyTo?: Array<{ address: string }> }).replyTo?.[0]?.address).toBe(clientEmail);
    expect(await mailsTo(support)).toHaveLength(1);
  });
});
