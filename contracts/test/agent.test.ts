import {
  AGENT_DRAFT_DEFAULTS,
  AGENT_SECRET_FIELDS,
  VOICE_CONFIG_DEFAULT,
  VG_STARTER_DEFAULTS,
  agentDraftSchema,
  agentSettingsSchema,
  agentTemplateSchema,
  aiCssRequestSchema,
  convertAgentTemplateRequestSchema,
  customThemeSchema,
  newAgentDraft,
  newAgentId,
  newAgentSecretKey,
  publicAgentSchema,
  saveAgentBackupRequestSchema,
  saveAgentRequestSchema,
  stripAgentSecrets,
  withStarterDefaults,
} from '@platform/contracts';
import { errorOf, tooLong, valueOf } from './helpers';

describe('agent settings (all optional)', () => {
  it('accepts an empty object and a rich one', () => {
    expect(errorOf(agentSettingsSchema, {})).toBeUndefined();
    const rich = {
      vectorDb: 'postgres',
      agentPlatform: 'oai-assistants',
      title: 'Support',
      region: 'voiceglow-eu',
      buttonsLayout: 'in-footer',
      vg_initMessages: ['Hi!'],
      vg_kb_llm: { searchMethod: 'smart', temprature: 0.2, maxTokens: 500 },
      vapiConfig: { enableVapiOnWeb: true, maxCostMonthly: 10 },
      ui: { enableFixedFeedbackBtns: true, voice: { question: 'Talk?', continueBtnLabel: 'Yes', dismissBtnLabel: 'No' } },
      nodes: [{ id: 'n1', type: 'start', position: { x: 0, y: 0 } }],
      tools: [{ id: 't1', name: 'Lookup', description: 'Finds orders', serverUrl: 'https://tools.example.com/lookup' }],
      widgetSpecificSetting: { kept: true },
    };
    expect(valueOf(agentSettingsSchema, rich)).toMatchObject({ widgetSpecificSetting: { kept: true } });
  });

  it("gives the spec's message for an empty name and a small chunk size", () => {
    expect(errorOf(agentSettingsSchema, { title: '' })).toBe('Please provide a name for the agent.');
    expect(errorOf(agentSettingsSchema, { vgOptions: { maxChunkSize: 999 } })).toBe('Max chunk size must be greater than 1000');
    expect(errorOf(agentSettingsSchema, { vgOptions: { maxChunkSize: 1000 } })).toBeUndefined();
  });

  it('rejects wrong types and values outside the lists', () => {
    expect(errorOf(agentSettingsSchema, { enableNodes: 'yes' })).toMatch(/enableNodes/);
    expect(errorOf(agentSettingsSchema, { vectorDb: 'mysql' })).toMatch(/vectorDb/);
    expect(errorOf(agentSettingsSchema, { agentPlatform: 'xx' })).toMatch(/agentPlatform/);
    expect(errorOf(agentSettingsSchema, { region: 'eu' })).toMatch(/region/);
    expect(errorOf(agentSettingsSchema, { vg_kb_llm: { searchMethod: 'fuzzy' } })).toMatch(/searchMethod/);
    expect(errorOf(agentSettingsSchema, { nodes: [{ type: 'middle' }] })).toMatch(/type/);
    expect(errorOf(agentSettingsSchema, { vg_initMessages: 'hello' })).toMatch(/vg_initMessages/);
    expect(errorOf(agentSettingsSchema, { SECRET_API_KEY: 'sk_123' })).toMatch(/SECRET_API_KEY/);
    expect(errorOf(agentSettingsSchema, { tools: [{ id: 't1', name: 'x', description: 'y', serverUrl: 'not a url' }] })).toMatch(/serverUrl/);
  });

  it('rejects overlong strings', () => {
    expect(errorOf(agentSettingsSchema, { title: tooLong(100) })).toMatch(/title/);
    expect(errorOf(agentSettingsSchema, { description: tooLong(10_000) })).toMatch(/description/);
    expect(errorOf(agentSettingsSchema, { vg_systemPrompt: tooLong(100_000) })).toMatch(/vg_systemPrompt/);
  });

  it('needs lastModified when the whole agent is saved', () => {
    expect(errorOf(saveAgentRequestSchema, { title: 'A' })).toMatch(/lastModified.*required/);
    expect(errorOf(saveAgentRequestSchema, { title: 'A', lastModified: 1_700_000_000 })).toBeUndefined();
    expect(errorOf(saveAgentRequestSchema, { lastModified: 1, vgOptions: { maxChunkSize: 10 } })).toBe('Max chunk size must be greater than 1000');
  });
});

describe('agent draft', () => {
  it('needs a name', () => {
    const ID = newAgentId();
    expect(errorOf(agentDraftSchema, { ID })).toBe('Please provide a name for the agent.');
    expect(errorOf(agentDraftSchema, { ID, title: '' })).toBe('Please provide a name for the agent.');
    expect(errorOf(agentDraftSchema, { ID, title: '   ' })).toBe('Please provide a name for the agent.');
  });

  it('needs a 16-character id', () => {
    expect(errorOf(agentDraftSchema, { title: 'A' })).toMatch(/ID.*required/);
    expect(errorOf(agentDraftSchema, { title: 'A', ID: 'short' })).toMatch(/ID/);
    expect(errorOf(agentDraftSchema, { title: 'A', ID: newAgentId() + 'x' })).toMatch(/ID/);
  });

  it("fills in the spec's defaults", () => {
    const draft = valueOf(agentDraftSchema, { ID: newAgentId(), title: 'Sales' });
    // The constants hold the spec's values word for word (constants.test.ts).
    expect(draft).toMatchObject({ agentPlatform: 'vg', ...AGENT_DRAFT_DEFAULTS, voiceConfig: VOICE_CONFIG_DEFAULT });
    expect(draft.proactiveMessage).toBe('Hi, how can I help you today? 👋');
  });

  it('accepts only vg or vf and the blue themes', () => {
    const ID = newAgentId();
    expect(errorOf(agentDraftSchema, { ID, title: 'A', agentPlatform: 'oai-assistants' })).toMatch(/agentPlatform/);
    expect(errorOf(agentDraftSchema, { ID, title: 'A', theme: 'blue-dark' })).toBeUndefined();
    expect(errorOf(agentDraftSchema, { ID, title: 'A', theme: 'red-dark' })).toMatch(/theme/);
  });

  it('builds a complete new draft', () => {
    const draft = newAgentDraft({ title: 'Helper', ownerID: 'workspace1', themeMode: 'dark' });
    expect(draft.ID).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(draft.SECRET_API_KEY).toMatch(/^vg_[A-Za-z0-9]{20}$/);
    expect(draft).toMatchObject({ title: 'Helper', ownerID: 'workspace1', agentPlatform: 'vg', theme: 'blue-dark', enableNodes: true });
    expect(Math.abs((draft.lastModified ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    expect(draft.vg_defaultModel).toBeUndefined();
    expect(errorOf(agentDraftSchema, draft)).toBeUndefined();
  });

  it("merges the starter defaults into 'vg' agents without nodes only", () => {
    const starter = newAgentDraft({ title: 'Helper', ownerID: 'w', enableNodes: false });
    expect(starter).toMatchObject({
      vg_defaultModel: 'gpt-4o',
      vg_temperature: 0.5,
      vg_maxTokens: 1024,
      vg_kbDefaultDimension: 1536,
      enableGeoAnalytics: true,
      vgOptions: { maxChunkSize: 2424 },
      internal: { accountCreationConfig: 'v2', websocketServer: 'nodejs' },
    });
    expect(starter.voiceConfig?.transcriber).toEqual({ provider: 'deepgram', modelId: 'nova-2', utteranceThreshold: 150, language: 'en' });
    expect(starter.vg_systemPrompt).toBe(VG_STARTER_DEFAULTS.vg_systemPrompt);
    expect(errorOf(agentDraftSchema, starter)).toBeUndefined();

    const vf = newAgentDraft({ title: 'Helper', ownerID: 'w', enableNodes: false, agentPlatform: 'vf' });
    expect(vf.vg_defaultModel).toBeUndefined();
    expect(withStarterDefaults(vf)).toBe(vf);
  });

  it('does not share state between drafts', () => {
    const first = newAgentDraft({ title: 'A', ownerID: 'w', enableNodes: false });
    first.vg_initMessages?.push('changed');
    first.voiceConfig!.transcriber!.utteranceThreshold = 1;
    const second = newAgentDraft({ title: 'B', ownerID: 'w', enableNodes: false });
    expect(second.vg_initMessages).toEqual(VG_STARTER_DEFAULTS.vg_initMessages);
    expect(second.voiceConfig?.transcriber?.utteranceThreshold).toBe(150);
  });
});

describe('agent secrets', () => {
  const agent = {
    ID: newAgentId(),
    title: 'A',
    SECRET_API_KEY: newAgentSecretKey(),
    whatsappToken: 'wa-token',
    whatsappNumberId: '123',
    gcloudPrivateKey: 'gcloud-private-key',
    gcloudClientEmail: 'svc@example.iam',
    instagramAccessToken: 'ig-user-token',
    instagramOptions: { pageId: 'p1', accessToken: 'ig-page-token' },
    flowise: { webhookUrl: 'https://f.example.com', webhookSecret: 'flowise-secret' },
    vapiConfig: { enableVapiOnWeb: true, privateKey: 'vapi-private-key', publicKey: 'pub' },
    vapi: { assistantId: 'vapi-assistant' },
    tools: [{ id: 't', name: 'T', description: 'D', serverUrlSecret: 'tool-secret' }],
  };

  it('strips every secret, nested ones too, without touching the original', () => {
    const stripped = stripAgentSecrets(agent);
    const json = JSON.stringify(stripped);
    // distinctive values: a random agent ID may contain a short one ('pk' made this test flaky)
    for (const secret of ['wa-token', 'gcloud-private-key', 'ig-user-token', 'ig-page-token', 'flowise-secret', 'vapi-private-key', 'vapi-assistant', 'tool-secret', agent.SECRET_API_KEY]) expect(json).not.toContain(secret);
    expect(stripped).toMatchObject({ whatsappNumberId: '123', instagramOptions: { pageId: 'p1' }, vapiConfig: { publicKey: 'pub' } });
    expect(agent.SECRET_API_KEY).toBeDefined();
    expect(agent.tools[0].serverUrlSecret).toBe('tool-secret');
    expect(AGENT_SECRET_FIELDS).toContain('SECRET_API_KEY');
  });

  it('public agent schema refuses any secret', () => {
    expect(errorOf(publicAgentSchema, stripAgentSecrets(agent))).toBeUndefined();
    expect(errorOf(publicAgentSchema, agent)).toMatch(/not allowed/);
    expect(errorOf(publicAgentSchema, { instagramOptions: { accessToken: 'x' } })).toMatch(/accessToken.*not allowed/);
    expect(errorOf(publicAgentSchema, { tools: [{ id: 't', name: 'T', description: 'D', serverUrlSecret: 's' }] })).toMatch(/serverUrlSecret/);
  });
});

describe('agent calls', () => {
  it('convertAgentTemplateToAgent needs a name and a template', () => {
    expect(errorOf(convertAgentTemplateRequestSchema, { agentTemplate: {} })).toBe('Please provide a name for the agent.');
    expect(errorOf(convertAgentTemplateRequestSchema, { agentName: 'A' })).toMatch(/agentTemplate.*required/);
    expect(errorOf(convertAgentTemplateRequestSchema, { agentName: 'A', agentTemplate: { nodes: [] } })).toBeUndefined();
  });

  it('saveAgentBackup needs agent, workspace and e-mail', () => {
    expect(errorOf(saveAgentBackupRequestSchema, { agentId: 'a', workspaceId: 'w', userEmail: 'u@example.com' })).toBeUndefined();
    expect(errorOf(saveAgentBackupRequestSchema, { agentId: 'a', workspaceId: 'w', userEmail: 'nope' })).toMatch(/userEmail/);
  });

  it('templates have a key, name and body', () => {
    expect(errorOf(agentTemplateSchema, { key: 'customer-support', name: 'Customer Support', template: {} })).toBeUndefined();
    expect(errorOf(agentTemplateSchema, { key: 'Customer Support', name: 'x', template: {} })).toMatch(/key/);
  });

  it('AI CSS requests need at least one non-empty message', () => {
    expect(errorOf(aiCssRequestSchema, { messages: [{ role: 'user', content: 'Make buttons round' }], currentCSS: '' })).toBeUndefined();
    expect(errorOf(aiCssRequestSchema, { messages: [] })).toMatch(/messages/);
    expect(errorOf(aiCssRequestSchema, { messages: [{ role: 'user', content: '  ' }] })).toMatch(/content/);
    expect(errorOf(aiCssRequestSchema, { messages: [{ role: 'system', content: 'x' }] })).toMatch(/role/);
  });

  it('custom themes hold a hex primary and HSL triples', () => {
    const palette = Array.from({ length: 9 }, (_, index) => [210, 50, 95 - index * 10]);
    expect(valueOf(customThemeSchema, { themeType: 'dark', primary: '3366ff', nineColorPallet: palette }).primary).toBe('#3366ff');
    expect(errorOf(customThemeSchema, { primary: '#12345' })).toMatch(/primary/);
    expect(errorOf(customThemeSchema, { nineColorPallet: [[1, 2]] })).toMatch(/nineColorPallet/);
  });
});
