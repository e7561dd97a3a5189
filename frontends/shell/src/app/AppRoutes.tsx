import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useMatch, useParams } from 'react-router-dom';
import { AgentsLoadingScreen } from '../agents/AgentsLoadingScreen';
import { AgentsPage } from '../agents/AgentsPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Titled } from '../pages/page-title';
import { RemoteApp } from '../remotes/RemoteApp';
import { Group, Skeleton, Stack } from '@platform/ui';
import { AgentEditorProvider, useAgentEditor } from '../contexts/agent-editor-context';
import { AppLayout } from './AppLayout';
import { MetaPagesPage } from '../channels-pages/MetaPagesPage';
import { WhatsappNumbersPage } from '../channels-pages/WhatsappNumbersPage';
import { TwilioNumbersPage } from '../channels-pages/TwilioNumbersPage';
import { WorkspaceProvider, useWorkspace } from '../contexts/workspace-context';
import { isRegion } from '../contexts/workspace-selection';

// The agent area (forms, validation, search) and the New Agent drawer load on first use.
const AgentArea = lazy(() => import('../agent-area/AgentArea'));
const NewAgentDrawer = lazy(() => import('../agents/NewAgentDrawer'));
const PrototypePage = lazy(() => import('../widget-pages/PrototypePage'));
const EventsPage = lazy(() => import('../events-page/EventsPage'));
const CrawlerPage = lazy(() => import('../workspace-pages/CrawlerPage'));
const SessionsPage = lazy(() => import('../workspace-pages/SessionsPage'));
const FunctionsPage = lazy(() => import('../workspace-pages/FunctionsPage'));
const CredentialsPage = lazy(() => import('../workspace-pages/CredentialsPage'));
const PromptsPage = lazy(() => import('../workspace-pages/PromptsPage'));

/** The billing remote, for the selected workspace. */
function BillingRoute() {
  const { region, workspace } = useWorkspace();
  return workspace ? <RemoteApp name="billing" region={region} workspaceId={workspace.uid} /> : null;
}

/** The agent area's skeleton while its code loads (the area shows its own until the agent is there). */
function AgentAreaFallback() {
  return (
    <Stack gap="md" data-testid="agent-area-skeleton" aria-busy="true">
      <Group gap="sm">
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} height={32} width={88} radius="sm" />
        ))}
      </Group>
      <Skeleton height={28} width="40%" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

function NewAgentDrawerMount() {
  const { newAgentOpen, closeNewAgent } = useAgentEditor();
  if (!newAgentOpen) return null;
  return (
    <Suspense fallback={null}>
      <NewAgentDrawer onClose={closeNewAgent} />
    </Suspense>
  );
}

/** /app/{region}/*: the app shell around every signed-in page. */
export default function AppRoutes() {
  const { region } = useParams();
  // The agents list's loading screen starts with the session (its workspace stage).
  const agentsList = useMatch('/app/:region/agents');
  if (!isRegion(region)) return <Titled title="Page not found"><NotFoundPage /></Titled>;
  return (
    <WorkspaceProvider region={region} pending={agentsList ? <AgentsLoadingScreen stage="workspace" /> : undefined}>
      <AgentEditorProvider>
      <AppLayout>
        <Routes>
          <Route index element={<Navigate to="agents" replace />} />
          <Route path="agents" element={<Titled title="Agents"><AgentsPage /></Titled>} />
          <Route
            path="agents/:agentId/:section?"
            element={
              <Suspense fallback={<AgentAreaFallback />}>
                <AgentArea />
              </Suspense>
            }
          />
          <Route path="prototype" element={<Titled title="Demo"><Suspense fallback={null}><PrototypePage /></Suspense></Titled>} />
          <Route path="agency/*" element={<Titled title="Agency"><RemoteApp name="agency_settings" screen="agency" /></Titled>} />
          <Route path="clients/*" element={<Titled title="Clients"><RemoteApp name="agency_settings" screen="clients" /></Titled>} />
          <Route path="meta-pages" element={<Titled title="Meta Pages"><MetaPagesPage /></Titled>} />
          <Route path="whatsapp-numbers" element={<Titled title="WhatsApp"><WhatsappNumbersPage /></Titled>} />
          <Route path="twilio-numbers" element={<Titled title="Twilio Numbers"><TwilioNumbersPage /></Titled>} />
          <Route path="events" element={<Titled title="Events"><Suspense fallback={null}><EventsPage /></Suspense></Titled>} />
          <Route path="automations" element={<Titled title="Crawler"><Suspense fallback={null}><CrawlerPage /></Suspense></Titled>} />
          <Route path="sessions" element={<Titled title="Sessions"><Suspense fallback={null}><SessionsPage /></Suspense></Titled>} />
          <Route path="integrations" element={<Titled title="Functions"><Suspense fallback={null}><FunctionsPage /></Suspense></Titled>} />
          <Route path="credentials" element={<Titled title="Credentials"><Suspense fallback={null}><CredentialsPage /></Suspense></Titled>} />
          <Route path="prompts" element={<Titled title="Prompts"><Suspense fallback={null}><PromptsPage /></Suspense></Titled>} />
          <Route path="c/*" element={<Titled title="Custom tab"><RemoteApp name="agency_settings" screen="custom-tab" /></Titled>} />
          <Route path="account/billing" element={<Titled title="Billing"><BillingRoute /></Titled>} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </AppLayout>
      <NewAgentDrawerMount />
      </AgentEditorProvider>
    </WorkspaceProvider>
  );
}
