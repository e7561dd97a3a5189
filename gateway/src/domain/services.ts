import { API_CATALOG } from '@platform/contracts';

/** The services behind the gateway; `/api/<name>/...` reaches them. */
export const SERVICES = ['workspace', 'agent', 'channels', 'agency-domain', 'billing', 'notification', 'onboarding'] as const;

export type ServiceName = (typeof SERVICES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}

/** e.g. agency-domain → SERVICE_URL_AGENCY_DOMAIN */
export function serviceUrlEnvName(service: ServiceName): string {
  return `SERVICE_URL_${service.toUpperCase().replace(/-/g, '_')}`;
}

/**
 * Paths the spec names directly below `/api` (not `/api/<service>/...`), and the service
 * that answers them. The path is forwarded whole: `/api/translate?x` → agent `/translate?x`
 * (a region may precede it: `/api/na/translate`).
 */
export const API_PATH_ALIASES: Readonly<Record<string, ServiceName>> = Object.fromEntries(
  API_CATALOG.filter((endpoint) => endpoint.atApiRoot).map((endpoint) => [endpoint.path.split('/')[1]!, endpoint.service]),
);

export function aliasedService(segment: string | undefined): ServiceName | undefined {
  return segment !== undefined && Object.prototype.hasOwnProperty.call(API_PATH_ALIASES, segment) ? API_PATH_ALIASES[segment] : undefined;
}
