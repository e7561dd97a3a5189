import { anonymous, gateway, startHarness, workspaceIdentity, type Harness } from './support/harness';
import { createWorkspace, someone } from './support/people';

describe('POST /internal/access/check (agent service asks about membership)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('answers isMember for the creator (by e-mail or user id) and false for others; 404 for an unknown workspace', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann, 'eu');
    const ask = (body: object, region: 'eu' | 'na' = 'eu') => h.as(gateway, region).post('/internal/access/check', body);
    await ask({ uid: ws.uid, email: ann.email.toUpperCase() }).expect(200, { success: true, isMember: true });
    await ask({ uid: ws.uid, email: 'someone@else.io', userId: ann.userId }).expect(200, { success: true, isMember: true });
    await ask({ uid: ws.uid, email: 'someone@else.io', userId: 'nobody' }).expect(200, { success: true, isMember: false });
    await ask({ uid: ws.uid, email: ann.email }, 'na').expect(404);
    await ask({ uid: ws.uid, email: 'not-an-email' }).expect(400);
  });

  it('refuses anyone but a gateway-signed caller', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann, 'eu');
    await h.as(ann).post('/internal/access/check', { uid: ws.uid, email: ann.email }).expect(403);
    await h.as(workspaceIdentity(ws.uid)).post('/internal/access/check', { uid: ws.uid, email: ann.email }).expect(403);
    await h.as(anonymous).post('/internal/access/check', { uid: ws.uid, email: ann.email }).expect(403);
  });
});
