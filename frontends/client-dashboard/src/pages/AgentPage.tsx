import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, customTabFrameOrigin, type Region } from '@platform/contracts';
import { useDashboard } from '../session';
import { AgentUsageStats, Avatar, CampaignsPage, Card, ConversationsList, Group, LeadsTable, SimpleGrid, Skeleton, Stack, Text, Title, useAgent } from '@platform/ui';
import { agentTitle, tabHref, type DashboardTab } from '../logic/tabs';

// The editor tabs (and the agent schema's validation) load only when a client opens one.
const EditorPage = lazy(() => import(/* webpackChunkName: "client-editor" */ './EditorPage').then((m) => ({ default: m.EditorPage })));

/** A custom tab's page may run scripts, forms and popups, never with the dashboard's origin. */
const SANDBOX = 'allow-scripts allow-forms allow-popups';

function PageHeading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={2} mb="md">
      <Title order={3}>{title}</Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

function HomePage({ region, agentId, tabs }: { region: Region; agentId: string; tabs: DashboardTab[] }) {
  const { data: agent } = useAgent(region, agentId);
  return (
    <Stack>
      <Group>
        <Avatar src={agent?.roundedImageURL || undefined} size={56} radius="xl" />
        <Stack gap={0}>
          <Title order={3}>{agentTitle(agent?.title)}</Title>
          {agent?.description && <Text c="dimmed">{agent.description}</Text>}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {tabs
          .filter((tab) => tab.key !== 'home')
          .map((tab) => (
            <Card key={tab.key} component={Link} to={tabHref(region, agentId, tab)} withBorder padding="lg">
              <Text fw={600}>{tab.label}</Text>
            </Card>
          ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * An html tab is agency-domain's page under its own sandboxing CSP (a srcdoc frame would inherit
 * the dashboard's `script-src 'self'` and never run the tab's script); an iframe tab is its URL.
 */
function CustomTabPage({ tab, agentId }: { tab: Extract<DashboardTab, { kind: 'custom' }>; agentId: string }) {
  const { api } = useDashboard();
  const framed = tab.tab.pageType === 'iframe';
  // Only pages the agency host's CSP frames (https, loopback http): never javascript: or data:.
  if (framed && !customTabFrameOrigin(tab.tab.iframeUrl)) return <Text data-testid="client-custom-tab-refused">{MESSAGES.agency.tabPageNotFramed}</Text>;
  const src = framed ? tab.tab.iframeUrl : api.customTabSrc(tab.tab.href, agentId);
  return <iframe title={tab.label} src={src} sandbox={SANDBOX} style={{ width: '100%', height: 'calc(100vh - 220px)', border: 0 }} data-testid="client-custom-tab" />;
}

/**
 * One agent page of the client dashboard: the agent area's editor tabs (Knowledge and Tools
 * among them: their settings publish like the others), Chats, Analytics and Leads (the shell's
 * components, from @platform/ui), Home, or an agency custom tab.
 */
export function AgentPage({ region, agentId, tab, tabs }: { region: Region; agentId: string; tab: DashboardTab; tabs: DashboardTab[] }) {
  const { data: agent } = useAgent(region, agentId);
  if (tab.kind === 'custom') return <CustomTabPage tab={tab} agentId={agentId} />;
  switch (tab.key) {
    case 'home':
      return <HomePage region={region} agentId={agentId} tabs={tabs} />;
    case 'convos':
      return (
        <>
          <PageHeading title="Chats" description="Conversations people had with the agent" />
          <ConversationsList region={region} agentId={agentId} />
        </>
      );
    case 'analytics':
      return (
        <>
          <PageHeading title="Analytics" description="How much the agent is used" />
          <AgentUsageStats agent={agent ?? {}} />
        </>
      );
    case 'leads':
      return (
        <>
          <PageHeading title="Leads" description="Contacts the agent collected" />
          <LeadsTable region={region} agentId={agentId} />
        </>
      );
    case 'campaigns':
      return <CampaignsPage region={region} agentId={agentId} />;
    case 'overview':
    case 'voice':
    case 'nodes':
    case 'prompt':
    case 'settings':
    case 'kb':
    case 'tools':
    // Channels: the channels service's connect/remove calls, the agent's channel fields published like the editor pages (ADR 0037)
    case 'channels':
      return (
        <Suspense fallback={<Skeleton height={240} radius="md" />}>
          <EditorPage key={agentId} region={region} agentId={agentId} section={tab.key} />
        </Suspense>
      );
  }
}
