import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Pages and files other sites embed on purpose, in this one table: the agent's iframe render
 * path and the widget are framed by customers' sites (frame-ancestors *), and public files
 * and the widget script are loaded by them (Cross-Origin-Resource-Policy: cross-origin).
 * Paths are matched as the gateway sees them and, for files, as the service does.
 */
export const EMBEDDING_POLICIES: ReadonlyArray<{ path: RegExp; framedByAnySite?: boolean; loadedByAnySite?: boolean }> = [
  { path: /^\/app\/[^/]+\/render\/[^/]+\/iframe\/?$/, framedByAnySite: true },
  { path: /^\/widget(?:\/|$)/, framedByAnySite: true, loadedByAnySite: true },
  { path: /^(?:\/api(?:\/[a-z]{2})?\/agent)?\/files\//, loadedByAnySite: true },
];

/** No inline scripts anywhere: the shell and the remotes are files from this origin. */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
  scriptSrcAttr: null,
};

/**
 * Stripe.js (STRIPE_JS_URL: the stripe-js sandbox locally, https://js.stripe.com/v3/ in production)
 * loads its script, calls its API and frames its pages from its own origins (ADR 0018).
 */
export function stripeJsSources(stripeJsUrl = process.env.STRIPE_JS_URL): { script: string[]; connect: string[]; frame: string[] } {
  if (!stripeJsUrl) return { script: [], connect: [], frame: [] };
  const origin = new URL(stripeJsUrl).origin;
  if (origin === 'https://js.stripe.com') return { script: [origin], connect: ['https://api.stripe.com'], frame: [origin, 'https://hooks.stripe.com'] };
  return { script: [origin], connect: [origin], frame: [origin] };
}

/** The microphone serves voice agents; nothing here uses the others. */
export const PERMISSIONS_POLICY = 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)';
export const HSTS = 'max-age=31536000; includeSubDomains';

const common = {
  // Only on https, below: over plain http the header is meaningless and would pin local hosts.
  strictTransportSecurity: false,
  // The WhatsApp embedded signup and similar flows talk to popups they open.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

/**
 * What the product's own pages may frame besides themselves and Stripe.js: any https page, for the
 * shell's preview of an agency's iframe custom tab (always a sandboxed frame). Agency hosts narrow
 * this to the agency's own tab origins (agencyHostContentSecurityPolicy, ADR 0027).
 */
export const PRODUCT_FRAME_SOURCES: readonly string[] = ['https:'];

function helmetFor(framedByAnySite: boolean, loadedByAnySite: boolean, frameSources: readonly string[], imageSources: readonly string[]): RequestHandler {
  const stripe = stripeJsSources();
  const directives = {
    ...DIRECTIVES,
    imgSrc: [...DIRECTIVES.imgSrc, ...imageSources],
    scriptSrc: [...DIRECTIVES.scriptSrc, ...stripe.script],
    connectSrc: [...DIRECTIVES.connectSrc, ...stripe.connect],
    frameSrc: ["'self'", ...stripe.frame, ...frameSources],
    frameAncestors: framedByAnySite ? ['*'] : ["'none'"],
  };
  return helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: framedByAnySite ? false : { action: 'deny' },
    crossOriginResourcePolicy: { policy: loadedByAnySite ? 'cross-origin' : 'same-origin' },
  });
}

/**
 * The headers helmet sets for a policy, taken once from helmet itself (its answer does not
 * depend on the request): setting them is then a loop over a list, not helmet's chain of
 * middlewares on every request.
 */
function headersFor(framedByAnySite: boolean, loadedByAnySite: boolean, frameSources: readonly string[] = PRODUCT_FRAME_SOURCES, imageSources: readonly string[] = []): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmetFor(framedByAnySite, loadedByAnySite, frameSources, imageSources)({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (pages and API alike): helmet's set with our CSP,
 * Permissions-Policy, and HSTS when the request came over https.
 */
export function securityHeaders(): RequestHandler {
  const byPolicy = new Map<string, Array<[string, string]>>();
  const headersOf = (framed: boolean, loaded: boolean) => {
    const key = `${framed}:${loaded}`;
    if (!byPolicy.has(key)) byPolicy.set(key, headersFor(framed, loaded));
    return byPolicy.get(key)!;
  };
  const api = headersOf(false, false);
  return (req, res, next) => {
    const policy = EMBEDDING_POLICIES.find(({ path }) => path.test(req.path));
    for (const [name, value] of policy ? headersOf(Boolean(policy.framedByAnySite), Boolean(policy.loadedByAnySite)) : api) res.setHeader(name, value);
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    // req.secure asks the trust-proxy rules (an address parse) on every call: only worth it when https is possible at all.
    if (((req.socket as { encrypted?: boolean }).encrypted || req.headers['x-forwarded-proto'] !== undefined) && req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    // helmet removes it; express sets it only when enabled, which createApp disables.
    res.removeHeader('X-Powered-By');
    next();
  };
}

/** Distinct origin sets kept; past this the table starts again (agencies rarely change their tabs). */
const MAX_FRAME_SOURCE_SETS = 1000;
const cspByFrameSources = new Map<string, string>();

/**
 * The CSP of an agency host's page: the product's, framing only 'self', Stripe.js and the given
 * origins (the agency's iframe tabs, from customTabFrameOrigins), and showing images of the
 * product's own origins too: uploaded files are served at the product's public URL (PUBLIC_URL),
 * which is not the agency host's 'self', and over plain http locally not `https:` either (ADR 0040).
 * Computed once per origin set.
 */
export function agencyHostContentSecurityPolicy(frameOrigins: readonly string[], productOrigins: readonly string[] = []): string {
  const key = `${frameOrigins.join(' ')}|${productOrigins.join(' ')}`;
  let csp = cspByFrameSources.get(key);
  if (csp === undefined) {
    if (cspByFrameSources.size >= MAX_FRAME_SOURCE_SETS) cspByFrameSources.clear();
    csp = headersFor(false, false, frameOrigins, productOrigins).find(([name]) => name.toLowerCase() === 'content-security-policy')![1];
    cspByFrameSources.set(key, csp);
  }
  return csp;
}

/**
 * What securityHeaders() sets on an API answer over plain http (no embedding policy), as a
 * list: for a request handler outside express (the gateway's fast path) to set the same.
 */
export function apiSecurityHeaders(): ReadonlyArray<readonly [string, string]> {
  return [...headersFor(false, false), ['Permissions-Policy', PERMISSIONS_POLICY]];
}
