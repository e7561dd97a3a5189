import { Router } from 'express';
import type { ServiceCatalog } from '../clients/service-catalog';

/** The merged OpenAPI document of the services, public. */
export function openApiRoute(catalog: ServiceCatalog): Router {
  const router = Router();
  router.get('/api/openapi.json', async (_req, res, next) => {
    try {
      res.json(await catalog.openApiDocument());
    } catch (err) {
      next(err);
    }
  });
  return router;
}

/** Every service's readiness, on the internal port only: the gateway's own /readyz must not fail when one service is down. */
export function readinessRoute(catalog: ServiceCatalog): Router {
  const router = Router();
  router.get('/readyz/services', async (_req, res, next) => {
    try {
      res.json({ success: true, services: await catalog.readiness() });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
