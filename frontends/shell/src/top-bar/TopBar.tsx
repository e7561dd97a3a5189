import { Suspense, lazy } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ActionIcon, Box, Burger, Button, IconPlayerPlay, IconRocket } from '@platform/ui';
import { agentIdFromPath } from '../contexts/agent-editor-context';
import { AgentSwitcher, PublishControls } from './AgentControls';
import { WorkspaceMenu } from './WorkspaceMenu';
import { useWorkspace } from '../contexts/workspace-context';

// Fuse.js and the tab index load with the first agent page.
const TopBarSearch = lazy(() => import('../agent-area/TopBarSearch'));

interface TopBarProps {
  phone: boolean;
  navOpen: boolean;
  onToggleNav: () => void;
}

/** Spec 2.6 top bar: workspace and agent switchers, Demo, Publish with the agent actions, Upgrade Plan. */
export function TopBar({ phone, navOpen, onToggleNav }: TopBarProps) {
  const { region } = useWorkspace();
  const agentId = agentIdFromPath(useLocation().pathname);
  const demoHref = agentId ? `/app/${region}/prototype?vg_id=${encodeURIComponent(agentId)}` : `/app/${region}/prototype`;

  return (
    <header className="app-topbar" data-testid="top-bar">
      {phone && <Burger opened={navOpen} onClick={onToggleNav} size="sm" aria-label="Toggle navigation" />}
      <WorkspaceMenu />
      {agentId && <AgentSwitcher agentId={agentId} />}
      <Box style={{ flex: 1 }} />
      {agentId && !phone && (
        <Suspense fallback={null}>
          <TopBarSearch agentId={agentId} />
        </Suspense>
      )}
      {!phone && (
        <Button component={Link} to={demoHref} variant="subtle" leftSection={<IconPlayerPlay size={16} />} style={{ flexShrink: 0 }}>
          Demo
        </Button>
      )}
      {/* Always mounted, phones included (spec 2.6): its open panels survive a layout switch. */}
      <PublishControls agentId={agentId} compact={phone} />
      {phone ? (
        <ActionIcon component={Link} to={`/app/${region}/account/billing`} color="orange" size="lg" aria-label="Upgrade Plan">
          <IconRocket size={18} />
        </ActionIcon>
      ) : (
        <Button component={Link} to={`/app/${region}/account/billing`} color="orange" leftSection={<IconRocket size={16} />} style={{ flexShrink: 0 }}>
          Upgrade Plan
        </Button>
      )}
    </header>
  );
}
