import { createRemoteParcel } from '@platform/ui';
import { ClientDashboardRoot } from './ClientDashboardRoot';

/**
 * The client dashboard parcel. On agency hosts it is served at '/'; until host-based routing
 * lands, the shell mounts it under /client.
 */
export default createRemoteParcel('client_dashboard', ClientDashboardRoot);
