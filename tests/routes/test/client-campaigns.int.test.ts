/**
 * Agency clients on WhatsApp templates and campaigns (issue 12, ADR 0040, 0043): createTemplate and
 * getLongAccessToken are `userOrClient` like the other Meta sign-in helpers (a client names its
 * agent, needs /channels); the Campaigns page's routes admit clients whose access names
 * /campaigns, for their organisation's agents only. The real agent, agency-domain and channels
 * services, the Meta sandbox, FerretDB.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CAMPAIGN_MESSAGES } from '@platform/contracts';
import { SecretBox, type Identity } from '@platform/kit';
import {
  serviceSlot,
  snapshot,
  startAgencyDomainService,
  startAgentService,
  setUpAgencyWithClients,
  startChannelsService,
  type AgentService,
  type RunningService,
} from '@platform/test-support';
import { spawnSandbox, type RunningSandbox } from '../../../infra/sandboxes/telegram/test/spawn-sandbox';

const metaUserToken = () => `EAA${randomBytes(16).toString('hex')}`;
const wabaOf = () => String(100_000_000_000_000 + Math.floor(Math.random() * 800_000_000_000_000));

describe('agency clients: WhatsApp templates and the Campaigns page', () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let channels: Awaited<ReturnType<typeof startChannelsService>>;
  let meta: RunningSandbox;
  let owner: Identity;
  let uid: string;
  let agentX: string; // org1's
  let agentY: string; // org2's
  let withChannels: Identity; // org1, /home and /channels
  let withDefaults: Identity; // org1, the default pages (with /campaigns)
  let homeOnly: Identity; // org1, /home
  let otherOrg: Identity; // org2, /channels and /campaigns
  let phoneId: string;
  const phones = ['+1 555 010 0001', '+1 555 010 0002'];

  beforeAll(async () => {
    const slot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    agency = await startAgencyDomainService(h, slot);
    meta = await spawnSandbox(path.resolve(__dirname, '../../../infra/sandboxes/meta/server.js'));
    const channelCredentialsKey = randomBytes(32).toString('hex');
    channels = await startChannelsService(h, { config: { metaGraphBase: meta.url, channelCredentialsKey } });
    const set = await setUpAgencyWithClients(h, agency, 'Agency Campaigns');
    ({ owner, uid, agentX, agentY } = set);
    withChannels = await set.addClient(set.org1, ['/home', '/channels']);
    withDefaults = await set.addClient(set.org1);
    homeOnly = await set.addClient(set.org1, ['/home']);
    otherOrg = await set.addClient(set.org2, ['/channels', '/campaigns']);

    // the agency connects agentX's WhatsApp number; two people left their phone numbers in its chats
    const longAccessToken = (await channels.as(owner).post('/procedures/exchangeMetaToken', { token: metaUserToken() }).expect(200)).body.longer_access_token;
    const wabaId = wabaOf();
    phoneId = `${wabaId}01`;
    await channels.as(owner).post('/procedures/getDetailsOfWhatsappNumber', { wabaId, longAccessToken }).expect(200);
    // connected as connectWhatsappNumber stores it (Meta's webhook check needs the public URL, which this set-up has not)
    const longAccessTokenSealed = new SecretBox(channelCredentialsKey).seal(longAccessToken);
    await h.mongo.collection('eu', 'waNumbers').insertOne({ _id: phoneId, agentId: agentX, wabaId, phoneId, phoneNumber: '+1 555-0101', longAccessToken: longAccessTokenSealed, workspaceId: uid, createdAt: new Date() } as never);
    const now = Date.now();
    await h.mongo.collection('eu', 'conversations').insertMany(
      phones.map((phone, i) => ({ _id: `campaignlead${i}${now}`, agentId: agentX, workspaceId: uid, channel: 'web', recorded: true, createdAt: now, updatedAt: now + i, messages: [], leads: [{ phone, ts: now + i }], userMessages: 1, answeredMessageIds: [] })) as never[],
    );
  });
  afterAll(async () => {
    await channels.close();
    await meta.stop();
    await agency.close();
    await h.close();
  });

  const template = (agentId: string) => ({ longAccessToken: `EAAL${randomBytes(16).toString('hex')}`, wabaId: wabaOf(), name: 'order_update', language: 'en_US', bodyText: 'Your order has shipped.', agentId });

  it("createTemplate and getLongAccessToken: a client with /channels passes for its organisation's agent; another organisation's client is refused", async () => {
    expect((await channels.as(withChannels).post('/procedures/createTemplate', template(agentX)).expect(200)).body.data).toMatchObject({ status: 'PENDING' });
    expect((await channels.as(withChannels).post('/procedures/createTemplate', { ...template(agentX), name: 'Order Update' }).expect(400)).body).toEqual({ success: false, message: 'Invalid template info' });
    expect((await channels.as(withChannels).post('/procedures/getLongAccessToken', { token: metaUserToken(), agentId: agentX }).expect(200)).body.access_token).toMatch(/^EAAL/);

    const before = await snapshot(h.mongo);
    for (const [path, body] of [['/procedures/createTemplate', template(agentX)], ['/procedures/getLongAccessToken', { token: metaUserToken(), agentId: agentX }]] as const) {
      expect([path, (await channels.as(otherOrg).post(path, body).expect(403)).body]).toEqual([path, { success: false, message: 'You do not have access to this agent.' }]);
      expect([path, (await channels.as(homeOnly).post(path, body).expect(403)).body]).toEqual([path, { success: false, message: 'Your account cannot open Channels.' }]);
      const { agentId: _agentId, ...unnamed } = body;
      expect([path, (await channels.as(withChannels).post(path, unnamed).expect(400)).body.message]).toEqual([path, 'Name the agent (agentId) this request is for.']);
    }
    expect(await snapshot(h.mongo)).toEqual(before);
    // a member calls them with the spec's bodies
    await channels.as(owner).post('/procedures/createTemplate', { ...template(agentX), agentId: undefined }).expect(200);
    await channels.as(owner).post('/procedures/getLongAccessToken', { token: metaUserToken() }).expect(200);
  });

  it('a client with /campaigns (the default access) creates a template, a campaign for two leads, and sends it: 2 sent', async () => {
    const base = `/v2/agents/${agentX}`;
    const client = channels.as(withDefaults);
    await client.post(`${base}/campaign-templates`, { name: 'welcome_back', language: 'en_US', bodyText: 'We miss you!' }).expect(200);
    expect((await client.get(`${base}/campaign-templates`).expect(200)).body.data.map((t: { name: string; status: string }) => [t.name, t.status])).toContainEqual(['welcome_back', 'APPROVED']);
    const created = (await client.post(`${base}/campaigns`, { name: 'Welcome back', templateName: 'welcome_back', templateLanguage: 'en_US', phones }).expect(201)).body.data;
    const sent = (await client.post(`${base}/campaigns/${created.ID}/send`).expect(200)).body;
    expect(sent).toMatchObject({ message: CAMPAIGN_MESSAGES.campaignSent(2, 0), data: { status: 'sent', sentCount: 2 } });
    for (const phone of phones) {
      const chat = (await (await fetch(`${meta.url}/sandbox/whatsapp/${phoneId}/chats/${phone.replace(/\D/g, '')}`)).json()) as { messages: Array<{ template?: string }> };
      expect(chat.messages.filter((m) => m.template === 'welcome_back')).toHaveLength(1);
    }
    // the agency (a member) sees the client's campaign
    expect((await channels.as(owner).get(`${base}/campaigns`).expect(200)).body.data.map((c: { name: string }) => c.name)).toContain('Welcome back');
  });

  it("refuses a client without /campaigns and another organisation's client on every Campaigns route, changing nothing", async () => {
    const base = `/v2/agents/${agentX}`;
    const before = await snapshot(h.mongo);
    const calls = (client: Identity) => [
      channels.as(client).get(`${base}/campaigns`),
      channels.as(client).get(`${base}/campaign-templates`),
      channels.as(client).post(`${base}/campaign-templates`, { name: 'sneaky', language: 'en_US', bodyText: 'x' }),
      channels.as(client).post(`${base}/campaigns`, { name: 'x', templateName: 'welcome_back', templateLanguage: 'en_US', phones }),
      channels.as(client).post(`${base}/campaigns/AAAAAAAAAAAAAAAAAAAA/send`),
    ];
    for (const answer of await Promise.all(calls(homeOnly))) expect([answer.status, answer.body]).toEqual([403, { success: false, message: 'Your account cannot open Campaigns.' }]);
    for (const answer of await Promise.all(calls(otherOrg))) expect([answer.status, answer.body]).toEqual([403, { success: false, message: 'You do not have access to this agent.' }]);
    expect(await snapshot(h.mongo)).toEqual(before);
    // its own organisation's agent it reaches (no number there yet)
    expect((await channels.as(otherOrg).get(`/v2/agents/${agentY}/campaign-templates`).expect(400)).body.message).toBe(CAMPAIGN_MESSAGES.noWhatsappNumber);
  });
});
