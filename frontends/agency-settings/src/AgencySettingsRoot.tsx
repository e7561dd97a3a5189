import type { RemoteProps } from '@platform/ui';
import { AgencyScreen } from './agency/AgencyScreen';
import { ClientsScreen } from './clients/ClientsScreen';
import { CustomTabScreen } from './agency/CustomTabScreen';

/** The screen the shell's route asked for: /app/{region}/clients or /app/{region}/agency. */
export function AgencySettingsRoot({ screen }: RemoteProps['agency_settings']) {
  if (screen === 'custom-tab') return <CustomTabScreen />;
  return screen === 'clients' ? <ClientsScreen /> : <AgencyScreen />;
}
