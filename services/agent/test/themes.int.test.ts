import { AUTH_MESSAGES, themePalette } from '@platform/contracts';
import { THEMES_COLLECTION } from '../src/store/themes';
import { agentIdentity, anonymous, someone, workspaceIdentity } from '@platform/test-support';
import { startMediaHarness, type MediaHarness } from './support/media';

describe('custom themes: GET/POST /v2/themes', () => {
  let h: MediaHarness;
  // Themes belong to the caller's own workspace: a person's Personal one (uid = user id), or the secret's.
  const ann = someone('ann');
  const bob = someone('bob');
  const user = (name: 'ann' | 'bob') => (name === 'ann' ? ann : bob);
  const workspace = (uid: string) => workspaceIdentity(uid);
  const agentKey = (id: string) => agentIdentity(id);
  beforeAll(async () => {
    h = await startMediaHarness();
  });
  afterAll(() => h.close());

  it('saves a theme for the calling user, with the palette computed from the primary', async () => {
    const res = await h.as(user('ann')).post('/v2/themes', { themeType: 'dark', primary: '2563EB' }).expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        ID: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        ownerID: ann.userId,
        themeType: 'dark',
        primary: '#2563eb',
        nineColorPallet: themePalette('#2563eb', 'dark').nineColorPallet,
        createdAt: expect.any(Number),
        lastModified: expect.any(Number),
      },
    });
    const pallet = Array.from({ length: 10 }, (_, i) => [100, 50, 95 - i * 9]);
    await h.as(user('ann')).post('/v2/themes', { primary: '#abc', nineColorPallet: pallet, ownerID: ann.userId }).expect(201);

    const list = await h.as(user('ann')).get('/v2/themes').expect(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.map((t: { primary: string }) => t.primary).sort()).toEqual(['#2563eb', '#aabbcc']);
    expect(list.body.data.find((t: { primary: string }) => t.primary === '#aabbcc').nineColorPallet).toEqual(pallet);
    expect(list.body.data[0]).not.toHaveProperty('_id');
  });

  it('keeps owners apart (users, workspaces, regions)', async () => {
    await h.as(workspace('ws9')).post('/v2/themes', { primary: '#ff0000' }).expect(201);
    expect((await h.as(workspace('ws9')).get('/v2/themes').expect(200)).body.data).toMatchObject([{ ownerID: 'ws9', themeType: 'light', primary: '#ff0000' }]);
    expect((await h.as(user('bob')).get('/v2/themes').expect(200)).body.data).toEqual([]);
    expect((await h.as(workspace('ws9'), 'na').get('/v2/themes').expect(200)).body.data).toEqual([]);
  });

  it('refuses bad themes and callers without writing', async () => {
    const before = await h.documents(THEMES_COLLECTION);
    await h.as(user('ann')).post('/v2/themes', { themeType: 'dark' }).expect(400);
    await h.as(user('ann')).post('/v2/themes', { primary: '#12345' }).expect(400);
    await h.as(user('ann')).post('/v2/themes', { primary: '#123456', themeType: 'sepia' }).expect(400);
    await h.as(user('ann')).post('/v2/themes', { primary: '#123456', nineColorPallet: [[1, 2, 3]] }).expect(400);
    await h.as(user('ann')).post('/v2/themes', { primary: '#123456', ownerID: 'bob' }).expect(403, { success: false, message: 'You can only save themes for yourself.' });
    await h.as(anonymous).post('/v2/themes', { primary: '#123456' }).expect(401, { success: false, message: AUTH_MESSAGES.signInRequired });
    await h.as(agentKey('a1')).post('/v2/themes', { primary: '#123456' }).expect(403);
    await h.as(anonymous).get('/v2/themes').expect(401);
    expect(await h.documents(THEMES_COLLECTION)).toEqual(before);
  });
});
