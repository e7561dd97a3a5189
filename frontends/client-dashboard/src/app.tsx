import { createRemoteLifecycles } from '@platform/ui';
import { ClientDashboardRoot } from './ClientDashboardRoot';

/**
 * single-spa lifecycles of the client dashboard. On agency hosts it is served at '/'; until
 * host-based routing lands, the shell mounts it under /client.
 */
export const { bootstrap, mount, unmount } = createRemoteLifecycles('client_dashboard', ClientDashboardRoot);
