import { Badge, Group, PRODUCT, Text } from '@platform/ui';
import { useDashboard } from '../session';

/** The agency's logo (dark-mode variant when set) and name, or a Powered by badge without a logo (spec 2.10). */
export function AgencyLogo({ dark, showName = true }: { dark: boolean; showName?: boolean }) {
  const { host } = useDashboard();
  const { agency } = host;
  const logo = (dark && agency.darkModeSquarePhotourl) || agency.squarePhotoURL;
  if (!logo) {
    return (
      <Badge variant="light" data-testid="powered-by-badge">
        Powered by {PRODUCT.name}
      </Badge>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <img src={logo} alt={`${agency.name ?? 'Agency'} logo`} width={36} height={36} style={{ borderRadius: 8, objectFit: 'cover' }} data-agency-logo />
      {showName && (
        <Text fw={700} size="lg" className="name" visibleFrom="sm">
          {agency.name}
        </Text>
      )}
    </Group>
  );
}
