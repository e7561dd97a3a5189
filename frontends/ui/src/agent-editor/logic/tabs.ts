import {
  AGENT_TABS,
  DEFAULT_AGENT_TAB,
  SETTINGS_SUB_TABS,
  VOICE_SUB_TABS,
  type AgentTabKey,
  type Region,
} from '@platform/contracts';

/** Agent-area tabs in display order (agency-shell-clients 2.7). */
export const AGENT_TAB_ORDER: readonly AgentTabKey[] = [
  'home', 'overview', 'voice', 'nodes', 'prompt', 'kb', 'convos', 'analytics', 'leads', 'channels', 'tools', 'settings',
];

export const isAgentTab = (value: string | undefined): value is AgentTabKey => Boolean(value && value in AGENT_TABS);

export type SettingsSubTab = (typeof SETTINGS_SUB_TABS)[number];
export type VoiceSubTab = (typeof VOICE_SUB_TABS)[number];

/** Labels of the sub-tabs (the spec names only the `?tab=` keys). */
export const SETTINGS_SUB_TAB_LABELS: Record<SettingsSubTab, string> = {
  core: 'Core',
  ui: 'UI',
  language: 'Language',
  security: 'Security',
  notifications: 'Notifications',
  handoff: 'Handoff',
  technical: 'Technical',
  analytics: 'Analytics',
  advanced: 'Advanced',
  integrations: 'Integrations',
};
export const VOICE_SUB_TAB_LABELS: Record<VoiceSubTab, string> = {
  voiceLibrary: 'Voice Library',
  speechGen: 'Speech Generation',
  transcriber: 'Transcriber',
  phoneNumbers: 'Phone Numbers',
  testCall: 'Test Call',
  advanced: 'Advanced',
};

export const SUB_TABS: Partial<Record<AgentTabKey, readonly string[]>> = { settings: SETTINGS_SUB_TABS, voice: VOICE_SUB_TABS };
export const SUB_TAB_LABELS: Partial<Record<AgentTabKey, Record<string, string>>> = {
  settings: SETTINGS_SUB_TAB_LABELS,
  voice: VOICE_SUB_TAB_LABELS,
};

/** A `?tab=` value of a tab with sub-tabs; unknown or missing values fall back to the first sub-tab. */
export function resolveSubTab(section: AgentTabKey, tabParam: string | null | undefined): string | undefined {
  const subTabs = SUB_TABS[section];
  if (!subTabs) return undefined;
  return tabParam && subTabs.includes(tabParam) ? tabParam : subTabs[0];
}

export interface TabVisibilityContext {
  /** A user signed in to their own workspace (not a member or a client). */
  signedInOwner: boolean;
  /** The agent's enableNodes. */
  enableNodes: boolean;
}

/**
 * Tabs shown for an agent: Home is hidden for signed-in owners, Tools when nodes are enabled,
 * and Canvas (the node view) when the agent has no nodes to draw.
 */
export function visibleAgentTabs(ctx: TabVisibilityContext): AgentTabKey[] {
  return AGENT_TAB_ORDER.filter((key) => {
    if (key === 'home') return !ctx.signedInOwner;
    if (key === 'tools') return !ctx.enableNodes;
    if (key === 'prompt') return ctx.enableNodes;
    return true;
  });
}

/** The Switch to Canvas/Prompt View button: on the prompt and nodes pages when nodes are enabled. */
export function viewSwitchTarget(section: AgentTabKey, enableNodes: boolean): { to: AgentTabKey; label: string } | undefined {
  if (!enableNodes) return undefined;
  if (section === 'nodes') return { to: 'prompt', label: 'Switch to Canvas View' };
  if (section === 'prompt') return { to: 'nodes', label: 'Switch to Prompt View' };
  return undefined;
}

export const agentAreaBase = (region: Region, agentId: string) => `/app/${region}/agents/${encodeURIComponent(agentId)}`;

export function agentTabHref(region: Region, agentId: string, tab: AgentTabKey, subTab?: string): string {
  return `${agentAreaBase(region, agentId)}/${tab}${subTab ? `?tab=${encodeURIComponent(subTab)}` : ''}`;
}

/**
 * Switching agents keeps the section (and its sub-tab); a section the path does not name
 * opens the default one.
 */
export function switchAgentHref(region: Region, currentPathname: string, currentSearch: string, nextAgentId: string): string {
  const match = /^\/app\/(?:eu|na)\/agents\/[^/]+\/([^/?#]+)/.exec(currentPathname);
  const section = match && isAgentTab(match[1]) ? match[1] : DEFAULT_AGENT_TAB;
  const tab = new URLSearchParams(currentSearch).get('tab');
  const sub = tab && SUB_TABS[section]?.includes(tab) ? tab : undefined;
  return agentTabHref(region, nextAgentId, section, sub);
}

/** Where a new agent opens: its node editor when it uses nodes, otherwise the overview, with the debugger on. */
export function postCreatePath(region: Region, agent: { ID: string; enableNodes?: boolean }): string {
  return `${agentAreaBase(region, agent.ID)}/${agent.enableNodes ? 'nodes' : 'overview'}?showDebugger=true`;
}

/** The query parameter that opens one conversation on the Chats tab. */
export const SESSION_QUERY_PARAM = 'conversation';
