import { CHANNELS_API, META_PAGES_API, WHATSAPP_API } from '@platform/contracts';
import type { ServiceName } from '../domain/services';

/** A rate budget a fast route counts against: the caller's IP (as every /api request), or a path parameter (e.g. the agent). */
export type FastBudget = { name: 'ip' } | { name: string; param: string };

/** A route the gateway answers without express (ADR 0034): a contract endpoint and its budgets. */
export interface FastRoute {
  endpoint: { service: ServiceName; method: string; path: string };
  budgets: readonly FastBudget[];
}

/**
 * The hot routes. Only anonymous callers with a small body of declared length take the fast
 * path (the providers' webhooks); anything else on these paths goes through express as before.
 * The providers deliver every tenant's webhooks from a few shared addresses, so a webhook also
 * counts against its agent's own budget.
 */
export const FAST_ROUTES: readonly FastRoute[] = [
  { endpoint: CHANNELS_API.telegramWebhook, budgets: [{ name: 'ip' }, { name: 'agent', param: 'agentId' }] },
  { endpoint: WHATSAPP_API.whatsappWebhook, budgets: [{ name: 'ip' }, { name: 'agent', param: 'agentId' }] },
  { endpoint: META_PAGES_API.metaWebhook, budgets: [{ name: 'ip' }] },
];

export interface MatchedFastRoute {
  route: FastRoute;
  params: Record<string, string>;
}

/** Matches a method, service and upstream path (no query) against the table. */
export function fastRouteMatcher(routes: readonly FastRoute[]): (method: string, service: ServiceName, path: string) => MatchedFastRoute | undefined {
  const compiled = routes.map((route) => {
    const names: string[] = [];
    const source = route.endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, method: route.endpoint.method.toUpperCase(), pattern: new RegExp(`^${source}$`), names };
  });
  return (method, service, path) => {
    for (const { route, method: wanted, pattern, names } of compiled) {
      if (wanted !== method || route.endpoint.service !== service) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
    }
    return undefined;
  };
}
