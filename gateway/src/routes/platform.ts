import { Router } from 'express';
import type { ServiceCatalog } from '../clients/service-catalog';

/** The gateway's own endpoints besides the kit's /healthz, /readyz and /metrics. */
export function platformRoutes(catalog: ServiceCatalog): Router {
  const router = Router();
  router.get('/api/openapi.json', async (_req, res, next) => {
    try {
      res.json(await catalog.openApiDocument());
    } catch (err) {
      next(err);
    }
  });
  // The gateway's own /readyz must not fail when one service is down; this reports them instead.
  router.get('/readyz/services', async (_req, res, next) => {
    try {
      res.json({ success: true, services: await catalog.readiness() });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
