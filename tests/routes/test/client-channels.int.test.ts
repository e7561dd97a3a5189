/**
 * The client dashboard's Channels page (issue 12, ADR 0037): the channels service's per-agent
 * routes admit an agency client whose access names /channels, for its organisation's agents only;
 * the agent service decides (asked over HTTP with the client's identity and ?page=channels), the
 * agency admin opens every page, and workspace-level channel routes stay members-only. The real
 * agent, agency-domain and channels services, the Telegram sandbox, FerretDB.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Identity } from '@platform/kit';
import {
  CLIENT_PASSWORD,
  anonymous,
  serviceSlot,
  snapshot,
  someone,
  startAgencyDomainService,
  startAgentService,
  setUpAgencyWithClients,
  startChannelsService,
  uniqueEmail,
  type AgencyWithClients,
  type AgentService,
  type RunningService,
} from '@platform/test-support';
import { spawnSandbox, spawnTelegramSandbox, type RunningSandbox } from '../../../infra/sandboxes/telegram/test/spawn-sandbox';

const metaUserToken = () => `EAA${randomBytes(16).toString('hex')}`;
const botToken = () => `${6_000_000_000 + Math.floor(Math.random() * 1_000_000_000)}:${randomBytes(27).toString('base64url').slice(0, 35)}`;

describe("a client's Channels page: the per-agent channel routes, for clients whose access names /channels", () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let channels: Awaited<ReturnType<typeof startChannelsService>>;
  let telegram: RunningSandbox;
  let meta: RunningSandbox;
  let owner: Identity;
  let uid: string;
  let agentX: string; // org1's
  let agentY: string; // org2's
  let withChannels: Identity; // org1, /home and /channels
  let withoutChannels: Identity; // org1, the default pages
  let otherOrg: Identity; // org2, /channels
  let agencyAdmin: Identity; // the agency secret, org1 open
  let verified: AgencyWithClients['verified'];

  beforeAll(async () => {
    const slot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    agency = await startAgencyDomainService(h, slot);
    telegram = await spawnTelegramSandbox();
    meta = await spawnSandbox(path.resolve(__dirname, '../../../infra/sandboxes/meta/server.js'));
    channels = await startChannelsService(h, { config: { telegramApiBase: telegram.url, metaGraphBase: meta.url, channelCredentialsKey: randomBytes(32).toString('hex') } });
    const set = await setUpAgencyWithClients(h, agency, 'Agency C');
    ({ owner, uid, agentX, agentY, verified } = set);
    withChannels = await set.addClient(set.org1, ['/home', '/channels']);
    withoutChannels = await set.addClient(set.org1);
    otherOrg = await set.addClient(set.org2, ['/channels']);
    agencyAdmin = await set.signInAgencyAdmin(set.org1);
  });
  afterAll(async () => {
    await channels.close();
    await telegram.stop();
    await meta.stop();
    await agency.close();
    await h.close();
  });

  it('a client with /channels connects a Telegram bot to its agent, lists it (never the token), reads its webhook and removes it', async () => {
    const token = botToken();
    const botId = token.split(':')[0]!;
    const connected = await channels.as(withChannels).post('/procedures/connectTelegram', { agentId: agentX, token }).expect(200);
    expect(connected.body).toMatchObject({ success: true, message: 'Telegram channel saved successfully', data: { botId } });
    const listed = (await channels.as(withChannels).get(`/v2/agents/${agentX}/channels`).expect(200)).body.data;
    expect(listed.telegramBots).toEqual([{ botId, webhookUrl: connected.body.data.webhookUrl }]);
    expect(JSON.stringify(listed)).not.toContain(token.split(':')[1]);
    await channels.as(withChannels).post('/procedures/getTelegramWebhookInfo', { agentId: agentX, botId }).expect(200);

    // the new-channel-connection event carries what a member's connection carries: the agency's workspace, the agent, the bot
    const stored = await h.mongo.collection('eu', 'telegramBots').findOne({ _id: botId } as never);
    expect(JSON.stringify(stored)).not.toContain(token.split(':')[1]);
    expect((stored as unknown as { _outbox?: Array<{ envelope: unknown }> })?._outbox?.[0]?.envelope).toMatchObject({
      type: 'new-channel-connection',
      workspaceId: uid,
      data: { agentId: agentX, agentType: 'vg', channelId: botId, channelType: 'telegram' },
    });

    await channels.as(withChannels).post('/procedures/removeTelegram', { agentId: agentX, botId }).expect(200);
    expect((await channels.as(withChannels).get(`/v2/agents/${agentX}/channels`).expect(200)).body.data.telegramBots).toEqual([]);
  });

  it('a client without /channels is refused on every per-agent channel route of its own agent, and nothing changes', async () => {
    const before = await snapshot(h.mongo);
    const res = await channels.as(withoutChannels).get(`/v2/agents/${agentX}/channels`).expect(403);
    expect(res.body).toEqual({ success: false, message: 'Your account cannot open Channels.' });
    // the Channels page's routes (the Campaigns page's have their own page, ADR 0043)
    for (const route of channels.routes.filter((r) => r.access === 'agent' && !r.path.includes('campaign'))) {
      const path = route.path.replace(':agentId', agentX);
      const call = route.method === 'get' ? channels.as(withoutChannels).get(path) : channels.as(withoutChannels)[route.method](path, { agentId: agentX, agentID: agentX, token: botToken(), botId: '1', ID: 'AAAAAAAAAAAAAAA' });
      const answer = await call;
      // a body the route refuses is 400 before the access check; a well-formed one is 403
      expect([route.operationId, [400, 403].includes(answer.status)]).toEqual([route.operationId, true]);
    }
    await channels.as(withoutChannels).post('/procedures/connectTelegram', { agentId: agentX, token: botToken() }).expect(403);
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it("a client with /channels of another organisation cannot reach this organisation's agent's channels", async () => {
    const before = await snapshot(h.mongo);
    expect((await channels.as(otherOrg).get(`/v2/agents/${agentX}/channels`).expect(403)).body).toEqual({ success: false, message: 'You do not have access to this agent.' });
    await channels.as(otherOrg).post('/procedures/connectTelegram', { agentId: agentX, token: botToken() }).expect(403);
    await channels.as(withChannels).post('/procedures/connectTelegram', { agentId: agentY, token: botToken() }).expect(403);
    expect(await snapshot(h.mongo)).toEqual(before);
    // its own organisation's agent it reaches
    await channels.as(otherOrg).get(`/v2/agents/${agentY}/channels`).expect(200);
  });

  it('the agency admin opens the Channels page of its organisations\' agents', async () => {
    const token = botToken();
    await channels.as(agencyAdmin).post('/procedures/connectTelegram', { agentId: agentX, token }).expect(200);
    expect((await channels.as(agencyAdmin).get(`/v2/agents/${agentX}/channels`).expect(200)).body.data.telegramBots).toHaveLength(1);
  });

  describe("the Meta sign-in's helpers (ADR 0040): a client names its agent", () => {
    /** Each helper with a valid spec body ({token}, or the WhatsApp account's), a client adding the agent it works for. */
    const helpers = (agentId?: string) => {
      const named = agentId ? { agentId } : {};
      return [
        ['/procedures/tokenToPages', { token: metaUserToken(), ...named }],
        ['/procedures/checkPageSubscriptions', { token: metaUserToken(), ...named }],
        ['/procedures/exchangeMetaToken', { token: metaUserToken(), ...named }],
        ['/procedures/getDetailsOfWhatsappNumber', { wabaId: '100000000000042', longAccessToken: `EAAL${randomBytes(16).toString('hex')}`, ...named }],
      ] as const;
    };

    it('a client with /channels (and the agency admin) lists its Meta pages, checks one, exchanges a token and finds its WhatsApp numbers, then connects the page', async () => {
      for (const client of [withChannels, agencyAdmin]) {
        const pages = (await channels.as(client).post('/procedures/tokenToPages', { token: metaUserToken(), agentId: agentX }).expect(200)).body.data as Array<{ id: string; name: string; accessToken: string }>;
        expect(pages.map((page) => page.name)).toEqual(['Sandbox Bakery', 'Sandbox Books']);
        expect((await channels.as(client).post('/procedures/checkPageSubscriptions', { token: pages[1]!.accessToken, agentId: agentX }).expect(200)).body).toEqual({ success: true, subscribed: false });
        expect((await channels.as(client).post('/procedures/exchangeMetaToken', { token: metaUserToken(), agentId: agentX }).expect(200)).body.longer_access_token).toMatch(/^EAAL/);
        const numbers = (await channels.as(client).post('/procedures/getDetailsOfWhatsappNumber', helpers(agentX)[3][1]).expect(200)).body.data;
        expect(numbers.map((n: { status: string }) => n.status)).toEqual(['PENDING', 'PENDING']);
      }
      const [bakery] = (await channels.as(withChannels).post('/procedures/tokenToPages', { token: metaUserToken(), agentId: agentX }).expect(200)).body.data;
      await channels.as(withChannels).post('/procedures/connectMetaPage', { agentId: agentX, selectedPage: bakery }).expect(200);
      expect((await channels.as(withChannels).post('/procedures/checkPageSubscriptions', { token: bakery.accessToken, agentId: agentX }).expect(200)).body.subscribed).toBe(true);
      expect((await channels.as(withChannels).get(`/v2/agents/${agentX}/channels`).expect(200)).body.data.metaPages).toMatchObject([{ agentId: agentX, pageId: bakery.id, pageName: 'Sandbox Bakery' }]);
      await channels.as(withChannels).post('/procedures/removeMetaPage', { agentId: agentX, pageId: bakery.id }).expect(200);
    });

    it("refuses a client without /channels, a client of another organisation (and one naming no agent), with the agent service's messages", async () => {
      const before = await snapshot(h.mongo);
      for (const [path, body] of helpers(agentX)) {
        expect([path, (await channels.as(withoutChannels).post(path, body).expect(403)).body]).toEqual([path, { success: false, message: 'Your account cannot open Channels.' }]);
        expect([path, (await channels.as(otherOrg).post(path, body).expect(403)).body]).toEqual([path, { success: false, message: 'You do not have access to this agent.' }]);
      }
      for (const [path, body] of helpers()) {
        expect([path, (await channels.as(withChannels).post(path, body).expect(400)).body]).toEqual([path, { success: false, message: 'Name the agent (agentId) this request is for.' }]);
      }
      // another organisation's client with /channels reaches its own agent
      await channels.as(otherOrg).post('/procedures/tokenToPages', { token: metaUserToken(), agentId: agentY }).expect(200);
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it("a client of another agency is refused on this agency's agent", async () => {
      const elsewhere = someone('other-agency');
      const otherUid = (await h.workspace.as(elsewhere).post('/v2/workspaces', { workspaceName: 'Other agency' }).expect(201)).body.data.uid;
      const otherAgency = (await agency.as(elsewhere).post(`/v2/workspaces/${otherUid}/agency`, { name: 'Agency D' }).expect(200)).body.agency;
      const orgId = (await agency.as(elsewhere).post(`/v2/workspaces/${otherUid}/orgs`, { name: 'Theirs' }).expect(201)).body.organization.ID;
      const email = uniqueEmail('otheragencyclient');
      await agency.as(elsewhere).post(`/v2/workspaces/${otherUid}/clients`, { orgId, name: 'Client', email, dashboardPassword: CLIENT_PASSWORD, canAccess: ['/channels'] }).expect(200);
      const stranger = await verified((await agency.as(anonymous).post('/client-auth/login', { email, password: CLIENT_PASSWORD, agencyId: otherAgency.ID }).expect(200)).body.token);
      for (const [path, body] of helpers(agentX)) expect([path, (await channels.as(stranger).post(path, body)).status]).toEqual([path, 403]);
    });

    it('a member calls them as before: the spec body {token}, no agent named', async () => {
      const member = someone('member');
      const pages = (await channels.as(member).post('/procedures/tokenToPages', { token: metaUserToken() }).expect(200)).body.data;
      expect(pages).toHaveLength(2);
      expect((await channels.as(member).post('/procedures/checkPageSubscriptions', { token: pages[0].accessToken }).expect(200)).body.subscribed).toBe(false);
      expect((await channels.as(member).post('/procedures/exchangeMetaToken', { token: metaUserToken() }).expect(200)).body.success).toBe(true);
      await channels.as(member).post('/procedures/getDetailsOfWhatsappNumber', helpers()[3][1]).expect(200);
      // an agent named by a member changes nothing: the helpers read nothing of a workspace
      await channels.as(member).post('/procedures/checkPageSubscriptions', { token: pages[1].accessToken, agentId: agentX }).expect(200);
      await channels.as(anonymous).post('/procedures/tokenToPages', { token: metaUserToken() }).expect(401);
    });
  });

  it('workspace-level channel routes (connected pages and numbers, Twilio numbers) and the other user routes stay members-only', async () => {
    for (const client of [withChannels, agencyAdmin]) {
      for (const route of channels.routes.filter((r) => r.access === 'member' || r.access === 'user')) {
        const path = route.path.replace(':workspaceId', uid).replace(':uid', uid);
        const answer = route.method === 'get' ? await channels.as(client).get(path) : await channels.as(client)[route.method](path, { workspaceId: uid, token: 'x', agentId: agentX });
        expect([route.operationId, answer.status]).toEqual([route.operationId, 403]);
      }
    }
  });

  it('the agent service honours ?page= for clients only: members read the agent whatever the page', async () => {
    await h.as(withoutChannels).get(`/v2/agents/${agentX}?page=channels`).expect(403);
    await h.as(withoutChannels).get(`/v2/agents/${agentX}`).expect(200);
    await h.as(withChannels).get(`/v2/agents/${agentX}?page=channels`).expect(200);
    await h.as(owner).get(`/v2/agents/${agentX}?page=kb`).expect(200);
    expect((await h.as(owner).get(`/v2/agents/${agentX}?page=nowhere`).expect(400)).body.success).toBe(false);
  });
});
