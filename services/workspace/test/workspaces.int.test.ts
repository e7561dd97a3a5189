import { MESSAGES, AUTH_MESSAGES } from '@platform/contracts';
import request from 'supertest';
import { SERVICE_MESSAGES } from '../src/domain/messages';
import { COLLECTION } from '../src/store/collections';
import { anonymous, gateway, snapshot, startHarness, workspaceIdentity, type Harness } from './support/harness';
import { createWorkspace, someone } from './support/people';

describe('workspaces', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const raw = (region: 'eu' | 'na', uid: string) => h.mongo.collection(region, COLLECTION.workspaces).findOne({ _id: uid } as never);

  it('creates a workspace from the switcher in the request region', async () => {
    const ann = someone('ann');
    const res = await h.as(ann, 'na').post('/v2/workspaces', { workspaceName: '  Agency work ' }).expect(201);
    const data = res.body.data;
    expect(data).toMatchObject({ region: 'na', workspaceName: 'Agency work', loadTokens: 0, freeLTsTS: 99999999999999, workspaceEmails: [ann.email], email: ann.email });
    expect(data.uid).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(data.workspaceSecret).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect(data).not.toHaveProperty('_id');
    expect(data).not.toHaveProperty('ownerUserId');
    expect(await raw('eu', data.uid)).toBeNull();
    expect(await raw('na', data.uid)).toMatchObject({ ownerUserId: ann.userId });
    const named = await h.as(ann, 'eu').post('/v2/workspaces', { workspaceName: 'North', region: 'na' }).expect(201);
    expect(await raw('na', named.body.data.uid)).toMatchObject({ region: 'na', workspaceName: 'North' });
  });

  it('refuses bad creations without writing', async () => {
    const ann = someone('ann');
    const before = await snapshot(h.mongo);
    await h.as(ann).post('/v2/workspaces', {}).expect(400, { success: false, message: MESSAGES.workspace.nameRequired });
    await h.as(ann).post('/v2/workspaces', { workspaceName: '   ' }).expect(400, { success: false, message: MESSAGES.workspace.nameRequired });
    await h.as(ann).post('/v2/workspaces', { workspaceName: 'x'.repeat(101) }).expect(400);
    await h.as(ann).post('/v2/workspaces', { workspaceName: 7 }).expect(400);
    await h.as(ann).post('/v2/workspaces', { workspaceName: 'ok', loadTokens: 1e9 }).expect(400);
    await h.as(ann).post('/v2/workspaces', { workspaceName: 'ok', region: 'us' }).expect(400);
    await h.as(anonymous).post('/v2/workspaces', { workspaceName: 'ok' }).expect(401, { success: false, message: AUTH_MESSAGES.signInRequired });
    await h.as(workspaceIdentity('abc')).post('/v2/workspaces', { workspaceName: 'ok' }).expect(403, { success: false, message: SERVICE_MESSAGES.createNeedsUser });
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('saves the name and merges internal flags, keeping the rest of internal', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    await h.mongo.collection('eu', COLLECTION.workspaces).updateOne({ _id: ws.uid } as never, { $set: { 'internal.customPlan': { userId: ann.userId, billingCycle: 'monthly', limits: { workspaceSeats: 3 } } } });
    const events = { endpoint: 'https://hooks.example.com/agent', subscribedEvents: ['agent.created'] };
    const res = await h.as(ann).post(`/v2/workspaces/${ws.uid}`, { workspaceName: 'Renamed', internal: { isAgentOnboardingDone: true, events } }).expect(200);
    expect(res.body.data).toMatchObject({ workspaceName: 'Renamed', internal: { isAgentOnboardingDone: true, events, customPlan: { limits: { workspaceSeats: 3 } } } });
    expect(await raw('eu', ws.uid)).toMatchObject({ workspaceName: 'Renamed', internal: { events, customPlan: { billingCycle: 'monthly' } } });
  });

  it('refuses bad saves with the message and changes nothing', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    const before = await snapshot(h.mongo);
    const save = (body: object) => h.as(ann).post(`/v2/workspaces/${ws.uid}`, body);
    await save({}).expect(400, { success: false, message: MESSAGES.workspace.nameRequired });
    await save({ workspaceName: '' }).expect(400, { success: false, message: MESSAGES.workspace.nameRequired });
    await save({ workspaceName: 'ok', loadTokens: 5000 }).expect(400);
    await save({ workspaceName: 'ok', workspaceEmails: ['evil@example.com'] }).expect(400);
    await save({ workspaceName: 'ok', workspaceSecret: 'vg_AAAAAAAAAAAAAAAAAAAA' }).expect(400);
    await save({ workspaceName: 'ok', internal: { customPlan: { userId: 'x', billingCycle: 'monthly', limits: { workspaceSeats: 99 } } } }).expect(400);
    await save({ workspaceName: 'ok', internal: { events: { endpoint: 'http://127.0.0.1:9000/x' } } }).expect(400, {
      success: false,
      message: SERVICE_MESSAGES.eventsEndpointNotPublic,
    });
    await save({ workspaceName: 'ok', internal: { events: { endpoint: 'http://169.254.169.254/latest' } } }).expect(400);
    await h.as(ann).post('/v2/workspaces/bad$uid', { workspaceName: 'ok' }).expect(400);
    await h.as(ann).post(`/v2/workspaces/${'a'.repeat(129)}`, { workspaceName: 'ok' }).expect(400);
    await h.as(ann).post('/v2/workspaces/NoSuchWorkspace', { workspaceName: 'ok' }).expect(404, { success: false, message: MESSAGES.workspace.notFound });
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('deletes only with the confirmation, only what the user created, never their own', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann);
    const before = await snapshot(h.mongo);
    await h.as(ann).delete(`/v2/workspaces/${ws.uid}`).expect(400, { success: false, message: AUTH_MESSAGES.deleteConfirmation });
    await h.as(ann).delete(`/v2/workspaces/${ws.uid}`, { confirmation: 'this action cannot be undone' }).expect(400);
    await h.as(ann).delete(`/v2/workspaces/${ann.userId}`, { confirmation: 'THIS ACTION CANNOT BE UNDONE' }).expect(404);
    expect(await snapshot(h.mongo)).toEqual(before);

    await h.as(ann).delete(`/v2/workspaces/${ws.uid}`, { confirmation: 'THIS ACTION CANNOT BE UNDONE' }).expect(200, { success: true });
    await h.as(ann).get(`/v2/workspaces/${ws.uid}`).expect(404, { success: false, message: MESSAGES.workspace.notFound });
    await h.as(gateway).post('/internal/credentials/verify', { credential: ws.workspaceSecret }).expect(404);
    const tombstone = await raw('eu', ws.uid);
    expect(Object.keys(tombstone!).sort()).toEqual(['_id', '_outbox', '_outboxAt', 'deletedAt', 'region', 'uid']);
    // Events not yet relayed (here: the creation) survive the delete.
    expect(tombstone!._outbox.map((entry: { envelope: { type: string } }) => entry.envelope.type)).toEqual(['workspace.created', 'workspace.deleted']);
    expect(tombstone!._outbox[1].envelope).toMatchObject({ workspaceId: ws.uid, data: { uid: ws.uid } });
  });

  it("refuses deleting the user's own Personal workspace", async () => {
    const ann = someone('ann');
    await h.mongo.collection('eu', COLLECTION.workspaces).insertOne({
      _id: ann.userId, uid: ann.userId, ownerUserId: ann.userId, email: ann.email, region: 'eu', workspaceName: 'PersonalAbcde',
      workspaceSecret: `vg_${ann.userId.padEnd(20, 'x').slice(0, 20)}`, workspaceEmails: [ann.email],
    } as never);
    const before = await snapshot(h.mongo);
    await h.as(ann).delete(`/v2/workspaces/${ann.userId}`, { confirmation: 'THIS ACTION CANNOT BE UNDONE' }).expect(403, { success: false, message: SERVICE_MESSAGES.deletePersonal });
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it('verifies workspace secrets for the gateway only, per region', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann, 'na');
    const verify = (identity = gateway, region: 'eu' | 'na' = 'na', body: object = { credential: ws.workspaceSecret }) =>
      h.as(identity, region).post('/internal/credentials/verify', body);
    await verify().expect(200, { success: true, identity: { kind: 'workspace', workspaceId: ws.uid, region: 'na' } });
    await verify(gateway, 'eu').expect(404, { success: false, message: SERVICE_MESSAGES.unknownCredential });
    await verify(ann).expect(403, { success: false, message: SERVICE_MESSAGES.gatewayOnly });
    await verify(workspaceIdentity(ws.uid, 'na')).expect(403);
    await verify(gateway, 'na', { credential: 'vg_AAAAAAAAAAAAAAAAAAAA' }).expect(404);
    await verify(gateway, 'na', { credential: { $ne: null } }).expect(400);
    await verify(gateway, 'na', {}).expect(400);
  });

  it('answers /public/users with the secret for members only, looking in both regions', async () => {
    const ann = someone('ann');
    const ws = await createWorkspace(h, ann, 'na');
    await h.mongo.collection('na', COLLECTION.workspaces).updateOne({ _id: ws.uid } as never, {
      $set: { hasEverPaid: true, 'internal.whitelabel_trial': true, 'internal.events': { endpoint: 'https://h.example.com' } },
    });
    const path = `/public/users/${ws.uid}?agencyId=agency1`;
    const open = await h.as(anonymous, 'eu').get(path).expect(200);
    expect(open.body).toEqual({ success: true, data: { hasEverPaid: true, internal: { whitelabel_trial: true } } });
    const member = await h.as(ann, 'eu').get(path).expect(200);
    expect(member.body.data).toMatchObject({ workspaceSecret: ws.workspaceSecret, hasEverPaid: true, internal: { events: { endpoint: 'https://h.example.com' } } });
    const bySecret = await h.as(workspaceIdentity(ws.uid, 'na'), 'na').get(path).expect(200);
    expect(bySecret.body.data.workspaceSecret).toBe(ws.workspaceSecret);
    const stranger = await h.as(someone('bob'), 'na').get(path).expect(200);
    expect(stranger.body.data.workspaceSecret).toBeUndefined();
    await h.as(anonymous).get(`/public/users/${ws.uid}`).expect(400);
    await h.as(anonymous).get('/public/users/NoSuchUser?agencyId=a1').expect(404, { success: false, message: MESSAGES.workspace.notFound });
  });

  it('serves its OpenAPI document without the gateway signature', async () => {
    const res = await request(h.app).get('/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v2/auth/code', '/v2/workspaces/{uid}', '/no-auth/workspaces/{uid}/invite']));
    await request(h.app).get('/v2/workspaces/abc').expect(401);
  });
});
