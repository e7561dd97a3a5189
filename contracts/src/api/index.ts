export * from './endpoint';
export * from './workspace';
export * from './agent';
export * from './channels';
export * from './agency';
export * from './billing';
export * from './onboarding';
export * from './notification';
export * from './billing-connect';
export * from './clients';
export * from './client-feedback';
export * from './client-dashboard';
export * from './telephony';
export * from './campaigns';

import { AGENT_API } from './agent';
import { BILLING_API } from './billing';
import type { Endpoint } from './endpoint';
import { WORKSPACE_API } from './workspace';
import { CHANNELS_API, META_PAGES_API, WHATSAPP_API, WORKSPACE_CHANNELS_API } from './channels';
import { AGENCY_API } from './agency';
import { ONBOARDING_API } from './onboarding';
import { NOTIFICATION_API } from './notification';
import { CONNECT_API } from './billing-connect';
import { CLIENTS_API } from './clients';
import { CLIENT_FEEDBACK_API } from './client-feedback';
import { CLIENT_DASHBOARD_API } from './client-dashboard';
import { TWILIO_API } from './telephony';
import { CAMPAIGNS_API } from './campaigns';

/** Every endpoint of every service. */
export const API_CATALOG: ReadonlyArray<Endpoint<any, any, any, any>> = [
  ...Object.values(WORKSPACE_API),
  ...Object.values(AGENT_API),
  ...Object.values(CHANNELS_API),
  ...Object.values(WHATSAPP_API),
  ...Object.values(META_PAGES_API),
  ...Object.values(WORKSPACE_CHANNELS_API),
  ...Object.values(AGENCY_API),
  ...Object.values(BILLING_API),
  ...Object.values(ONBOARDING_API),
  ...Object.values(NOTIFICATION_API),
  ...Object.values(CONNECT_API),
  ...Object.values(CLIENTS_API),
  ...Object.values(CLIENT_FEEDBACK_API),
  ...Object.values(CLIENT_DASHBOARD_API),
  ...Object.values(TWILIO_API),
  ...Object.values(CAMPAIGNS_API),
];
