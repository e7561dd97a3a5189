import { createRemoteParcel } from '@platform/ui';
import { AgencySettingsRoot } from './AgencySettingsRoot';

/** The parcel the shell mounts on /app/{region}/agency and /app/{region}/clients. */
export default createRemoteParcel('agency_settings', AgencySettingsRoot);
