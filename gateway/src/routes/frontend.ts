import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { NO_CACHE, cacheControlFor, wantsSpaFallback } from '../domain/frontend';

/** The built shell: static files, the SPA fallback, and a placeholder until it is built. */
export function frontendRoutes(dist: string): Router {
  const router = Router();
  const index = path.join(dist, 'index.html');
  router.use(
    express.static(dist, {
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
    }),
  );
  router.get('*', (req, res, next) => {
    // Checked per request: the shell may be built while the gateway runs.
    if (!existsSync(index)) {
      if (req.path === '/') return void res.json({ success: true, message: 'Frontend not built' });
      return next();
    }
    if (!wantsSpaFallback(req.method, req.path, Boolean(req.accepts('html')))) return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(index, { cacheControl: false });
  });
  return router;
}
