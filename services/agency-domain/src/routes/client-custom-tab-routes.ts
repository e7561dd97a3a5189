import { CLIENT_DASHBOARD_API, clientCustomTabQuerySchema, routeOf } from '@platform/contracts';
import { CUSTOM_TAB_CSP } from '../domain/custom-tab-page';
import type { ClientCustomTabUseCases } from '../usecases/client-custom-tabs';
import type { AgencyRouteSpec } from './agency-routes';

/** The client dashboard's html custom tabs, framed by the dashboard on the agency host. */
export function clientCustomTabRoutes(tabs: ClientCustomTabUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(CLIENT_DASHBOARD_API.renderClientCustomTab),
      summary: "An html custom tab's page (text/html) for the signed-in client, under its own sandboxing CSP: its script runs, never with the dashboard's origin",
      access: 'client',
      schemas: { query: clientCustomTabQuerySchema },
      success: { status: 200, description: 'text/html' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, caller) => {
        const html = await tabs.page(caller, { href: String(req.query.href), ...(req.query.agentId ? { agentId: String(req.query.agentId) } : {}) });
        res.setHeader('Content-Security-Policy', CUSTOM_TAB_CSP);
        res.setHeader('X-Frame-Options', 'SAMEORIGIN');
        res.type('html').send(html);
      },
    },
  ];
}
