import { AGENCY_DEFAULTS, DEFAULT_AGENCY_BRANDING_TEXT } from '@platform/contracts';
import { COLLECTION } from '../src/store/collections';
import { personWithWorkspace, startHarness, type Harness } from './support/harness';

describe('agency settings (spec 3.1, 4.1, 4.4)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('has no agency before the first save; the first save creates it with the defaults, later saves merge', async () => {
    const { person, uid } = await personWithWorkspace(h);
    const empty = await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200);
    expect(empty.body).toEqual({ success: true, agency: null, whitelabel: false, rootDomain: 'localhost' });

    const first = await h.as(person).post(`/v2/workspaces/${uid}/agency`, { customCSS: '.x{color:red}' }).expect(200);
    expect(first.body).toMatchObject({ success: true, initialized: true, message: 'Saved successfully' });
    expect(first.body.agency).toMatchObject({ ...AGENCY_DEFAULTS, userId: uid, customCSS: '.x{color:red}' });
    expect(first.body.agency.secret).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(first.body.agency.createdAt).toEqual(expect.any(Number));
    expect(first.body.agency.lastModified).toEqual(expect.any(Number));

    const second = await h.as(person).post(`/v2/workspaces/${uid}/agency`, { name: 'Acme AI', settings: { disablePasswordLogin: true } }).expect(200);
    expect(second.body.initialized).toBe(false);
    expect(second.body.agency).toMatchObject({ ID: first.body.agency.ID, name: 'Acme AI', customCSS: '.x{color:red}', settings: { disablePasswordLogin: true } });
    const read = await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200);
    expect(read.body.agency).toEqual(second.body.agency);
  });

  it('refuses bad fields with the spec messages and changes nothing', async () => {
    const { person, uid } = await personWithWorkspace(h);
    const res = await h.as(person).post(`/v2/workspaces/${uid}/agency`, { customTabs: [{ href: 'no-slash' }] }).expect(400);
    expect(res.body).toEqual({ success: false, message: 'URL must include a leading slash (/)' });
    const dup = await h.as(person).post(`/v2/workspaces/${uid}/agency`, { customTabs: [{ href: '/a' }, { href: '/a' }] }).expect(400);
    expect(dup.body.message).toBe('This URL is already used by another tab');
    const reserved = await h.as(person).post(`/v2/workspaces/${uid}/agency`, { customTabs: [{ href: '/overview' }] }).expect(400);
    expect(reserved.body.message).toBe('This URL is reserved for a default tab');
    await h.as(person).post(`/v2/workspaces/${uid}/agency`, { themeVariant: 'neon' }).expect(400);
    expect(await h.mongo.collection('eu', COLLECTION.agencies).countDocuments({ userId: uid })).toBe(0);
  });

  it('Regen Secret replaces the 25-character secret', async () => {
    const { person, uid } = await personWithWorkspace(h);
    await h.as(person).post(`/v2/workspaces/${uid}/agency/secret`, {}).expect(404);
    const saved = (await h.as(person).post(`/v2/workspaces/${uid}/agency`, {}).expect(200)).body.agency;
    const res = await h.as(person).post(`/v2/workspaces/${uid}/agency/secret`, {}).expect(200);
    expect(res.body.secret).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(res.body.secret).not.toBe(saved.secret);
    expect((await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200)).body.agency.secret).toBe(res.body.secret);
  });

  it('retires duplicate unmodified default agencies (userId deleted-{uid}) and keeps the real one', async () => {
    const { person, uid } = await personWithWorkspace(h);
    const agencies = h.mongo.collection('eu', COLLECTION.agencies);
    await agencies.insertMany([
      { _id: 'dupNeverModified', ID: 'dupNeverModified', userId: uid, name: 'Default', createdAt: 1 },
      { _id: 'dupDefaultText', ID: 'dupDefaultText', userId: uid, brandingText: DEFAULT_AGENCY_BRANDING_TEXT, lastModified: 5, createdAt: 2 },
      { _id: 'realOne', ID: 'realOne', userId: uid, name: 'Real', brandingText: 'Ours', lastModified: 9, createdAt: 3 },
    ] as never[]);
    const res = await h.as(person).get(`/v2/workspaces/${uid}/agency`).expect(200);
    expect(res.body.agency.ID).toBe('realOne');
    expect((await agencies.find({ userId: `deleted-${uid}` }).toArray()).map((a) => a.ID).sort()).toEqual(['dupDefaultText', 'dupNeverModified']);
  });

  it("serves an html custom tab's page under its own sandboxing CSP, framed only by the product", async () => {
    const { person, uid } = await personWithWorkspace(h);
    await h.as(person).post(`/v2/workspaces/${uid}/agency`, { customTabs: [{ href: '/faq', pageType: 'html', htmlContent: '<p id="x">FAQ</p>', jsContent: 'document.title = "ran"' }] }).expect(200);
    const page = await h.as(person).get(`/v2/workspaces/${uid}/agency/custom-tab?href=%2Ffaq`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.text).toContain('<p id="x">FAQ</p>');
    expect(page.text).toContain('window.dashboardVariables=');
    await h.as(person).get(`/v2/workspaces/${uid}/agency/custom-tab?href=%2Fnone`).expect(404);
  });

  it('validates fonts against the fonts service; inherit is always accepted', async () => {
    const { person, uid } = await personWithWorkspace(h);
    const check = async (family: string) => (await h.as(person).get(`/v2/workspaces/${uid}/agency/font?family=${encodeURIComponent(family)}`).expect(200)).body.valid;
    expect(await check('Open Sans')).toBe(true);
    expect(await check('Rubik')).toBe(true);
    expect(await check('inherit')).toBe(true);
    expect(await check('Comic Nonsense')).toBe(false);
  });
});
