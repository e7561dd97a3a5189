import { Suspense, lazy, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from '@platform/ui';
import { rememberAttribution } from './auth/attribution';
import { RemoteOutlet } from './app/RemoteOutlet';
import { NotFoundPage } from './pages/NotFoundPage';
import { PageLoader } from './pages/PageLoader';
import './shell.css';

// Route areas are separate chunks: a visitor of the home page never downloads the app shell.
const PublicRoutes = lazy(() => import('./public/PublicRoutes'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const OnboardingPage = lazy(() => import('./auth/OnboardingPage'));
const InvitationPage = lazy(() => import('./auth/InvitationPage'));
const AppRoutes = lazy(() => import('./app/AppRoutes'));

export function ShellApp() {
  useEffect(() => rememberAttribution(window.location.search), []);
  return (
    <UiProvider>
      <BrowserRouter>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path="/login" element={<LoginPage mode="login" />} />
            <Route path="/signup" element={<LoginPage mode="signup" />} />
            <Route path="/onboarding" element={<OnboardingPage />} />
            <Route path="/no-auth/workspaces/:uid/invite" element={<InvitationPage />} />
            <Route path="/app/:region/*" element={<AppRoutes />} />
            <Route path="/client/*" element={<RemoteOutlet name="client_dashboard" />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/*" element={<PublicRoutes />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </UiProvider>
  );
}
