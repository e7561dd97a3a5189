import { useLocationPath } from '@platform/ui';
import { AgencyScreen } from './agency/AgencyScreen';
import { ClientsScreen } from './clients/ClientsScreen';

/** The remote's own routing: /app/{region}/clients or /app/{region}/agency. */
export function AgencySettingsRoot() {
  const path = useLocationPath();
  return /^\/app\/(eu|na)\/clients/.test(path) ? <ClientsScreen /> : <AgencyScreen />;
}
