import { CLIENT_FOOTER_GDPR_NOTE, safeUrl } from '@platform/contracts';
import { Anchor, Group, PRODUCT, Text } from '@platform/ui';
import { useDashboard } from '../session';

/** The client dashboard footer (spec 2.4): copyright, optional Powered by, ToS and Privacy links when set, the EU GDPR note. */
export function DashboardFooter() {
  const { host } = useDashboard();
  const { agency } = host;
  const tos = safeUrl(agency.tosPage);
  const privacy = safeUrl(agency.privacyPolicypPage);
  return (
    <Group component="footer" gap="md" px="lg" py="sm" wrap="wrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)', fontSize: 12 }} data-testid="client-footer">
      <Text size="xs">
        © {new Date().getFullYear()} {agency.name}
      </Text>
      {host.poweredBy && <Text size="xs">Powered by {PRODUCT.name}</Text>}
      {tos && (
        <Anchor size="xs" href={tos} target="_blank" rel="noopener">
          Terms of Service
        </Anchor>
      )}
      {privacy && (
        <Anchor size="xs" href={privacy} target="_blank" rel="noopener">
          Privacy Policy
        </Anchor>
      )}
      {host.region === 'eu' && <Text size="xs">{CLIENT_FOOTER_GDPR_NOTE}</Text>}
    </Group>
  );
}
