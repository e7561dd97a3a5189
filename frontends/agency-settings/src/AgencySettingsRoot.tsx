import type { RemoteProps } from '@platform/ui';
import { AgencyScreen } from './agency/AgencyScreen';
import { ClientsScreen } from './clients/ClientsScreen';

/** The screen the shell's route asked for: /app/{region}/clients or /app/{region}/agency. */
export function AgencySettingsRoot({ screen }: RemoteProps['agency_settings']) {
  return screen === 'clients' ? <ClientsScreen /> : <AgencyScreen />;
}
