/*
 * The agent editor: the agent area's form context, fields and tabs, shared by the shell's agent
 * area and the client dashboard (ADR 0031). Heavy editors stay behind editor-slots' import().
 */
export { AgentFormProvider, useAgentForm, useField, type AgentEditorOptions } from './forms/fields';
export { TabContent, type TabProps } from './tabs/TabContent';
export { VoiceCallPanel } from './voice/VoiceCallPanel';
export { REGENERATE_AGENT_KEY_WARNING } from './tabs/SettingsTab';
export {
  AGENT_TAB_ORDER,
  SUB_TAB_LABELS,
  SUB_TABS,
  SESSION_QUERY_PARAM,
  agentAreaBase,
  agentTabHref,
  isAgentTab,
  postCreatePath,
  resolveSubTab,
  switchAgentHref,
  visibleAgentTabs,
  type TabVisibilityContext,
} from './logic/tabs';
export { isAgentUnchanged, publishButtonState, type PublishButtonState } from './logic/publish';
export { CHANNEL_LABELS, channelBadge } from './logic/channels';
export { greetingsOf } from './logic/greetings';
export { usePublishAgent } from './use-publish-agent';
export { AGENT_TAB_ICONS } from './tab-icons';
