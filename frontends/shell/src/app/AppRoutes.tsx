import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AgentsPage } from '../agents/AgentsPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Group, Skeleton, Stack } from '@platform/ui';
import { AgentEditorProvider, useAgentEditor } from './agent-editor-context';
import { AppLayout } from './AppLayout';
import { AppPlaceholderPage } from './AppPlaceholderPage';
import { ALL_NAV_ITEMS } from './nav-structure';
import { RemoteOutlet } from './RemoteOutlet';
import { WorkspaceProvider } from './workspace-context';
import { isRegion } from './workspace-selection';

/** Pages whose content arrives with later issues, keyed by their path under /app/{region}. */
const PLACEHOLDER_PAGES = [
  ...ALL_NAV_ITEMS.filter((i) => !['/agents', '/agency', '/clients'].includes(i.path)).map((i) => ({ path: i.path, title: i.label })),
  { path: '/account/billing', title: 'Billing' },
  { path: '/prototype', title: 'Demo' },
  { path: '/c/*', title: 'Custom tab' },
  { path: '/render/:agentId/iframe', title: 'Agent preview' },
];

// The agent area (forms, validation, search) and the New Agent drawer load on first use.
const AgentArea = lazy(() => import('../agent-area/AgentArea'));
const NewAgentDrawer = lazy(() => import('../agents/NewAgentDrawer'));

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
  if (!isRegion(region)) return <NotFoundPage />;
  return (
    <WorkspaceProvider region={region}>
      <AgentEditorProvider>
      <AppLayout>
        <Routes>
          <Route index element={<Navigate to="agents" replace />} />
          <Route path="agents" element={<AgentsPage />} />
          <Route
            path="agents/:agentId/:section?"
            element={
              <Suspense fallback={<AgentAreaFallback />}>
                <AgentArea />
              </Suspense>
            }
          />
          <Route path="agency/*" element={<RemoteOutlet name="agency_settings" />} />
          <Route path="clients/*" element={<RemoteOutlet name="agency_settings" />} />
          {PLACEHOLDER_PAGES.map((page) => (
            <Route key={page.path} path={page.path.slice(1)} element={<AppPlaceholderPage title={page.title} />} />
          ))}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </AppLayout>
      <NewAgentDrawerMount />
      </AgentEditorProvider>
    </WorkspaceProvider>
  );
}
