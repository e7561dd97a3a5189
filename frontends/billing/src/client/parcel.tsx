import { createRemoteParcel } from '@platform/ui';
import { ClientBillingModal } from './ClientBillingModal';

/** The client billing modal as a parcel, for the client dashboard to mount (billing remote's ./ClientBillingModal). */
export default createRemoteParcel('client_billing', ClientBillingModal);
export { ClientBillingModal };
