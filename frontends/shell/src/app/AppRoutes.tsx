import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { AgentsPage } from '../agents/AgentsPage';
import { AgentAreaPage } from '../agents/AgentAreaPage';
import { NotFoundPage } from '../pages/NotFoundPage';
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

/** /app/{region}/*: the app shell around every signed-in page. */
export default function AppRoutes() {
  const { region } = useParams();
  if (!isRegion(region)) return <NotFoundPage />;
  return (
    <WorkspaceProvider region={region}>
      <AppLayout>
        <Routes>
          <Route index element={<Navigate to="agents" replace />} />
          <Route path="agents" element={<AgentsPage />} />
          <Route path="agents/:agentId/:section?" element={<AgentAreaPage />} />
          <Route path="agency/*" element={<RemoteOutlet name="agency_settings" />} />
          <Route path="clients/*" element={<RemoteOutlet name="agency_settings" />} />
          {PLACEHOLDER_PAGES.map((page) => (
            <Route key={page.path} path={page.path.slice(1)} element={<AppPlaceholderPage title={page.title} />} />
          ))}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </AppLayout>
    </WorkspaceProvider>
  );
}
