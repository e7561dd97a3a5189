import path from 'node:path';

/** Bundler output names carry a content hash, e.g. main.3f2a9c1d.js or chunk-4b5e6f7a8b.css. */
const HASHED = /[.-][A-Za-z0-9_]{8,}\.(?:js|mjs|css|map|woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif|ico|wasm|json)$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Hashed assets never change under their name; everything else must be revalidated. */
export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.3f2a9c1d.js.br) is cached like its original.
  const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (name.endsWith('.html')) return NO_CACHE;
  return HASHED.test(name) && /\d/.test(name) ? IMMUTABLE : NO_CACHE;
}

/**
 * Client-side routes get index.html; API paths and anything that looks like a file
 * (a missing script must 404, not turn into HTML) do not.
 */
export function wantsSpaFallback(method: string, pathname: string, acceptsHtml: boolean): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!acceptsHtml) return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !/\.[A-Za-z0-9]{1,8}$/.test(last);
}
