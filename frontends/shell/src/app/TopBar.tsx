import { Link, useParams } from 'react-router-dom';
import { ActionIcon, Box, Burger, Button, Group, IconChevronDown, IconPlayerPlay, IconRocket, Menu, Tooltip } from '@platform/ui';
import { WorkspaceMenu } from './WorkspaceMenu';
import { useWorkspace } from './workspace-context';

interface TopBarProps {
  phone: boolean;
  navOpen: boolean;
  onToggleNav: () => void;
}

/** Spec 2.6 top bar. The agent switcher and Publish actions come alive with the agent area. */
export function TopBar({ phone, navOpen, onToggleNav }: TopBarProps) {
  const { region } = useWorkspace();
  const agentId = useParams()['*']?.match(/^agents\/([^/]+)/)?.[1];
  const demoHref = agentId ? `/app/${region}/prototype?vg_id=${encodeURIComponent(agentId)}` : `/app/${region}/prototype`;

  return (
    <header className="app-topbar" data-testid="top-bar">
      {phone && <Burger opened={navOpen} onClick={onToggleNav} size="sm" aria-label="Toggle navigation" />}
      <WorkspaceMenu />
      <Box style={{ flex: 1 }} />
      {!phone && (
        <Button component={Link} to={demoHref} variant="subtle" leftSection={<IconPlayerPlay size={16} />}>
          Demo
        </Button>
      )}
      {!phone && <PublishButton agentId={agentId} />}
      {phone ? (
        <ActionIcon component={Link} to={`/app/${region}/account/billing`} color="orange" size="lg" aria-label="Upgrade Plan">
          <IconRocket size={18} />
        </ActionIcon>
      ) : (
        <Button component={Link} to={`/app/${region}/account/billing`} color="orange" leftSection={<IconRocket size={16} />}>
          Upgrade Plan
        </Button>
      )}
    </header>
  );
}

/** Publish with its actions menu; both wait for an open agent (spec 4.6 arrives with the agent area). */
function PublishButton({ agentId }: { agentId?: string }) {
  return (
    <Group gap={0} wrap="nowrap">
      <Tooltip label={agentId ? 'Publish your changes' : 'Open an agent to publish'} disabled={Boolean(agentId)}>
        <Button variant="default" disabled={!agentId} style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}>
          Publish
        </Button>
      </Tooltip>
      <Menu position="bottom-end" disabled={!agentId}>
        <Menu.Target>
          <Button variant="default" px={6} disabled={!agentId} aria-label="Agent actions" style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}>
            <IconChevronDown size={14} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Copy Agent ID</Menu.Item>
          <Menu.Item>Website Script</Menu.Item>
          <Menu.Item>Version History</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
