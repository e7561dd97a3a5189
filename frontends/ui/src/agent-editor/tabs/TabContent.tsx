import type { AgentTabKey, Region } from '@platform/contracts';
import { ActivityTab } from './ActivityTabs';
import { CanvasTab } from './CanvasTab';
import { ChannelsTab } from './ChannelsTab';
import { HomeTab } from './HomeTab';
import { KnowledgeTab } from './KnowledgeTab';
import { PromptTab } from './PromptTab';
import { SettingsTab } from './SettingsTab';
import { ToolsTab } from './ToolsTab';
import { VoiceTab } from './VoiceTab';
import { WidgetTab } from './WidgetTab';

export interface TabProps {
  region: Region;
  agentId: string;
  enableNodes: boolean;
  subTab?: string;
  onSubTab: (tab: string) => void;
}

/** The form of one agent-area tab. */
export function TabContent({ section, ...props }: TabProps & { section: AgentTabKey }) {
  switch (section) {
    case 'home':
      return <HomeTab {...props} />;
    case 'overview':
      return <WidgetTab {...props} />;
    case 'voice':
      return <VoiceTab {...props} />;
    case 'nodes':
      return <PromptTab {...props} />;
    case 'prompt':
      return <CanvasTab {...props} />;
    case 'kb':
      return <KnowledgeTab {...props} />;
    case 'convos':
    case 'analytics':
    case 'leads':
      return <ActivityTab kind={section} {...props} />;
    case 'channels':
      return <ChannelsTab {...props} />;
    case 'tools':
      return <ToolsTab {...props} />;
    case 'settings':
      return <SettingsTab {...props} />;
  }
}
