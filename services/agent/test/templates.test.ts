import { AGENT_TEMPLATE_KEYS, agentTemplateSchema, newAgentId, type AgentFlowNode } from '@platform/contracts';
import { checkNewAgent } from '../src/domain/agent-input';
import { agentRecord, agentView } from '../src/domain/agent-record';
import { NOT_EXPORTED, draftFromTemplate, exportTemplate, templateBody } from '../src/domain/template-conversion';
import { AGENT_TEMPLATES, TEMPLATE_TABS, findTemplate } from '../src/domain/templates';

describe('templates', () => {
  it('offers the seven templates of the spec in its tabs', () => {
    expect(AGENT_TEMPLATES.map((t) => t.key)).toEqual([
      'customer-support',
      'real-estate-agent',
      'health-care-agent',
      'confirm-email',
      'make-appointment',
      'blank-template',
      'game-npc',
    ]);
    expect(TEMPLATE_TABS).toEqual([
      { label: 'All Templates', keys: AGENT_TEMPLATE_KEYS },
      { label: 'Customer Support', keys: ['customer-support', 'real-estate-agent', 'health-care-agent'] },
      { label: 'Utility', keys: ['confirm-email', 'make-appointment', 'blank-template'] },
      { label: 'Entertainment', keys: ['game-npc'] },
    ]);
  });

  it.each(AGENT_TEMPLATES.map((t) => [t.key, t] as const))('%s is a valid template that makes a valid agent', (_key, template) => {
    expect(agentTemplateSchema.validate(template).error).toBeUndefined();
    const { agent, problem } = checkNewAgent(draftFromTemplate(template, 'My agent', 'ws1'), newAgentId());
    expect(problem).toBeUndefined();
    expect(agent).toMatchObject({ title: 'My agent', ownerID: 'ws1', agentPlatform: 'vg' });
    if (template.key !== 'blank-template') expect(String(agent!.vg_systemPrompt).length).toBeGreaterThan(80);
  });

  it('node templates are connected flows from start to end, with a note', () => {
    for (const key of ['confirm-email', 'make-appointment', 'blank-template']) {
      const nodes = findTemplate(key)!.template.nodes as AgentFlowNode[];
      const byId = new Map(nodes.map((n) => [n.id, n]));
      expect(new Set(nodes.map((n) => n.type))).toEqual(new Set(['start', 'end', 'note', ...(key === 'blank-template' ? [] : ['default'])]));
      // Walking from start reaches end through every step.
      let node = byId.get('start')!;
      const seen = [node.id];
      while (node.next.length) {
        node = byId.get(node.next[0]!)!;
        seen.push(node.id);
      }
      expect(node.type).toBe('end');
      expect(seen).toHaveLength(nodes.filter((n) => n.type !== 'note').length);
    }
  });

  it('an export leaves out ids, owner, secrets and times, and imports back to the same agent', () => {
    const server = { ID: newAgentId(), workspaceId: 'ws1', secretKey: 'vg_AAAAAAAAAAAAAAAAAAAA', now: 1700000000, version: 3 };
    const draft = checkNewAgent({ ...findTemplate('make-appointment')!.template, title: 'Booker', whatsappToken: 'secret' }, server.ID).agent!;
    const original = agentView(agentRecord(draft, server));
    const exported = exportTemplate(original);
    expect(exported).toMatchObject({ key: 'booker', name: 'Booker', description: 'Books appointments.' });
    for (const field of [...NOT_EXPORTED, 'whatsappToken']) expect(exported.template).not.toHaveProperty(field);
    expect(templateBody(exported as never)).toBe(exported.template);
    const imported = checkNewAgent(draftFromTemplate(exported as never, 'Booker', 'ws2'), newAgentId()).agent!;
    const comparable = (agent: object) => Object.fromEntries(Object.entries(agent).filter(([k]) => ![...NOT_EXPORTED, 'whatsappToken'].includes(k)));
    expect(comparable(imported)).toEqual(comparable(original));
  });
});
