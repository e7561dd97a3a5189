import { createRemoteLifecycles } from '@platform/ui';
import { AgencySettingsRoot } from './AgencySettingsRoot';

/** single-spa lifecycles the shell mounts on /app/{region}/agency and /app/{region}/clients. */
export const { bootstrap, mount, unmount } = createRemoteLifecycles('agency_settings', AgencySettingsRoot);
