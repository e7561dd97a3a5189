// Onboarding against the local company website and the LLM sandbox (each its own process, as
// deps.sh starts them), creating the agent through a real agent service (in-process, with its
// real workspace service) and asking that agent's test chat what only the website says.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ONBOARDING_MESSAGES, MESSAGES, type Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import { anonymous, logger, signedCaller, someone, spawnCompanySite, spawnLlmSandbox, startAgentService, type AgentService } from '@platform/test-support';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const giveCredits = (mongo: RegionalMongo, region: Region, workspaceId: string, loadTokens: number) =>
  mongo.collection(region, 'users').updateOne({ _id: workspaceId } as never, { $set: { loadTokens } } as never);

describe('the onboarding service', () => {
  let site: Awaited<ReturnType<typeof spawnCompanySite>>;
  let llm: Awaited<ReturnType<typeof spawnLlmSandbox>>;
  let agents: AgentService;
  let agentServer: Server;
  const onboarding = (allowLoopback: boolean) => {
    const base = loadConfig();
    const config = {
      ...base,
      outbound: { allowLoopback },
      agentServiceUrl: `http://127.0.0.1:${(agentServer.address() as AddressInfo).port}`,
      llm: { ...base.llm, apiBase: `${llm.url}/v1`, apiKey: 'sandbox' },
    };
    return signedCaller(buildApp({ config, logger }), config.platform.internalSigningSecret);
  };
  const company = (website: string) => ({ name: 'Tidewater Bakery', website, description: 'A harbour bakery baking sourdough and cakes' });

  beforeAll(async () => {
    [site, llm] = await Promise.all([spawnCompanySite(), spawnLlmSandbox()]);
    agents = await startAgentService({ config: { llm: { apiBase: `${llm.url}/v1`, apiKey: 'sandbox' } } });
    agentServer = await new Promise((resolve) => {
      const listening = agents.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => agentServer.close(resolve));
    await agents.close();
    await Promise.all([site.stop(), llm.stop()]);
  });

  describe('getBrandingInfo', () => {
    it("ranks the local site's brand colours by prominence, with its logo and favicon", async () => {
      const res = await onboarding(true)(someone()).post('/procedures/getBrandingInfo', { company: company(site.url) }).expect(200);
      const { colors, favicon, logo } = res.body.brandingInfo;
      expect(colors[0]).toBe('#e4572e');
      expect(colors.slice(0, 4)).toEqual(expect.arrayContaining(['#17bebb', '#ffc914']));
      expect(colors.length).toBeLessThanOrEqual(11);
      expect(favicon).toBe(`${site.url}/favicon.svg`);
      expect(logo).toBe(`${site.url}/logo.svg`);
    });

    it('refuses a loopback or private website when loopback is not allowed', async () => {
      const as = onboarding(false)(someone());
      for (const website of [site.url, 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:80/']) {
        const res = await as.post('/procedures/getBrandingInfo', { company: company(website) }).expect(422);
        expect(res.body).toEqual({ success: false, message: ONBOARDING_MESSAGES.brandingFailed });
      }
    });

    it('answers the validation messages, and refuses anonymous callers', async () => {
      const as = onboarding(true)(someone());
      const res = await as.post('/procedures/getBrandingInfo', { company: { ...company('bakery'), description: 'short' } }).expect(400);
      expect(res.body.message).toContain(MESSAGES.onboarding.companyWebsiteInvalid);
      await onboarding(true)(anonymous).post('/procedures/getBrandingInfo', { company: company(site.url) }).expect(401);
    });
  });

  describe('createPersonalizedAgent', () => {
    it('creates an agent in the chosen colour that answers from the website', async () => {
      const person = someone();
      const ws = await agents.workspace.as(person).post('/v2/workspaces', { workspaceName: 'Bakery' }).expect(201);
      const workspaceId = ws.body.data.uid as string;
      await giveCredits(agents.mongo, 'eu', workspaceId, 1000);
      const res = await onboarding(true)(person)
        .post('/procedures/createPersonalizedAgent', { company: company(site.url), brandingChoices: { primaryColor: '#17bebb', themeMode: 'light' }, workspaceId })
        .expect(201);
      const { agentId, prototypeUrl, agentData } = res.body;
      expect(prototypeUrl).toMatch(new RegExp(`/app/eu/agents/${agentId}/overview\\?showDebugger=true$`));
      expect(agentData).toMatchObject({ ID: agentId, title: 'Tidewater Bakery', ownerID: workspaceId, roundedImageURL: `${site.url}/logo.svg` });
      expect(JSON.parse(agentData.customThemeJSONString)).toMatchObject({ primary: '#17bebb', themeType: 'light' });
      expect(agentData.vg_initMessages[0]).toContain('Tidewater Bakery');

      const stored = await agents.as(person).get(`/v2/agents/${agentId}`).expect(200);
      expect(stored.body.agent.vg_prompt).toContain('Marisol Okonkwo');
      const chat = await agents.as(person).post(`/v2/agents/${agentId}/chat`, { messageId: 'onboarding1', text: 'Who founded Tidewater Bakery?' }).expect(200);
      expect(chat.body.data.text).toContain('Marisol Okonkwo');

      // the website became the agent's knowledge source, read by the agent service off the request path
      const sources = await agents.as(person).get(`/v2/agents/${agentId}/knowledge`).expect(200);
      expect(sources.body.data).toEqual([expect.objectContaining({ sourceType: 'url', url: `${site.url}/`, status: 'INITIALIZED', tags: ['website'] })]);
    });

    it("refuses a workspace the caller is not a member of, and creates nothing there", async () => {
      const owner = someone();
      const ws = await agents.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'Not yours' }).expect(201);
      const res = await onboarding(true)(someone())
        .post('/procedures/createPersonalizedAgent', { company: company(site.url), brandingChoices: { primaryColor: '#e4572e' }, workspaceId: ws.body.data.uid })
        .expect(403);
      expect(res.body.success).toBe(false);
      expect(await agents.mongo.collection('eu', 'agents').countDocuments({ ownerID: ws.body.data.uid } as never)).toBe(0);
    });
  });
});
