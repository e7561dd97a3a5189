import { API_CATALOG, CHANNEL_WEBHOOK_PATHS } from '@platform/contracts';

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

/**
 * The spec puts the providers' webhooks on the agent API ({agent API}/v2/agents/{id}/telegram-webhook,
 * /agents/{id}/wa-webhook); the channels service answers them (ADR 0013). Segment shapes, with
 * `*` for the agent id, of the paths below the agent service.
 */
const CHANNEL_WEBHOOKS = [CHANNEL_WEBHOOK_PATHS.telegram('*'), CHANNEL_WEBHOOK_PATHS.whatsapp('*')].map((path) => path.split('/').filter(Boolean));

/** Whether these path segments (below `/api/[region/]agent`) are a channel webhook. */
export function isChannelWebhook(segments: readonly string[]): boolean {
  return CHANNEL_WEBHOOKS.some((shape) => shape.length === segments.length && shape.every((part, i) => part === '*' || part === segments[i]));
}
