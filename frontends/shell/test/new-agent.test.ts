import { AGENT_TEMPLATE_CATEGORIES, type AgentTemplate } from '@platform/contracts';
import { embedSnippets } from '../src/agent-area/logic/embed-snippets';
import { channelBadge } from '../../ui/src/agent-editor/logic/channels';
import { getIn, setIn } from '../../ui/src/agent-editor/logic/paths';
import { agentFieldErrors, friendlyMessage } from '../../ui/src/agent-editor/logic/validation';
import { TEMPLATE_TABS, readTemplateFile, showsPlatformChooser, templateFileName, templatesOfTab } from '../src/agents/new-agent';

const template = (key: string): AgentTemplate => ({ key, name: key, template: {} });
const all = Object.values(AGENT_TEMPLATE_CATEGORIES).flat().map(template);

describe('New Agent drawer logic', () => {
  it('has the picker tabs of the spec and their templates', () => {
    expect(TEMPLATE_TABS).toEqual(['All Templates', 'Customer Support', 'Utility', 'Entertainment']);
    expect(templatesOfTab(all, 'Customer Support').map((t) => t.key)).toEqual(['customer-support', 'real-estate-agent', 'health-care-agent']);
    expect(templatesOfTab(all, 'Utility').map((t) => t.key)).toEqual(['confirm-email', 'make-appointment', 'blank-template']);
    expect(templatesOfTab(all, 'Entertainment').map((t) => t.key)).toEqual(['game-npc']);
    expect(templatesOfTab(all, 'All Templates')).toHaveLength(7);
  });

  it('shows the platform chooser only on the configured host', () => {
    expect(showsPlatformChooser('studio.agent-platform.example')).toBe(true);
    expect(showsPlatformChooser('localhost')).toBe(false);
  });

  it('reads an exported template file and names downloads after the agent', () => {
    const exported = { key: 'k', name: 'Support Bot', template: { title: 'Support Bot', enableNodes: true } };
    expect(readTemplateFile(JSON.stringify(exported))).toEqual({ template: exported, suggestedName: 'Support Bot' });
    expect(readTemplateFile(JSON.stringify({ agentTemplate: exported })).template).toEqual(exported);
    expect(() => readTemplateFile('[1]')).toThrow('The file is not an agent template.');
    expect(templateFileName('Support: Bot/1')).toBe('Support Bot1.json');
    expect(templateFileName('')).toBe('agent.json');
  });
});

describe('agent form helpers', () => {
  it('reads and writes nested fields without mutating', () => {
    const agent = { ID: 'a', tools: [{ id: 't', name: 'x' }], vgOptions: { maxChunkSize: 2424 } };
    const next = setIn(agent, 'vgOptions.maxChunkSize', 900);
    expect(getIn(next, 'vgOptions.maxChunkSize')).toBe(900);
    expect(agent.vgOptions.maxChunkSize).toBe(2424);
    const renamed = setIn(agent, 'tools.0.name', 'y');
    expect(Array.isArray(renamed.tools)).toBe(true);
    expect(renamed.tools[0]).toEqual({ id: 't', name: 'y' });
    expect(setIn({ a: 1, b: 2 }, 'a', undefined)).toEqual({ b: 2 });
    expect(getIn(agent, 'nope.deeper')).toBeUndefined();
  });

  it('validates with the contracts schema and the spec texts', () => {
    expect(agentFieldErrors({ title: '' }).title).toBe('Please provide a name for the agent.');
    expect(agentFieldErrors({ vgOptions: { maxChunkSize: 500 } })['vgOptions.maxChunkSize']).toBe('Max chunk size must be greater than 1000');
    expect(agentFieldErrors({ vg_temperature: 3 }).vg_temperature).toBe('Must be less than or equal to 2');
    expect(agentFieldErrors({ title: 'ok', vg_temperature: 0.5 })).toEqual({});
    expect(friendlyMessage('"x" must be a number')).toBe('Must be a number');
  });

  it('shows Active and Coming Soon badges from the agent fields', () => {
    expect(channelBadge('email', { ID: 'a' })).toBe('Coming Soon');
    expect(channelBadge('whatsapp', { ID: 'a' })).toBeUndefined();
    expect(channelBadge('whatsapp', { ID: 'a', waVerifyPassed: true, whatsappToken: 't', whatsappNumberId: 'n', whatsappBusniessId: 'b' })).toBe('Active');
    expect(channelBadge('googleBusiness', { ID: 'a', gcloudClientEmail: 'x@y.z', gcloudPrivateKey: 'k' })).toBe('Active');
    expect(channelBadge('telegram', { ID: 'a' }, { telegram: true })).toBe('Active');
    // Instagram: a page with igPageId (a channels record), not the agent document's own Instagram fields
    expect(channelBadge('instagram', { ID: 'a', instagramVerified: true, instagramOptions: { pageId: 'p1' } })).toBeUndefined();
    expect(channelBadge('instagram', { ID: 'a' }, { instagram: true })).toBe('Active');
    expect(channelBadge('discord', { ID: 'a' }, { discord: true })).toBe('Active');
    expect(channelBadge('messenger', { ID: 'a' }, { messenger: true })).toBe('Active');
  });

  it('offers the three embed snippets', () => {
    const [popup, embedded, iframe] = embedSnippets('https://app.example', 'eu', 'a1');
    expect(popup.code).toContain('data-position="bottom-right"');
    expect(embedded.code).toContain('width: 500px; height: 500px;');
    expect(iframe.code).toContain('https://app.example/app/eu/render/a1/iframe');
  });
});
