import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { repoRoot } from '@platform/test-support';

export const CLIENT_BILLING_PAGE = '/__e2e/client-billing';

/**
 * A test page on the gateway's origin that mounts the billing remote's ./ClientBillingModal the
 * way a Module Federation host does (until the client dashboard opens it): React and ReactDOM
 * from their UMD builds as the shared singletons, the query library (which the modal does not
 * use) as a stand-in, then the real remoteEntry.js from the gateway.
 */
export async function serveClientBillingPage(context: BrowserContext, baseUrl: string, props: Record<string, unknown>): Promise<void> {
  const umd = (file: string) => readFileSync(`${repoRoot}/node_modules/${file}`, 'utf8');
  await context.route(`${baseUrl}/__e2e/react.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: umd('react/umd/react.production.min.js') }));
  await context.route(`${baseUrl}/__e2e/react-dom.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: umd('react-dom/umd/react-dom.production.min.js') }));
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Client billing</title>
<script src="/__e2e/react.js"></script><script src="/__e2e/react-dom.js"></script>
<script src="/remotes/billing/remoteEntry.js"></script></head><body><div id="root"></div>
<script>
(async () => {
  const QueryStandIn = { QueryClient: class {}, QueryClientProvider: (p) => p.children, useQuery: () => ({}), useMutation: () => ({}), useQueryClient: () => ({}) };
  const shared = (lib) => ({ '18.3.1': { get: () => Promise.resolve(() => lib), loaded: 1, from: 'e2e' } });
  await billing.init({ react: shared(React), 'react-dom': shared(ReactDOM), '@tanstack/react-query': { '5.0.0': { get: () => Promise.resolve(() => QueryStandIn), loaded: 1, from: 'e2e' } } });
  const parcel = (await billing.get('./ClientBillingModal'))().default;
  const props = Object.assign(${JSON.stringify(props)}, { opened: true, onClose: () => {}, name: 'client_billing', domElement: document.getElementById('root') });
  await parcel.bootstrap(props);
  await parcel.mount(props);
  document.body.setAttribute('data-mounted', 'true');
})().catch((err) => { document.body.setAttribute('data-error', String(err && err.stack || err)); });
</script></body></html>`;
  await context.route(`${baseUrl}${CLIENT_BILLING_PAGE}`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
}
