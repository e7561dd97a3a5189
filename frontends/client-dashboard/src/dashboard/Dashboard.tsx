import { useEffect } from 'react';
import { Navigate, useMatch } from 'react-router-dom';
import { seesEveryPage } from '@platform/contracts';
import { Box, Center, Loader, agentNavLayout, useMediaQuery } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';
import { agencyBarShown, lockedMessage, mayCreateAgents } from '../logic/access';
import { clientTabs, landingHref, tabAt, tabHref, type DashboardTab } from '../logic/tabs';
import { AgentPage } from '../pages/AgentPage';
import { AgencyBar } from './AgencyBar';
import { ClientAgentNav } from './ClientAgentNav';
import { LockedModal } from './LockedModal';
import { NewAgentButton } from './NewAgentButton';
import { TopBar } from './TopBar';
import { useClientAgents } from './use-client-agents';

/**
 * The signed-in dashboard (spec 2.10): the top bar, the client's agent pages in the
 * organisation's layout (horizontal on phones), the agency bar for agency users, and the locked
 * modal when client access is disabled or there are no agents.
 */
export function Dashboard() {
  const { host, api } = useDashboard();
  const session = useClientSession();
  const { agents, loading } = useClientAgents();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const match = useMatch('/app/:region/agents/:agentId/*');
  const tabs = clientTabs({ agencyAdmin: seesEveryPage(session.agencyAdmin, session.client), canAccess: session.pages, clientTabOrder: session.client.clientTabOrder }, host.agency.customTabs ?? []);
  const layout = agentNavLayout({ phone, signedInOwner: false, dashboardLayout: session.organization.dashboardLayout });
  const lock = loading ? undefined : lockedMessage({ agencyAdmin: session.agencyAdmin, organization: session.organization, agentCount: agents.length });
  const agentId = match?.params.agentId;
  const agentKnown = agents.some((a) => a.ID === agentId);
  const tab = tabAt(match?.params['*'], tabs);

  useEffect(() => {
    document.title = `${host.agency.name || 'Agency'}${tab ? ` | ${tab.label}` : ''}`;
  }, [host.agency.name, tab]);

  if (loading) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  if (!lock) {
    // A signed-in client lands on the first allowed tab of the first agent; a page it may not open is never shown.
    if (!agentId || !agentKnown) {
      const landing = landingHref(host.region, agents.map((a) => a.ID), tabs);
      if (landing) return <Navigate to={landing} replace />;
    } else if (!tab && tabs[0]) {
      return <Navigate to={tabHref(host.region, agentId, tabs[0])} replace />;
    }
  }
  const recordClick = (clicked: DashboardTab) => void api.recordTabClick(clicked.path, agentId).catch(() => undefined);
  const nav = !lock && agentId && agentKnown && <ClientAgentNav layout={layout} region={host.region} agentId={agentId} tabs={tabs} current={tab} onClick={recordClick} />;
  return (
    <>
      <TopBar agents={agents} agentId={agentKnown ? agentId : undefined} tabs={tabs} phone={phone} />
      {agencyBarShown({ agencyAdmin: session.agencyAdmin, layout, onAgentPage: Boolean(nav) }) && <AgencyBar />}
      {layout === 'horizontal' && nav}
      <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {layout === 'vertical' && nav}
        <Box component="main" p="lg" style={{ flex: 1, minWidth: 0 }} data-testid="client-page" data-page={tab?.key}>
          {!lock && agentId && agentKnown && tab && <AgentPage region={host.region} agentId={agentId} tab={tab} tabs={tabs} />}
        </Box>
      </Box>
      {lock && <LockedModal message={lock} action={agents.length === 0 && !session.organization.settings?.disableClientAccess && mayCreateAgents(session) ? <NewAgentButton tabs={tabs} /> : undefined} />}
    </>
  );
}
