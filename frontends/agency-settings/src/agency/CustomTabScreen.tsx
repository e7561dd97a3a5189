import { useQuery } from '@tanstack/react-query';
import { AGENCY_API, MESSAGES, customTabFrameOrigin, gatewayPath } from '@platform/contracts';
import { Loader, PageHeader, Text, callApi } from '@platform/ui';
import { agencyQueryKey } from './agency-form';
import { useAgencyWorkspace } from './workspace';

/** Frame permissions of a custom tab's page: scripts, forms and popups, never the product's origin. */
const SANDBOX = 'allow-scripts allow-forms allow-popups';

/** /app/{region}/c{tabHref}: the agency's custom tab in a sandboxed frame (html pages are served under their own CSP). */
export function CustomTabScreen() {
  const { region, uid } = useAgencyWorkspace();
  const href = window.location.pathname.replace(/^\/app\/[^/]+\/c/, '') || '/';
  const agency = useQuery({
    queryKey: agencyQueryKey(region, uid ?? ''),
    queryFn: () => callApi(AGENCY_API.getAgency, { region, params: { uid: uid! } }),
    enabled: Boolean(uid),
  });
  if (agency.isLoading || !uid) return <Loader />;
  const tab = agency.data?.agency?.customTabs?.find((t) => t.href === href);
  if (!tab) return <Text data-testid="custom-tab-missing">This custom tab does not exist.</Text>;
  if (tab.pageType === 'iframe' && !customTabFrameOrigin(tab.iframeUrl)) return <Text data-testid="custom-tab-refused">{MESSAGES.agency.tabPageNotFramed}</Text>;
  const src = tab.pageType === 'iframe' ? tab.iframeUrl : gatewayPath(AGENCY_API.renderCustomTab, { uid }, region, { href });
  return (
    <div data-testid="custom-tab-screen">
      <PageHeader title={tab.label || tab.href} description={tab.href} />
      <iframe title={tab.label || tab.href} src={src} sandbox={SANDBOX} style={{ width: '100%', height: 'calc(100vh - 200px)', border: 0 }} data-testid="custom-tab-frame" />
    </div>
  );
}
