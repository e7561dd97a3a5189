import http from 'node:http';
import path from 'node:path';
import { Router, type Request } from 'express';
import { HOSTNAME_PATTERN, customTabFrameOrigins, domainLivenessQuerySchema } from '@platform/contracts';
import { agencyHostContentSecurityPolicy } from '@platform/kit';
import type { AgencyHostLookup } from './lookup';
import { wantsSpaFallback } from '../domain/frontend';
import { agencyHostPages } from './pages';

/** What an agency host answers itself to prove it is live (the /proxy check asks for it). */
export const AGENCY_HOST_PROBE = '/.well-known/agency-host';
const DEFAULT_LOGO = path.resolve(__dirname, '../../assets/agency-default-logo.png');

export interface AgencyHostRouteOptions {
  lookup: AgencyHostLookup;
  /** Hosts of the product itself: never looked up. */
  productHosts: ReadonlySet<string>;
  /** Origins of the product itself (PUBLIC_URL, the allowed origins): the dashboard shows their images, e.g. uploaded files. */
  productOrigins?: readonly string[];
  /** the gateway's own port: the liveness check asks this gateway for the host */
  selfPort: number;
  /** the built shell, whose index.html every page of an agency host is */
  frontendDist: string;
}

/** Asks this gateway for the host's probe; true when it answers 200 (the host shows an agency). */
function probeSelf(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: AGENCY_HOST_PROBE, headers: { host }, timeout: 3000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

const hostOf = (req: Request) => (req.hostname ?? '').toLowerCase();

/**
 * Agency hosts (DESIGN "Agency hosts"): a verified custom domain or product subdomain gets
 * the client dashboard in the agency's brand (ADR 0020); any other host falls through to the
 * product. Also the default agency logo and GET /proxy?domain= (liveness).
 */
export function agencyHostRoutes(options: AgencyHostRouteOptions): Router {
  const router = Router();
  const pageFor = agencyHostPages(options.frontendDist);
  router.get('/assets/agency-default-logo.png', (_req, res) => res.sendFile(DEFAULT_LOGO));
  router.get('/proxy', async (req, res) => {
    const { value, error } = domainLivenessQuerySchema.validate(req.query, { stripUnknown: true });
    if (error) return void res.status(400).json({ success: false, message: error.message });
    const live = await probeSelf(options.selfPort, value.domain);
    res.status(live ? 200 : 404).json({ success: live, live });
  });
  router.use(async (req, res, next) => {
    const host = hostOf(req);
    if (!host || options.productHosts.has(host) || !HOSTNAME_PATTERN.test(host)) return next();
    if (req.path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const branding = await options.lookup.find(host);
    if (!branding) return next();
    if (req.path === AGENCY_HOST_PROBE) return void res.json({ success: true, agencyId: branding.agency.ID });
    // Every page of an agency host is the client dashboard in the agency's brand (/, /prototype,
    // /share, the agent pages /app/{region}/agents/...); files and the API fall through.
    if (!wantsSpaFallback(req.method, req.path, Boolean(req.accepts('html')))) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The dashboard frames the agency's own iframe tabs and nothing else (ADR 0027), and shows the product's files (ADR 0040).
    res.setHeader('Content-Security-Policy', agencyHostContentSecurityPolicy(customTabFrameOrigins(branding.agency.customTabs), options.productOrigins));
    res.type('html').send(pageFor(branding));
  });
  return router;
}

/** The origins of these URLs (PUBLIC_URL and the allowed origins), without what is not a URL. */
export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((url) => (URL.canParse(url) ? [new URL(url).origin] : [])))];
}

/** The product's own hosts: those of PUBLIC_URL and the allowed origins, and the loopback names. */
export function productHostsOf(urls: readonly string[]): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '::1']);
  for (const url of urls) {
    try {
      hosts.add(new URL(url).hostname.toLowerCase());
    } catch {
      /* not a URL: nothing to add */
    }
  }
  return hosts;
}
