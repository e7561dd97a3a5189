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
