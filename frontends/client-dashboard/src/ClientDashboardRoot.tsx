import { BrowserRouter } from 'react-router-dom';
import { Box, Center, Group, Loader, readAgencyHost, Text, useComputedColorScheme, type RemoteProps } from '@platform/ui';
import { AgencyLogo } from './dashboard/AgencyLogo';
import { topBarStyle, useBrandColors } from './dashboard/brand';
import { Dashboard } from './dashboard/Dashboard';
import { DashboardFooter } from './dashboard/DashboardFooter';
import { LoginScreen } from './login/LoginScreen';
import { DashboardProvider, useDashboard } from './session';

function SignedOutHeader() {
  const { host } = useDashboard();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <Group component="header" className="topbar" px="md" h={60} style={topBarStyle(host.agency)}>
      <AgencyLogo dark={dark} />
    </Group>
  );
}

function Screens() {
  const { session } = useDashboard();
  if (session === undefined) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  if (session === null) {
    return (
      <>
        <SignedOutHeader />
        <Box style={{ flex: 1 }}>
          <LoginScreen />
        </Box>
      </>
    );
  }
  return <Dashboard />;
}

/** The client dashboard (spec 2.9, 2.10) on an agency host: the login screen, then the dashboard, with the footer of 2.4. */
export function ClientDashboardRoot({ loadParcel }: RemoteProps['client_dashboard']) {
  const host = readAgencyHost();
  useBrandColors();
  if (!host) {
    return (
      <Center py={80} data-testid="client-dashboard">
        <Text>The client dashboard opens on your agency's domain.</Text>
      </Center>
    );
  }
  return (
    <BrowserRouter>
      <DashboardProvider host={host} loadParcel={loadParcel}>
        <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} data-testid="client-dashboard">
          <Screens />
          <DashboardFooter />
        </Box>
      </DashboardProvider>
    </BrowserRouter>
  );
}
