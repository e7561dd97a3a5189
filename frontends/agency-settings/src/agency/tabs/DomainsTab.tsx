import { WHITELABEL, productSubdomainHost } from '@platform/contracts';
import { Alert, Anchor, Stack, Text } from '@platform/ui';
import type { AgencyForm } from '../agency-form';
import { DomainPanel } from './DomainPanel';

/** Spec 2.2 Domains: the product subdomain for everyone; the custom domain with the whitelabel addon, an upsell without. */
export function DomainsTab({ form, region, uid }: { form: AgencyForm; region: 'eu' | 'na'; uid: string }) {
  const stored = form.stored;
  const common = { region, uid, agencyId: stored?.ID, agencyName: stored?.name ?? '', onChanged: form.refresh };
  return (
    <Stack gap="md">
      {!stored ? <Alert color="yellow">Save the agency settings once before setting up domains.</Alert> : null}
      <DomainPanel
        {...common}
        type="vgSubdomain"
        title="Product subdomain"
        placeholder={`myagency.${form.rootDomain}`}
        host={stored?.VGsubDomain}
        verified={Boolean(stored?.isVerifiedSubDomain)}
        preview={(input) => productSubdomainHost(input, form.rootDomain)}
      />
      {form.whitelabel ? (
        <DomainPanel {...common} type="customDomain" title="Custom domain" placeholder="app.youragency.com" host={stored?.customDomain} verified={Boolean(stored?.isVerifiedCustomDomain)} verification={stored?.customDomainConfig} />
      ) : (
        <Alert color="violet" title="Custom domain" data-testid="whitelabel-upsell">
          <Text size="sm">Serve the client dashboard on your own domain. {WHITELABEL.unavailableTooltip}.</Text>
          <Anchor href={`/app/${region}/account/billing`} size="sm">{WHITELABEL.addonOffer}</Anchor>
        </Alert>
      )}
    </Stack>
  );
}
