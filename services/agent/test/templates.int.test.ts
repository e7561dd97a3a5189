import { AGENT_TEMPLATE_KEYS, stripAgentSecrets } from '@platform/contracts';
import { NOT_EXPORTED } from '../src/domain/template-conversion';
import { anonymous, startHarness, type Harness } from './support/harness';
import { createAgent, personWithWorkspace } from './support/people';

describe('templates, conversion, export and import', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('lists the seven templates and the picker tabs', async () => {
    const { body } = await h.as(anonymous).get('/v2/templates').expect(200);
    expect(body.templates.map((t: { key: string }) => t.key)).toEqual(AGENT_TEMPLATE_KEYS);
    expect(body.tabs.map((t: { label: string }) => t.label)).toEqual(['All Templates', 'Customer Support', 'Utility', 'Entertainment']);
  });

  it('converts every template into a new agent of the workspace', async () => {
    const { person, workspace, secret } = await personWithWorkspace(h);
    const { templates } = (await h.as(person).get('/v2/templates').expect(200)).body;
    for (const template of templates) {
      const res = await h.as(person).post('/procedures/convertAgentTemplateToAgent', { agentName: `My ${template.key}`, agentTemplate: template, workspaceId: workspace.uid }).expect(200);
      expect(res.body.agentCreated).toMatchObject({ title: `My ${template.key}`, ownerID: workspace.uid, userId: workspace.uid, ID: expect.stringMatching(/^[A-Za-z0-9]{16}$/) });
      expect(res.body.agentCreated.enableNodes).toBe(template.template.enableNodes);
    }
    // With the workspace secret the workspace is implicit.
    await h.as(secret).post('/procedures/convertAgentTemplateToAgent', { agentName: 'Blank', agentTemplate: templates[5] }).expect(200);
    const list = (await h.as(person).get(`/v2/agents?workspaceId=${workspace.uid}`).expect(200)).body.agents;
    expect(list).toHaveLength(8);
    await h.as(person).post('/procedures/convertAgentTemplateToAgent', { agentName: '', agentTemplate: {}, workspaceId: workspace.uid }).expect(400, {
      success: false,
      message: 'Please provide a name for the agent.',
    });
    const bad = await h.as(person).post('/procedures/convertAgentTemplateToAgent', { agentName: 'x', agentTemplate: { vgOptions: { maxChunkSize: 5 } }, workspaceId: workspace.uid }).expect(400);
    expect(bad.body.message).toBe('Max chunk size must be greater than 1000');
  });

  it('an exported agent imports back as an equal agent, apart from ids, secrets and times', async () => {
    const { person, workspace } = await personWithWorkspace(h);
    const agent = await createAgent(h, person, workspace.uid, 'eu', {
      title: 'Exported',
      enableNodes: false,
      vg_systemPrompt: 'Be kind.',
      vg_initMessages: ['Hello', 'How can I help?'],
      ui: { widgetType: 'tabs' },
      tabs: [{ label: 'Chat' }],
      whatsappToken: 'secret-token',
    });
    const { body } = await h.as(person).post('/procedures/exportAgentToJson', { agentId: agent.ID }).expect(200);
    expect(body.agentTemplate).toMatchObject({ key: 'exported', name: 'Exported' });
    expect(JSON.stringify(body.agentTemplate)).not.toContain('secret-token');
    expect(JSON.stringify(body.agentTemplate)).not.toContain(agent.SECRET_API_KEY);
    // The downloaded file goes back in as it is.
    const file = JSON.parse(JSON.stringify(body.agentTemplate));
    const imported = (await h.as(person).post('/procedures/convertAgentTemplateToAgent', { agentName: 'Exported', agentTemplate: file, workspaceId: workspace.uid }).expect(200)).body.agentCreated;
    expect(imported.ID).not.toBe(agent.ID);
    expect(imported.SECRET_API_KEY).not.toBe(agent.SECRET_API_KEY);
    const comparable = (a: Record<string, unknown>) => Object.fromEntries(Object.entries(stripAgentSecrets(a)).filter(([k]) => !(NOT_EXPORTED as readonly string[]).includes(k)));
    expect(comparable(imported)).toEqual(comparable((await h.as(person).get(`/v2/agents/${agent.ID}`).expect(200)).body.agent));
  });
});
