/**
 * The client pages of issue 12 (ADR 0036): Knowledge's routes open to a client whose access names
 * /kb, the tool test to one naming /tools, uploads to one naming Widget or Knowledge; a client's
 * save changes only fields of the editor pages its access names. Another organisation's client is
 * refused whatever its pages; the agency admin opens every page; the workspace-level lists stay
 * members'. The agent service asks the real agency-domain service over HTTP.
 */
import http from 'node:http';
import type { Identity } from '@platform/kit';
import { serviceSlot, setUpAgencyWithClients, snapshot, startAgencyDomainService, startAgentService, type AgentService, type RunningService } from '@platform/test-support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startToolServer } = require('../../../infra/sandboxes/tool-server/server.js') as {
  startToolServer: (o: { port: number; secret: string }) => Promise<{ server: http.Server; url: string }>;
};

const textFile = (text: string) => `data:text/plain;base64,${Buffer.from(text).toString('base64')}`;

describe("a client opens Knowledge, Tools and uploads only with the page, and saves only its pages' fields", () => {
  let h: AgentService;
  let agency: RunningService<unknown>;
  let tools: Awaited<ReturnType<typeof startToolServer>>;
  let owner: Identity;
  let uid: string;
  let agentX: string; // org1's
  let agentY: string; // org2's
  let kbClient: Identity; // org1, /kb
  let toolsClient: Identity; // org1, /tools
  let widgetClient: Identity; // org1, /overview
  let reader: Identity; // org1, the default pages
  let otherKb: Identity; // org2, /kb and /tools
  let admin: Identity; // the agency signed in with its secret

  beforeAll(async () => {
    tools = await startToolServer({ port: 0, secret: 'tool-secret' });
    const slot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: slot.url, accessCache: { negativeTtlMs: 0 } } });
    agency = await startAgencyDomainService(h, slot);
    const set = await setUpAgencyWithClients(h, agency, 'Agency K');
    ({ owner, uid, agentX, agentY } = set);
    kbClient = await set.addClient(set.org1, ['/home', '/kb']);
    toolsClient = await set.addClient(set.org1, ['/tools']);
    widgetClient = await set.addClient(set.org1, ['/overview']);
    reader = await set.addClient(set.org1);
    otherKb = await set.addClient(set.org2, ['/kb', '/tools']);
    admin = await set.signInAgencyAdmin(set.org1);
  });
  afterAll(async () => {
    await agency.close();
    await h.close();
    await new Promise((resolve) => tools.server.close(resolve));
  });

  const upload = (who: Identity, agentId: string) =>
    h.as(who).post('/procedures/uploadFile', { agentId, userId: agentId, targetPath: `agents/${agentId}/kb`, base64Payload: textFile('We open at nine.'), fileName: 'hours.txt' });

  describe('Knowledge (/kb)', () => {
    it('a client with /kb uploads a file, adds it and a website, lists, searches, updates and deletes its sources', async () => {
      const file = (await upload(kbClient, agentX).expect(200)).body.data;
      expect(file.url).toMatch(/\/api\/eu\/agent\/files\/\w{8}\.txt$/);
      const doc = (await h.as(kbClient).post(`/v2/agents/${agentX}/knowledge`, { sourceType: 'doc', contentURL: file.url, name: 'hours.txt' }).expect(201)).body.data;
      expect(doc).toMatchObject({ sourceType: 'doc', status: 'INITIALIZED', name: 'hours.txt' });
      const site = (await h.as(kbClient).post(`/v2/agents/${agentX}/knowledge`, { sourceType: 'url', url: 'https://example.com/', refreshRate: '24h' }).expect(201)).body.data;
      const listed = (await h.as(kbClient).get(`/v2/agents/${agentX}/knowledge`).expect(200)).body.data as Array<{ id: string }>;
      expect(listed.map((s) => s.id).sort()).toEqual([doc.id, site.id].sort());
      expect((await h.as(kbClient).post(`/v2/agents/${agentX}/knowledge/search`, { query: 'When do you open?' }).expect(200)).body.data).toMatchObject({ query: 'When do you open?', chunks: [] });
      expect((await h.as(kbClient).post(`/v2/agents/${agentX}/knowledge/${site.id}`, { refreshRate: '7d' }).expect(200)).body.data).toMatchObject({ id: site.id, refreshRate: '7d' });
      await h.as(kbClient).delete(`/v2/agents/${agentX}/knowledge/${site.id}`).expect(200);
      expect((await h.as(owner).get(`/v2/agents/${agentX}/knowledge`).expect(200)).body.data.map((s: { id: string }) => s.id)).toEqual([doc.id]);
    });

    it('a client without /kb is refused on every Knowledge route, and nothing changes', async () => {
      const sourceId = (await h.as(owner).get(`/v2/agents/${agentX}/knowledge`).expect(200)).body.data[0].id as string;
      const before = await snapshot(h.mongo);
      for (const who of [reader, toolsClient, widgetClient]) {
        const calls = [
          h.as(who).get(`/v2/agents/${agentX}/knowledge`),
          h.as(who).post(`/v2/agents/${agentX}/knowledge`, { sourceType: 'url', url: 'https://example.com/' }),
          h.as(who).post(`/v2/agents/${agentX}/knowledge/search`, { query: 'hours' }),
          h.as(who).post(`/v2/agents/${agentX}/knowledge/${sourceId}`, { refreshRate: '1h' }),
          h.as(who).delete(`/v2/agents/${agentX}/knowledge/${sourceId}`),
        ];
        for (const res of await Promise.all(calls)) expect([res.status, res.body]).toEqual([403, { success: false, message: 'Your account cannot open Knowledge.' }]);
      }
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it("another organisation's client with /kb cannot reach this organisation's sources", async () => {
      const sourceId = (await h.as(owner).get(`/v2/agents/${agentX}/knowledge`).expect(200)).body.data[0].id as string;
      const before = await snapshot(h.mongo);
      await h.as(otherKb).get(`/v2/agents/${agentX}/knowledge`).expect(403);
      await h.as(otherKb).post(`/v2/agents/${agentX}/knowledge`, { sourceType: 'url', url: 'https://example.com/' }).expect(403);
      await h.as(otherKb).delete(`/v2/agents/${agentX}/knowledge/${sourceId}`).expect(403);
      // nor a source of this organisation through its own agent
      await h.as(otherKb).delete(`/v2/agents/${agentY}/knowledge/${sourceId}`).expect(404);
      expect(await snapshot(h.mongo)).toEqual(before);
      await h.as(otherKb).get(`/v2/agents/${agentY}/knowledge`).expect(200);
    });

    it('the agency admin opens Knowledge; the workspace-level Crawler list stays members\'', async () => {
      await h.as(admin).get(`/v2/agents/${agentX}/knowledge`).expect(200);
      await h.as(kbClient).get(`/v2/workspaces/${uid}/knowledge`).expect(403);
      await h.as(admin).get(`/v2/workspaces/${uid}/knowledge`).expect(403);
    });
  });

  describe('Tools (/tools)', () => {
    const tool = () => ({ id: 'tool1', name: 'order_status', description: 'Looks up an order', serverUrl: `${tools.url}/order-status`, serverUrlSecret: 'tool-secret', fields: [{ in: 'body', key: 'orderId', value: 'A-17', type: 'string' }] });

    it('a client with /tools tests a tool and saves the agent\'s tools; the agency admin too', async () => {
      for (const who of [toolsClient, admin]) {
        const res = await h.as(who).post(`/v2/agents/${agentX}/tools/test`, { tool: tool() }).expect(200);
        expect(res.body.data).toMatchObject({ status: 200, arguments: { orderId: 'A-17' } });
      }
      const agent = (await h.as(toolsClient).get(`/v2/agents/${agentX}`).expect(200)).body.agent;
      await h.as(toolsClient).post(`/v2/agents/${agentX}`, { ...agent, tools: [tool()], assignedToolsIds: ['tool1'], lastModified: 2 }).expect(200);
      expect((await h.as(owner).get(`/v2/agents/${agentX}`).expect(200)).body.agent).toMatchObject({ tools: [{ id: 'tool1' }], assignedToolsIds: ['tool1'] });
    });

    it('a client without /tools, or of another organisation, cannot test a tool; the Functions list stays members\'', async () => {
      for (const who of [kbClient, reader]) {
        expect((await h.as(who).post(`/v2/agents/${agentX}/tools/test`, { tool: tool() }).expect(403)).body.message).toBe('Your account cannot open Tools.');
      }
      expect((await h.as(otherKb).post(`/v2/agents/${agentX}/tools/test`, { tool: tool() }).expect(403)).body.message).toBe('You do not have access to this agent.');
      await h.as(toolsClient).get(`/v2/workspaces/${uid}/functions`).expect(403);
    });
  });

  describe('uploads', () => {
    it('open to a client with Widget or Knowledge, for its organisation\'s agents; the agency admin too', async () => {
      await upload(widgetClient, agentX).expect(200);
      await upload(admin, agentX).expect(200);
      const before = await snapshot(h.mongo);
      for (const who of [reader, toolsClient]) {
        expect((await upload(who, agentX).expect(403)).body.message).toBe('Your account cannot open Widget or Knowledge.');
      }
      expect((await upload(otherKb, agentX).expect(403)).body.message).toBe('You do not have access to this agent.');
      // a client names an agent: an upload for no agent is the workspace's
      await h.as(kbClient).post('/procedures/uploadFile', { userId: 'someone', targetPath: 'uploads', base64Payload: textFile('x'), fileName: 'x.txt' }).expect(403);
      expect(await snapshot(h.mongo)).toEqual(before);
    });
  });

  describe("a client's save changes only its pages' fields", () => {
    const stored = async () => (await h.as(owner).get(`/v2/agents/${agentX}`).expect(200)).body.agent as Record<string, unknown>;

    it('Knowledge retrieval settings with /kb; not Widget\'s title, nor the tools', async () => {
      const agent = await stored();
      await h.as(kbClient).post(`/v2/agents/${agentX}`, { ...agent, vg_kbTopChunks: 7, lastModified: 3 }).expect(200);
      expect(await stored()).toMatchObject({ vg_kbTopChunks: 7 });
      const before = await snapshot(h.mongo);
      const title = await h.as(kbClient).post(`/v2/agents/${agentX}`, { ...(await stored()), title: 'Renamed', lastModified: 4 }).expect(403);
      expect(title.body).toEqual({ success: false, message: 'Your account cannot change title: it is edited on Widget or Settings.' });
      const cleared = await h.as(kbClient).post(`/v2/agents/${agentX}`, { ...(await stored()), tools: [], lastModified: 4 }).expect(403);
      expect(cleared.body.message).toBe('Your account cannot change tools: it is edited on Tools.');
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it('a client with /overview renames the agent but cannot change its prompt, or a field of no page', async () => {
      const agent = await stored();
      await h.as(widgetClient).post(`/v2/agents/${agentX}`, { ...agent, title: 'Renamed by Widget', lastModified: 5 }).expect(200);
      const before = await snapshot(h.mongo);
      const prompt = await h.as(widgetClient).post(`/v2/agents/${agentX}`, { ...(await stored()), vg_systemPrompt: 'Be rude', lastModified: 6 }).expect(403);
      expect(prompt.body.message).toBe('Your account cannot change vg_systemPrompt: it is edited on Prompt.');
      const webhook = await h.as(widgetClient).post(`/v2/agents/${agentX}`, { ...(await stored()), webhookUrl: 'https://example.com/hook', lastModified: 6 }).expect(403);
      expect(webhook.body.message).toBe('Only your agency can change webhookUrl.');
      expect(await snapshot(h.mongo)).toEqual(before);
    });

    it('the agency admin saves any page\'s field', async () => {
      await h.as(admin).post(`/v2/agents/${agentX}`, { ...(await stored()), vg_systemPrompt: 'Be brief', lastModified: 7 }).expect(200);
      expect(await stored()).toMatchObject({ vg_systemPrompt: 'Be brief' });
    });
  });
});
