import { addErrorHandler, registerApplication, start } from 'single-spa';
import { REMOTE_APPS } from '@platform/ui';
import { loadRemoteApp } from './remote-loader';
import { shellLifecycles } from './shell-app';

/*
 * single-spa root config. The shell's own React app is always active; each remote is fetched
 * (remoteEntry.js and its chunks) only when its activity function first matches.
 */
registerApplication({ name: '@platform/shell', app: shellLifecycles, activeWhen: () => true });
registerApplication({
  name: 'agency_settings',
  app: () => loadRemoteApp('agency_settings'),
  activeWhen: (location) => REMOTE_APPS.agency_settings(location.pathname),
});
registerApplication({
  name: 'client_dashboard',
  app: () => loadRemoteApp('client_dashboard'),
  activeWhen: (location) => REMOTE_APPS.client_dashboard(location.pathname),
});

addErrorHandler((error) => {
  // A remote that fails to load stays unloaded; single-spa retries on the next route change.
  console.error(`single-spa: ${error.appOrParcelName} failed`, error);
});

start({ urlRerouteOnly: true });
