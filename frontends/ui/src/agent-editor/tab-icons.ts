import type { AgentPageKey } from '@platform/contracts';
import { IconSpeakerphone } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconBook2,
  IconChartBar,
  IconHierarchy,
  IconHome,
  IconMessageChatbot,
  IconMessages,
  IconMicrophone,
  IconPlug,
  IconPrompt,
  IconSettings,
  IconTool,
} from '../mantine';

/** The icon of each agent page, in the shell's agent navigation and the client dashboard's. */
export const AGENT_TAB_ICONS: Record<AgentPageKey, typeof IconHome> = {
  home: IconHome,
  overview: IconMessageChatbot,
  voice: IconMicrophone,
  nodes: IconPrompt,
  prompt: IconHierarchy,
  kb: IconBook2,
  convos: IconMessages,
  analytics: IconChartBar,
  leads: IconAddressBook,
  channels: IconPlug,
  tools: IconTool,
  settings: IconSettings,
  campaigns: IconSpeakerphone,
};
