import { TOPICS, validateEvent, type EventEnvelope } from '@platform/contracts';
import { nthMailTo, readTopicWithKcat, testRelay, uniqueEmail, waitFor } from '@platform/test-support';
import { COLLECTION } from '../src/store/collections';
import { grantWhitelabel, personWithWorkspace, startHarness, type Harness } from './support/harness';

describe('product subdomains and custom domains', () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof testRelay>>;
  beforeAll(async () => {
    relay = await testRelay([COLLECTION.agencies]);
    h = await startHarness({ eventsWritten: () => relay.nudge(), verifyAfterMs: 300 });
    relay.start(h.mongo);
  });
  afterAll(async () => {
    await relay.stop();
    await h.close();
  });

  async function agencyOf(region: 'eu' | 'na' = 'eu') {
    const owner = await personWithWorkspace(h, region);
    const agency = (await h.as(owner.person, region).post(`/v2/workspaces/${owner.uid}/agency`, { name: 'Acme' }).expect(200)).body.agency;
    return { ...owner, agencyId: agency.ID as string };
  }
  const label = () => `a${Math.random().toString(36).slice(2, 10)}`;

  it('sets a product subdomain (normalised), verified at once below the root, and announces it once per subdomain', async () => {
    const { person, uid, agencyId } = await agencyOf();
    const sub = label();
    const set = await h.as(person).post('/vercel-api/custom-domain', { customDomain: ` ${sub.toUpperCase()}.localhost `, userId: uid, agencyId, isVGSubdomain: true }).expect(200);
    expect(set.body).toEqual({ success: true, data: { verification: [] } });
    const query = `domain=${sub}.localhost&domainType=vgSubdomain&userId=${uid}`;
    expect((await h.as(person).get(`/vercel-api/custom-domain?${query}`).expect(200)).body).toEqual({ success: true, isVerified: true });
    const agency = (await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency;
    expect(agency).toMatchObject({ VGsubDomain: `${sub}.localhost`, isVerifiedSubDomain: true });
    // The same subdomain again, another one, then the first again: two announcements in all.
    await h.as(person).post('/vercel-api/custom-domain', { customDomain: sub, userId: uid, agencyId, isVGSubdomain: true }).expect(200);
    const second = label();
    await h.as(person).post('/vercel-api/custom-domain', { customDomain: second, userId: uid, agencyId, isVGSubdomain: true }).expect(200);
    await h.as(person).post('/vercel-api/custom-domain', { customDomain: sub, userId: uid, agencyId, isVGSubdomain: true }).expect(200);

    const records = await waitFor(async () => {
      // The topic appears with its first event.
      const mine = (await readTopicWithKcat(TOPICS.newAgencySubdomain.name).catch(() => [])).filter((r) => r.key === agencyId);
      return mine.length >= 2 ? mine : undefined;
    }, 60_000, 500);
    // Nothing more arrives once the outbox is empty.
    await waitFor(async () => (await h.mongo.collection('eu', COLLECTION.agencies).countDocuments({ _outboxAt: { $exists: true } } as never)) === 0);
    const events = (await readTopicWithKcat(TOPICS.newAgencySubdomain.name)).filter((r) => r.key === agencyId).map((r) => JSON.parse(r.value) as EventEnvelope);
    expect(records).toHaveLength(2);
    expect(events.map((e) => (e.data as { domain: string }).domain)).toEqual([`${sub}.localhost`, `${second}.localhost`]);
    for (const event of events) {
      expect(validateEvent(event).error).toBeUndefined();
      expect(event.data).toMatchObject({ agency: { ID: agencyId }, user: { uid, email: person.email } });
      expect((event.data as { agency: object }).agency).not.toHaveProperty('secret');
    }
    // A DNS reminder per domain.
    expect(await h.mongo.collection('eu', COLLECTION.dnsReminders).countDocuments({ agencyId })).toBe(2);
  });

  it('refuses a subdomain another agency uses, in either region', async () => {
    const first = await agencyOf('na');
    const sub = label();
    await h.as(first.person, 'na').post('/vercel-api/custom-domain', { customDomain: sub, userId: first.uid, agencyId: first.agencyId, isVGSubdomain: true }).expect(200);
    const second = await agencyOf('eu');
    const res = await h.as(second.person).post('/vercel-api/custom-domain', { customDomain: sub, userId: second.uid, agencyId: second.agencyId, isVGSubdomain: true }).expect(409);
    expect(res.body).toEqual({ success: false, message: 'This domain already exists. Please try another one.' });
  });

  it('custom domains need whitelabel, a subdomain, and a host no other account uses in any region', async () => {
    const { person, uid, agencyId } = await agencyOf();
    const host = `app.${label()}.com`;
    const post = (customDomain: string) => h.as(person).post('/vercel-api/custom-domain', { customDomain, userId: uid, agencyId, isCustomDomain: true });
    expect((await post(host).expect(403)).body.message).toBe('This feature is available in whitelabel addon only');
    await grantWhitelabel(h, 'eu', uid);
    expect((await post('').expect(400)).body.message).toBe('Please enter a custom domain');
    expect((await post('Example.com').expect(400)).body.message).toBe('Please input a subdomain: "example.com"');

    const set = await post(host).expect(200);
    expect(set.body.data.verification).toEqual([expect.objectContaining({ type: 'TXT', value: expect.stringContaining('vc-domain-verify=') })]);
    const stored = (await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency;
    expect(stored).toMatchObject({ customDomain: host, isVerifiedCustomDomain: false, customDomainConfig: set.body.data.verification[0] });

    // Verification is polled until the provider finds the records (the sandbox: after 300 ms).
    const query = `domain=${host}&domainType=customDomain&userId=${uid}`;
    const verified = await waitFor(async () => (await h.as(person).get(`/vercel-api/custom-domain?${query}`).expect(200)).body.isVerified === true, 10_000, 100);
    expect(verified).toBe(true);

    // The same host from an agency in the other region: refused.
    const other = await agencyOf('na');
    await grantWhitelabel(h, 'na', other.uid);
    const taken = await h.as(other.person, 'na').post('/vercel-api/custom-domain', { customDomain: host, userId: other.uid, agencyId: other.agencyId, isCustomDomain: true }).expect(409);
    expect(taken.body).toEqual({ success: false, message: 'This domain already exists on another account.' });
    // The provider's own refusal keeps its message.
    const providerTaken = await h.as(other.person, 'na').post('/vercel-api/custom-domain', { customDomain: `taken.${label()}.com`, userId: other.uid, agencyId: other.agencyId, isCustomDomain: true }).expect(409);
    expect(providerTaken.body.message).toBe('This domain already exists on another account.');

    // Delete Domain clears it.
    expect((await h.as(person).delete(`/vercel-api/custom-domain?${query}`).expect(200)).body).toEqual({ success: true, message: 'Domain deleted successfully..' });
    const cleared = (await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency;
    expect(cleared).not.toHaveProperty('customDomain');
    expect(cleared).not.toHaveProperty('customDomainConfig');
  });

  it('e-mails the DNS instructions through SMTP (read in the local inbox) and checks the recipient', async () => {
    const { person, uid } = await agencyOf();
    const to = uniqueEmail('developer');
    const bad = await h.as(person).post('/mail/send-dns-instructions', { to: 'nope', subject: 'DNS', htmlContent: '<p>x</p>', userId: uid }).expect(400);
    expect(bad.body.message).toBe('Please enter a valid recipient email.');
    const sent = await h.as(person).post('/mail/send-dns-instructions', { to, subject: 'DNS setup for acme', htmlContent: '<p>Add a CNAME record</p>', fromDisplayName: 'Acme', userId: uid }).expect(200);
    expect(sent.body).toEqual({ success: true, message: 'DNS instructions sent successfully!' });
    const mail = await nthMailTo(to, 1);
    expect(mail.subject).toBe('DNS setup for acme');
    expect(mail.html).toContain('Add a CNAME record');
  });

  it('answers the gateway which agency a verified host shows, without its secret', async () => {
    const { person, uid, agencyId } = await agencyOf();
    const sub = label();
    await h.as(person).post('/vercel-api/custom-domain', { customDomain: sub, userId: uid, agencyId, isVGSubdomain: true }).expect(200);
    // Not verified yet: unknown host.
    await h.as({ kind: 'gateway' }).get(`/internal/agency-hosts?host=${sub}.localhost`).expect(404);
    await h.as(person).get(`/vercel-api/custom-domain?domain=${sub}.localhost&domainType=vgSubdomain&userId=${uid}`).expect(200);
    const res = await h.as({ kind: 'gateway' }).get(`/internal/agency-hosts?host=${sub}.localhost`).expect(200);
    expect(res.body).toMatchObject({ success: true, poweredBy: true, agency: { ID: agencyId, name: 'Acme' } });
    expect(res.body.agency).not.toHaveProperty('secret');
  });
});
