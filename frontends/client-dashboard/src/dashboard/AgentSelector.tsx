import { useLocation, useNavigate } from 'react-router-dom';
import { CLIENT_SELECTED_AGENT_KEY } from '@platform/contracts';
import { Avatar, Group, IconChevronDown, Menu, Text, UnstyledButton, writeStored } from '@platform/ui';
import { useDashboard } from '../session';
import { agentTitle, switchAgentHref, type DashboardTab } from '../logic/tabs';
import type { ClientAgent } from './use-client-agents';

/**
 * The agent selector (billing.md §2): the client's agents, titles cut at 30; choosing one
 * stores it locally and keeps the rest of the current path. `avatarOnly` on narrow screens.
 */
export function AgentSelector({ agents, current, tabs, avatarOnly }: { agents: ClientAgent[]; current?: string; tabs: DashboardTab[]; avatarOnly?: boolean }) {
  const { host } = useDashboard();
  const location = useLocation();
  const navigate = useNavigate();
  const selected = agents.find((a) => a.ID === current);
  const choose = (agentId: string) => {
    writeStored(CLIENT_SELECTED_AGENT_KEY, agentId);
    navigate(switchAgentHref(host.region, location.pathname, agentId, tabs));
  };
  return (
    <Menu position="bottom-start" width={300}>
      <Menu.Target>
        <UnstyledButton data-testid="agent-selector" style={{ color: 'inherit' }}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={selected?.roundedImageURL || undefined} size="sm" radius="xl">
              {agentTitle(selected?.title).slice(0, 1)}
            </Avatar>
            {!avatarOnly && (
              <Text size="sm" fw={600} data-testid="agent-selector-title">
                {agentTitle(selected?.title)}
              </Text>
            )}
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="agent-selector-list">
        {agents.map(({ ID, title, roundedImageURL }) => (
          <Menu.Item key={ID} onClick={() => choose(ID)} leftSection={<Avatar src={roundedImageURL || undefined} size="xs" radius="xl" />} fw={ID === current ? 700 : undefined}>
            {agentTitle(title)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
