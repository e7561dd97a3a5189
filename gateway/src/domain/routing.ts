import { REGIONS, type Region } from '@platform/contracts';
import { aliasedService, isChannelWebhook, isServiceName, type ServiceName } from './services';

export interface ApiRoute {
  service: ServiceName;
  region: Region;
  /** What the service sees: the path after `/api[/<region>]/<service>`, with the query. */
  upstreamPath: string;
}

export type RouteResolution = ({ ok: true } & ApiRoute) | { ok: false; status: 400 | 404; message: string };

const fail = (status: 400 | 404, message: string): RouteResolution => ({ ok: false, status, message });

export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}

/**
 * Resolves `/<service>/rest` or `/<region>/<service>/rest` (the URL below `/api`), and the
 * spec's paths aliased to a service (API_PATH_ALIASES), which reach it unchanged.
 * The region in the path wins over the `x-region` header, which wins over the default.
 */
export function resolveApiRoute(url: string, regionHeader: string | string[] | undefined, defaultRegion: Region): RouteResolution {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const raw = pathname.split('/').filter((s) => s !== '');
  let decoded: string[];
  try {
    decoded = raw.map((s) => decodeURIComponent(s));
  } catch {
    return fail(400, 'Invalid path');
  }
  // Dot segments could climb out of the service prefix on an upstream that normalises paths.
  if (decoded.some((s) => s === '.' || s === '..' || s.includes('/') || s.includes('\\'))) return fail(400, 'Invalid path');

  let region: Region;
  let at: number;
  const first = decoded[0] ?? '';
  if (isRegion(first)) {
    region = first;
    at = 1;
  } else if (isServiceName(first) || aliasedService(first)) {
    const header = Array.isArray(regionHeader) ? regionHeader.join(',') : regionHeader?.trim();
    if (header && !isRegion(header)) return fail(400, 'Unknown region');
    region = header ? (header as Region) : defaultRegion;
    at = 0;
  } else if (decoded[1] !== undefined && (isServiceName(decoded[1]) || aliasedService(decoded[1]))) {
    return fail(400, 'Unknown region');
  } else {
    return fail(404, 'Unknown service');
  }

  const alias = isServiceName(decoded[at] ?? '') ? undefined : aliasedService(decoded[at]);
  if (alias) return { ok: true, service: alias, region, upstreamPath: `/${raw.slice(at).join('/')}${query}` };

  const service = decoded[at];
  if (service === undefined || !isServiceName(service)) return fail(404, 'Unknown service');
  const rest = decoded.slice(at + 1);
  // Service-to-service endpoints; express matches routes case-insensitively, so do we.
  if (rest[0]?.toLowerCase() === 'internal') return fail(404, 'Not found');

  // Providers call their webhooks on the agent API; channels answers them, at the same path.
  const answeredBy = service === 'agent' && isChannelWebhook(rest) ? 'channels' : service;
  return { ok: true, service: answeredBy, region, upstreamPath: `/${raw.slice(at + 1).join('/')}${query}` };
}
