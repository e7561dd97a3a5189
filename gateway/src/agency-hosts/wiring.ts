import type { GatewayConfig } from '../config';
import { AgencyHostLookup } from './lookup';
import { agencyHostRoutes, originsOf, productHostsOf } from './routes';

/** Agency hosts as the gateway mounts them (kept here so app.ts only adds the router). */
export function agencyHostsFor(config: GatewayConfig) {
  const lookup = new AgencyHostLookup({
    agencyDomainUrl: config.serviceUrls['agency-domain'],
    signingSecret: config.internalSigningSecret,
    region: config.defaultRegion,
    timeoutMs: config.serviceCallTimeoutMs,
    // A changed branding shows within this on every replica.
    ttlMs: 15_000,
    negativeTtlMs: 5_000,
    maxEntries: 10_000,
  });
  const productUrls = [process.env.PUBLIC_URL ?? '', ...config.allowedOrigins];
  const routes = agencyHostRoutes({ lookup, productHosts: productHostsOf(productUrls), productOrigins: originsOf(productUrls), selfPort: config.port, frontendDist: config.frontendDist });
  return { lookup, routes };
}
