import type { Agency, Region } from '@platform/contracts';

/** The agency's verified host the demo opens on: its custom domain, else its product subdomain; none unverified. */
export function verifiedAgencyHost(agency: Pick<Agency, 'customDomain' | 'isVerifiedCustomDomain' | 'VGsubDomain' | 'isVerifiedSubDomain'> | null | undefined): string | undefined {
  if (agency?.customDomain && agency.isVerifiedCustomDomain) return agency.customDomain;
  if (agency?.VGsubDomain && agency.isVerifiedSubDomain) return agency.VGsubDomain;
  return undefined;
}

/**
 * The top bar's Demo (agency-shell-clients 2.1): /app/{region}/prototype?vg_id={agent_id}; with a
 * verified agency domain, {domain}/{region}/prototype/{agent_id} on that domain (same scheme and
 * port as the product, so a local `*.localhost:8080` subdomain works too).
 */
export function demoHref(options: { region: Region; agentId?: string; agencyHost?: string; location: Pick<Location, 'protocol' | 'port'> }): { href: string; external: boolean } {
  const { region, agentId, agencyHost, location } = options;
  if (agentId && agencyHost) {
    const port = location.port ? `:${location.port}` : '';
    return { href: `${location.protocol}//${agencyHost}${port}/${region}/prototype/${encodeURIComponent(agentId)}`, external: true };
  }
  return { href: agentId ? `/app/${region}/prototype?vg_id=${encodeURIComponent(agentId)}` : `/app/${region}/prototype`, external: false };
}
