import { AGENT_TABS, NAVIGATION_SEARCH, type AgentTabKey, type Region, type TabDefinition } from '@platform/contracts';
import { SUB_TAB_LABELS, SUB_TABS, agentTabHref } from '@platform/ui';

/** A searchable tab or sub-tab: the spec's tab definition plus words people may type. */
export interface SearchableTab extends TabDefinition {
  keywords: string[];
  /** "Settings" for a settings sub-tab; shown before the label. */
  parent?: string;
}

export type MatchBadge = (typeof NAVIGATION_SEARCH.labels)[keyof typeof NAVIGATION_SEARCH.labels];

export interface NavSearchResult {
  tab: SearchableTab;
  /** 0..1, higher is better (1 - Fuse's distance score). */
  score: number;
  badge: MatchBadge;
}

const TAB_WORDS: Record<AgentTabKey, { desc: string; keywords: string[] }> = {
  home: { desc: 'Agent home and summary', keywords: ['dashboard', 'start', 'summary'] },
  overview: { desc: 'Chat widget look, greeting and images', keywords: ['widget', 'overview', 'appearance', 'greeting', 'proactive message', 'avatar', 'images', 'branding'] },
  voice: { desc: 'Voice agent: voices, speech and transcription', keywords: ['voice', 'call', 'phone', 'speech', 'audio'] },
  nodes: { desc: 'Prompt (basic view): system prompt, model and temperature', keywords: ['prompt', 'system prompt', 'model', 'llm', 'temperature', 'instructions', 'basic view'] },
  prompt: { desc: 'Canvas (node view): the conversation graph', keywords: ['canvas', 'nodes', 'graph', 'flow', 'node view', 'editor'] },
  kb: { desc: 'Knowledge base sources and retrieval', keywords: ['knowledge', 'kb', 'documents', 'files', 'sources', 'chunks', 'embeddings', 'rag'] },
  convos: { desc: 'Conversations and chat history', keywords: ['chats', 'conversations', 'history', 'transcripts', 'messages'] },
  analytics: { desc: 'Usage and geo analytics', keywords: ['analytics', 'statistics', 'metrics', 'usage', 'reports'] },
  leads: { desc: 'Leads captured by the agent', keywords: ['leads', 'contacts', 'crm', 'emails'] },
  channels: { desc: 'WhatsApp, Instagram, Messenger, Discord, Telegram', keywords: ['channels', 'whatsapp', 'instagram', 'messenger', 'discord', 'telegram', 'connect'] },
  tools: { desc: 'Tools the agent can call', keywords: ['tools', 'functions', 'api', 'webhooks', 'actions'] },
  settings: { desc: 'Agent settings', keywords: ['settings', 'configuration', 'preferences'] },
};

const SUB_TAB_WORDS: Record<string, { desc: string; keywords: string[] }> = {
  'settings.core': { desc: 'Name, description and platform', keywords: ['core', 'general', 'name', 'title', 'description'] },
  'settings.ui': { desc: 'Theme, fonts and buttons', keywords: ['ui', 'theme', 'colors', 'font', 'buttons', 'layout', 'dark mode'] },
  'settings.language': { desc: 'Language and AI translation', keywords: ['language', 'translate', 'translation', 'locale'] },
  'settings.security': { desc: 'Secret key and browser sync', keywords: ['security', 'secret', 'api key', 'key'] },
  'settings.notifications': { desc: 'Proactive messages and limits', keywords: ['notifications', 'alerts', 'proactive'] },
  'settings.handoff': { desc: 'Human handoff to a live agent', keywords: ['handoff', 'human', 'live agent', 'operator', 'transfer', 'escalation'] },
  'settings.technical': { desc: 'Chunk size, uploads and timing', keywords: ['technical', 'chunk size', 'uploads', 'delay', 'websocket'] },
  'settings.analytics': { desc: 'Chat history and geo analytics', keywords: ['analytics', 'tracking', 'geo', 'record'] },
  'settings.advanced': { desc: 'Custom CSS and custom buttons', keywords: ['advanced', 'css', 'custom css', 'style', 'buttons json'] },
  'settings.integrations': { desc: 'Webhooks and third-party integrations', keywords: ['integrations', 'webhook', 'flowise', 'google', 'third-party'] },
  'voice.voiceLibrary': { desc: 'Choose a voice', keywords: ['voice library', 'voices'] },
  'voice.speechGen': { desc: 'Speech generation provider and voice', keywords: ['speech', 'tts', 'text to speech', 'speech generation'] },
  'voice.transcriber': { desc: 'Speech recognition model and language', keywords: ['transcriber', 'stt', 'speech to text', 'deepgram', 'recognition'] },
  'voice.phoneNumbers': { desc: 'Connect the agent to a phone number', keywords: ['phone numbers', 'connect to number', 'twilio', 'telephony'] },
  'voice.testCall': { desc: 'Call the agent from the browser', keywords: ['test call', 'web call', 'try'] },
  'voice.advanced': { desc: 'Recording, background noise and limits', keywords: ['advanced voice', 'recording', 'background noise', 'limits'] },
};

/** Tab definitions (label, href, desc, index) for the visible tabs and their sub-tabs. */
export function buildSearchableTabs(region: Region, agentId: string, visibleTabs: readonly AgentTabKey[]): SearchableTab[] {
  const tabs: SearchableTab[] = [];
  for (const key of visibleTabs) {
    const label = AGENT_TABS[key];
    tabs.push({ label, href: agentTabHref(region, agentId, key), desc: TAB_WORDS[key].desc, index: tabs.length, keywords: TAB_WORDS[key].keywords });
    for (const sub of SUB_TABS[key] ?? []) {
      const words = SUB_TAB_WORDS[`${key}.${sub}`] ?? { desc: '', keywords: [] };
      tabs.push({
        label: SUB_TAB_LABELS[key]?.[sub] ?? sub,
        parent: label,
        href: agentTabHref(region, agentId, key, sub),
        desc: words.desc,
        index: tabs.length,
        keywords: words.keywords,
      });
    }
  }
  return tabs;
}

export function matchBadge(score: number): MatchBadge {
  if (score > NAVIGATION_SEARCH.strongMatchAbove) return NAVIGATION_SEARCH.labels.strong;
  if (score > NAVIGATION_SEARCH.goodMatchAbove) return NAVIGATION_SEARCH.labels.good;
  return NAVIGATION_SEARCH.labels.possible;
}

/** A strong match (above 0.8) is opened without a click. */
export const autoNavigateTarget = (results: readonly NavSearchResult[]): SearchableTab | undefined =>
  results[0] && results[0].score > NAVIGATION_SEARCH.strongMatchAbove ? results[0].tab : undefined;
