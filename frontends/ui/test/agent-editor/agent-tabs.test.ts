import { AGENT_TABS, SETTINGS_SUB_TABS, VOICE_SUB_TABS } from '@platform/contracts';
import { agentNavLayout } from '@platform/ui';
import {
  AGENT_TAB_ORDER,
  SETTINGS_SUB_TAB_LABELS,
  VOICE_SUB_TAB_LABELS,
  agentTabHref,
  postCreatePath,
  resolveSubTab,
  switchAgentHref,
  viewSwitchTarget,
  visibleAgentTabs,
} from '../../src/agent-editor/logic/tabs';

describe('agent area tabs (spec 2.7)', () => {
  it('has every tab of the table, in order, with its label', () => {
    expect(AGENT_TAB_ORDER.map((k) => [k, AGENT_TABS[k]])).toEqual([
      ['home', 'Home'],
      ['overview', 'Widget'],
      ['voice', 'Voice'],
      ['nodes', 'Prompt'],
      ['prompt', 'Canvas'],
      ['kb', 'Knowledge'],
      ['convos', 'Chats'],
      ['analytics', 'Analytics'],
      ['leads', 'Leads'],
      ['channels', 'Channels'],
      ['tools', 'Tools'],
      ['settings', 'Settings'],
    ]);
  });

  it('hides Home for signed-in owners', () => {
    expect(visibleAgentTabs({ signedInOwner: true, enableNodes: true })).not.toContain('home');
    expect(visibleAgentTabs({ signedInOwner: false, enableNodes: true })[0]).toBe('home');
  });

  it('hides Tools when nodes are enabled, and Canvas when they are not', () => {
    const nodes = visibleAgentTabs({ signedInOwner: true, enableNodes: true });
    expect(nodes).not.toContain('tools');
    expect(nodes).toEqual(expect.arrayContaining(['nodes', 'prompt']));
    const plain = visibleAgentTabs({ signedInOwner: true, enableNodes: false });
    expect(plain).toContain('tools');
    expect(plain).not.toContain('prompt');
    expect(plain).toContain('nodes');
  });

  it('offers Switch to Canvas/Prompt View only on the prompt and nodes pages of nodes agents', () => {
    expect(viewSwitchTarget('nodes', true)).toEqual({ to: 'prompt', label: 'Switch to Canvas View' });
    expect(viewSwitchTarget('prompt', true)).toEqual({ to: 'nodes', label: 'Switch to Prompt View' });
    expect(viewSwitchTarget('nodes', false)).toBeUndefined();
    expect(viewSwitchTarget('settings', true)).toBeUndefined();
  });

  it('selects Settings and Voice sub-tabs by ?tab=, defaulting to the first', () => {
    expect(Object.keys(SETTINGS_SUB_TAB_LABELS)).toEqual([...SETTINGS_SUB_TABS]);
    expect(Object.keys(VOICE_SUB_TAB_LABELS)).toEqual([...VOICE_SUB_TABS]);
    expect(resolveSubTab('settings', 'handoff')).toBe('handoff');
    expect(resolveSubTab('settings', 'nope')).toBe('core');
    expect(resolveSubTab('settings', null)).toBe('core');
    expect(resolveSubTab('voice', 'phoneNumbers')).toBe('phoneNumbers');
    expect(resolveSubTab('voice', undefined)).toBe('voiceLibrary');
    expect(resolveSubTab('kb', 'handoff')).toBeUndefined();
  });

  it('is horizontal on phones and for signed-in owners, otherwise the organisation layout (vertical by default)', () => {
    expect(agentNavLayout({ phone: true, signedInOwner: false, dashboardLayout: 'vertical' })).toBe('horizontal');
    expect(agentNavLayout({ phone: false, signedInOwner: true, dashboardLayout: 'vertical' })).toBe('horizontal');
    expect(agentNavLayout({ phone: false, signedInOwner: false })).toBe('vertical');
    expect(agentNavLayout({ phone: false, signedInOwner: false, dashboardLayout: 'horizontal' })).toBe('horizontal');
  });

  it('keeps the section and sub-tab when switching agents', () => {
    expect(switchAgentHref('eu', '/app/eu/agents/a1/settings', '?tab=handoff', 'b2')).toBe('/app/eu/agents/b2/settings?tab=handoff');
    expect(switchAgentHref('eu', '/app/eu/agents/a1/kb', '?tab=handoff', 'b2')).toBe('/app/eu/agents/b2/kb');
    expect(switchAgentHref('na', '/app/na/agents/a1', '', 'b2')).toBe('/app/na/agents/b2/overview');
    expect(switchAgentHref('eu', '/app/eu/agents/a1/bogus', '', 'b2')).toBe('/app/eu/agents/b2/overview');
  });

  it('builds tab links and the post-creation route (nodes or overview, debugger on)', () => {
    expect(agentTabHref('eu', 'a1', 'voice', 'phoneNumbers')).toBe('/app/eu/agents/a1/voice?tab=phoneNumbers');
    expect(postCreatePath('eu', { ID: 'a1', enableNodes: true })).toBe('/app/eu/agents/a1/nodes?showDebugger=true');
    expect(postCreatePath('na', { ID: 'a1', enableNodes: false })).toBe('/app/na/agents/a1/overview?showDebugger=true');
    expect(postCreatePath('na', { ID: 'a1' })).toBe('/app/na/agents/a1/overview?showDebugger=true');
  });
});
