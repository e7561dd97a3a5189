import { createRemoteParcel } from '@platform/ui';
import { BillingScreen } from './BillingScreen';

/** The parcel the shell mounts on /app/{region}/account/billing. */
export default createRemoteParcel('billing', BillingScreen);
