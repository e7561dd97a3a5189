import { agencyIdentity, agentIdentity, anonymous, snapshot } from '@platform/test-support';
import { personWithWorkspace, startHarness, type Harness } from './support/harness';

describe('only the owning workspace reads or changes its agency, secret and domains', () => {
  let h: Harness;
  let owner: Awaited<ReturnType<typeof personWithWorkspace>>;
  let other: Awaited<ReturnType<typeof personWithWorkspace>>;
  let agencyId: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = await personWithWorkspace(h, 'eu', 'owner');
    other = await personWithWorkspace(h, 'eu', 'other');
    agencyId = (await h.as(owner.person).post(`/v2/workspaces/${owner.uid}/agency`, { name: 'Owned' }).expect(200)).body.agency.ID;
    await h.as(owner.person).post('/vercel-api/custom-domain', { customDomain: 'owned', userId: owner.uid, agencyId, isVGSubdomain: true }).expect(200);
  });
  afterAll(() => h.close());

  const strangers = () => [other.person, other.secret, agentIdentity('AAAAAAAAAAAAAAAA'), agencyIdentity(agencyId)];
  let before: Record<string, unknown[]>;
  beforeEach(async () => {
    before = await snapshot(h.mongo);
  });
  afterEach(async () => {
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('GET /v2/workspaces/{uid}/agency', async () => {
    for (const who of strangers()) await h.as(who).get(`/v2/workspaces/${owner.uid}/agency`).expect(403);
    await h.as(anonymous).get(`/v2/workspaces/${owner.uid}/agency`).expect(401);
  });

  it('POST /v2/workspaces/{uid}/agency', async () => {
    for (const who of strangers()) await h.as(who).post(`/v2/workspaces/${owner.uid}/agency`, { name: 'Hijacked' }).expect(403);
    await h.as(anonymous).post(`/v2/workspaces/${owner.uid}/agency`, { name: 'Hijacked' }).expect(401);
  });

  it('POST /v2/workspaces/{uid}/agency/secret', async () => {
    for (const who of strangers()) await h.as(who).post(`/v2/workspaces/${owner.uid}/agency/secret`, {}).expect(403);
  });

  it('GET /v2/workspaces/{uid}/agency/font', async () => {
    for (const who of strangers()) await h.as(who).get(`/v2/workspaces/${owner.uid}/agency/font?family=Rubik`).expect(403);
  });

  it("POST /vercel-api/custom-domain (naming the owner, or naming the agency from one's own workspace)", async () => {
    for (const who of strangers()) await h.as(who).post('/vercel-api/custom-domain', { customDomain: 'stolen', userId: owner.uid, agencyId, isVGSubdomain: true }).expect(403);
    // Their own workspace, the owner's agency: refused too.
    await h.as(other.person).post('/vercel-api/custom-domain', { customDomain: 'stolen', userId: other.uid, agencyId, isVGSubdomain: true }).expect(403);
  });

  it('GET and DELETE /vercel-api/custom-domain', async () => {
    const query = `domain=owned.localhost&domainType=vgSubdomain&userId=${owner.uid}`;
    for (const who of strangers()) {
      await h.as(who).get(`/vercel-api/custom-domain?${query}`).expect(403);
      await h.as(who).delete(`/vercel-api/custom-domain?${query}`).expect(403);
    }
    // Asking about the owner's domain as one's own workspace finds nothing of theirs.
    await h.as(other.person).delete(`/vercel-api/custom-domain?domain=owned.localhost&domainType=vgSubdomain&userId=${other.uid}`).expect(404);
  });

  it('POST /mail/send-dns-instructions', async () => {
    for (const who of strangers()) {
      await h.as(who).post('/mail/send-dns-instructions', { to: 'dev@example.com', subject: 's', htmlContent: '<p>x</p>', userId: owner.uid }).expect(403);
    }
  });

  it('GET /internal/agency-hosts is for the gateway only', async () => {
    for (const who of [owner.person, owner.secret, anonymous]) {
      const res = await h.as(who).get('/internal/agency-hosts?host=owned.localhost');
      expect([401, 403]).toContain(res.status);
    }
  });
});
