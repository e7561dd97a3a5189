import { Badge, Group, Text } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';

/** The agency navigation bar: only when an agency user views the client dashboard (spec 2.10). */
export function AgencyBar() {
  const { host } = useDashboard();
  const { organization } = useClientSession();
  return (
    <Group px="md" py={6} gap="sm" bg="var(--mantine-color-default-hover)" data-testid="agency-bar">
      <Badge color="dark" variant="filled" size="sm">
        Agency view
      </Badge>
      <Text size="sm">
        {host.agency.name} · {organization.name}
      </Text>
    </Group>
  );
}
