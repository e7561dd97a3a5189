import { registerApplication, start } from 'single-spa';
import { shellLifecycles } from './shell-app';

/*
 * single-spa root config: the shell is the one application and owns every route. Remotes are
 * single-spa parcels that the shell's router mounts where a route renders them (remotes/RemoteApp).
 */
registerApplication({ name: '@platform/shell', app: shellLifecycles, activeWhen: () => true });
start({ urlRerouteOnly: true });
