import { Suspense, lazy } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AGENCY_API, type Region } from '@platform/contracts';
import { ActionIcon, Box, Burger, Button, IconPlayerPlay, IconRocket, callApi } from '@platform/ui';
import { demoHref, verifiedAgencyHost } from './demo-link';
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
  const { region, workspace } = useWorkspace();
  const agentId = agentIdFromPath(useLocation().pathname);
  const demo = demoHref({ region, agentId, agencyHost: useAgencyHost(region, agentId ? workspace?.uid : undefined), location: window.location });

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
        demo.external ? (
          <Button component="a" href={demo.href} target="_blank" rel="noreferrer" variant="subtle" leftSection={<IconPlayerPlay size={16} />} style={{ flexShrink: 0 }} data-testid="demo-link">
            Demo
          </Button>
        ) : (
          <Button component={Link} to={demo.href} variant="subtle" leftSection={<IconPlayerPlay size={16} />} style={{ flexShrink: 0 }} data-testid="demo-link">
            Demo
          </Button>
        )
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

/** The workspace's verified agency host, read once an agent is open (the agency settings read the same query). */
function useAgencyHost(region: Region, uid: string | undefined): string | undefined {
  const agency = useQuery({
    queryKey: ['agency', region, uid ?? ''],
    queryFn: () => callApi(AGENCY_API.getAgency, { region, params: { uid: uid! } }),
    enabled: Boolean(uid),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return verifiedAgencyHost(agency.data?.agency);
}
