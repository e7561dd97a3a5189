import type { Region } from '@platform/contracts';

/**
 * What the shell passes to each remote when it mounts it: the shell's router owns every URL,
 * so a remote is told which of its screens the route asked for instead of matching the URL again.
 */
export interface RemoteProps {
  agency_settings: { screen: 'agency' | 'clients' | 'custom-tab' };
  client_dashboard: object;
  /** the workspace whose billing the page shows */
  billing: { region: Region; workspaceId: string };
  /** the client billing modal of the billing remote (./ClientBillingModal), opened from the client dashboard */
  client_billing: { region: Region; orgId: string; allowBilling: boolean; workspaceId: string; clientId: string; email?: string; opened: boolean; onClose: () => void };
}
export type RemoteName = keyof RemoteProps;
