import { statSync } from 'node:fs';
import path from 'node:path';
import { Router, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { NO_CACHE, cacheControlFor, wantsSpaFallback } from '../domain/frontend';

/** The built files, brotli or gzip when the build left a precompressed copy and the browser takes it. */
function staticFiles(dist: string): RequestHandler {
  return expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, cacheControl: false, setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)) },
  });
}

/** The built shell: static files, the SPA fallback, and a placeholder until it is built. */
export function frontendRoutes(dist: string): Router {
  const router = Router();
  const index = path.join(dist, 'index.html');
  // The shell may be (re)built while the gateway runs: the compressed copies are listed again per build.
  let current: { builtAt: number; serve: RequestHandler } | undefined;
  router.use((req, res, next) => {
    const builtAt = statSync(index, { throwIfNoEntry: false })?.mtimeMs;
    if (builtAt === undefined) return next();
    if (current?.builtAt !== builtAt) current = { builtAt, serve: staticFiles(dist) };
    current.serve(req, res, next);
  });
  router.get('*', (req, res, next) => {
    if (!statSync(index, { throwIfNoEntry: false })) {
      if (req.path === '/') return void res.json({ success: true, message: 'Frontend not built' });
      return next();
    }
    if (!wantsSpaFallback(req.method, req.path, Boolean(req.accepts('html')))) return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(index, { cacheControl: false });
  });
  return router;
}
