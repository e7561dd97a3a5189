import { Suspense, lazy, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { UiProvider, readAgencyHost } from '@platform/ui';
import { rememberAttribution } from './auth/attribution';
import { NotFoundPage } from './pages/NotFoundPage';
import { PageLoader } from './pages/PageLoader';
import { Titled } from './pages/page-title';
import { RemoteApp, loadParcel } from './remotes/RemoteApp';
// The page's global styles, once: remotes render inside this page and bring none of their own.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './fonts';
import './shell.css';

// Route areas are separate chunks: a visitor of the home page never downloads the app shell.
const PublicRoutes = lazy(() => import('./public/PublicRoutes'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const OnboardingPage = lazy(() => import('./auth/OnboardingPage'));
const InvitationPage = lazy(() => import('./auth/InvitationPage'));
const AppRoutes = lazy(() => import('./app/AppRoutes'));
// The agent's widget alone (iframe snippet, share links): no shell, no sign-in.
const IframeRenderPage = lazy(() => import('./widget-pages/AgentWidget').then((m) => ({ default: m.IframeRenderPage })));
const SharePage = lazy(() => import('./widget-pages/AgentWidget').then((m) => ({ default: m.SharePage })));

export function ShellApp() {
  const agencyHost = readAgencyHost();
  useEffect(() => rememberAttribution(window.location.search), []);
  return (
    <UiProvider>
      <BrowserRouter>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path="/login" element={<Titled title="Sign in"><LoginPage mode="login" /></Titled>} />
            <Route path="/signup" element={<Titled title="Sign up"><LoginPage mode="signup" /></Titled>} />
            <Route path="/onboarding" element={<Titled title="Onboarding"><OnboardingPage /></Titled>} />
            <Route path="/no-auth/workspaces/:uid/invite" element={<Titled title="Join a workspace"><InvitationPage /></Titled>} />
            <Route path="/app/:region/render/:agentId/iframe" element={<Titled title="Chat"><IframeRenderPage /></Titled>} />
            <Route path="/app/:region/agents/:agentId/share" element={<Titled title="Chat"><SharePage /></Titled>} />
            <Route path="/share" element={<Titled title="Chat"><SharePage /></Titled>} />
            {/* The Demo on an agency's verified domain ({domain}/{region}/prototype/{agent_id}), and /prototype?vg_id= there (2.1). */}
            <Route path="/:region/prototype/:agentId" element={<Titled title="Demo"><SharePage /></Titled>} />
            <Route path="/prototype" element={<Titled title="Demo"><SharePage /></Titled>} />
            {agencyHost ? (
              // An agency host (ADR 0020): every other page is the client dashboard in the agency's brand.
              <Route path="/*" element={<RemoteApp name="client_dashboard" loadParcel={loadParcel} />} />
            ) : (
              <>
                <Route path="/app/:region/*" element={<AppRoutes />} />
                <Route path="/404" element={<Titled title="Page not found"><NotFoundPage /></Titled>} />
                <Route path="/*" element={<PublicRoutes />} />
              </>
            )}
          </Routes>
        </Suspense>
      </BrowserRouter>
    </UiProvider>
  );
}
