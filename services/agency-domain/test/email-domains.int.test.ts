import { waitFor } from '@platform/test-support';
import { personWithWorkspace, startHarness, type Harness } from './support/harness';

describe('the agency e-mail domain (spec 4.2)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ verifyAfterMs: 300 });
  });
  afterAll(() => h.close());

  it('adds a domain with its records (MX priority 10), goes not_started → pending → verified, and Delete Domain resets it', async () => {
    const { person, uid } = await personWithWorkspace(h);
    const agencyId = (await h.as(person).post(`/v2/workspaces/${uid}/agency`, {}).expect(200)).body.agency.ID;
    const domain = `mail${Date.now().toString(36)}.example.com`;
    const added = await h.as(person).post(`/resend/domains/${domain}`, { domain, userId: uid, agencyId }).expect(200);
    expect(added.body.data.status).toBe('not_started');
    expect(added.body.data.records).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'MX', priority: 10 }), expect.objectContaining({ type: 'TXT', name: 'resend._domainkey' })]));
    const id = added.body.data.id as string;
    let agency = (await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency;
    expect(agency).toMatchObject({ resendEmailDomain: domain, resendEmailDomainId: id, resendEmailDomainStatus: 'not_started' });
    expect(JSON.parse(agency.resendEmailDomainRecords_JSON_STRING)).toHaveLength(3);

    // The same domain again while not verified.
    expect((await h.as(person).post(`/resend/domains/${domain}`, { domain, userId: uid, agencyId }).expect(409)).body.message).toBe('This domain is already added.');

    await h.as(person).post(`/resend/domains/${id}/verify?userId=${uid}`, {}).expect(200, { success: true });
    expect((await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency.resendEmailDomainStatus).toBe('pending');
    const verified = await waitFor(async () => {
      const answer = (await h.as(person).get(`/resend/domains/${id}?userId=${uid}`).expect(200)).body;
      return answer.data.status === 'verified' ? answer : undefined;
    }, 10_000, 100);
    expect(verified.data.records.every((r: { status: string }) => r.status === 'verified')).toBe(true);
    agency = (await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency;
    expect(agency.resendEmailDomainStatus).toBe('verified');

    await h.as(person).delete(`/resend/domains/${id}?userId=${uid}`).expect(200, { success: true });
    agency = (await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency;
    expect(agency.resendEmailDomainStatus).toBe('not_started');
    expect(agency).not.toHaveProperty('resendEmailDomain');
    expect(agency).not.toHaveProperty('resendEmailDomainId');
    expect(agency).not.toHaveProperty('resendEmailDomainRecords_JSON_STRING');
  });

  it("another workspace cannot add, verify, read or delete the agency's e-mail domain", async () => {
    const owner = await personWithWorkspace(h);
    const other = await personWithWorkspace(h);
    const agencyId = (await h.as(owner.person).post(`/v2/workspaces/${owner.uid}/agency`, {}).expect(200)).body.agency.ID;
    const domain = `own${Date.now().toString(36)}.example.com`;
    const id = (await h.as(owner.person).post(`/resend/domains/${domain}`, { domain, userId: owner.uid, agencyId }).expect(200)).body.data.id;
    for (const who of [other.person, other.secret]) {
      await h.as(who).post('/resend/domains/x.example.com', { domain: 'x.example.com', userId: owner.uid, agencyId }).expect(403);
      await h.as(who).post(`/resend/domains/${id}/verify?userId=${owner.uid}`, {}).expect(403);
      await h.as(who).get(`/resend/domains/${id}?userId=${owner.uid}`).expect(403);
      await h.as(who).delete(`/resend/domains/${id}?userId=${owner.uid}`).expect(403);
    }
    // Naming their own workspace finds nothing of the owner's.
    await h.as(other.person).post('/resend/domains/x.example.com', { domain: 'x.example.com', userId: other.uid, agencyId }).expect(403);
    await h.as(other.person).get(`/resend/domains/${id}?userId=${other.uid}`).expect(404);
    expect((await h.as(owner.person).get(`/v2/workspaces/${owner.uid}/agency`).expect(200)).body.agency.resendEmailDomainId).toBe(id);
  });
});
