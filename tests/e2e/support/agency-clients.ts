/**
 * What the client-dashboard journeys share: an agency owner's set-up through the API (agency,
 * verified subdomain, one agent, one organisation holding it, its clients), the journey's browser
 * and a client's sign-in on the agency host (http://{sub}.localhost).
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { AGENCY_API, AGENT_API, CLIENTS_API, gatewayPath, type Endpoint, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, signUp, ownWorkspaceId } from './platform';

type AnyEndpoint = Endpoint<any, any, any, any>;

/** Calls an endpoint with the session of a page's request context (its cookies); a refusal throws with its answer. */
export async function callApi<T = any>(request: APIRequestContext, endpoint: AnyEndpoint, region: Region, options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {}): Promise<T> {
  const url = gatewayPath(endpoint, options.params, region, options.query);
  const answer = endpoint.method === 'get' ? await request.get(url) : endpoint.method === 'delete' ? await request.delete(url) : await request.post(url, { data: options.body ?? {} });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok()) throw new Error(`${endpoint.operationId} ${answer.status()}: ${JSON.stringify(body)}`);
  return body as T;
}

export interface AgencyClient {
  email: string;
  name: string;
  dashboardPassword: string;
}

export interface AgencyWithClients {
  region: Region;
  uid: string;
  agentId: string;
  orgId: string;
  /** the agency host's origin */
  host: string;
}

/** Signs the owner up, makes its workspace an agency on `subdomain` (verified), with one agent in one organisation and these clients. */
export async function setUpAgencyWithClients(
  owner: Page,
  options: { ownerEmail: string; agencyName: string; subdomain: string; clients: Array<{ client: AgencyClient; canAccess: string[] }> },
): Promise<AgencyWithClients> {
  const region = (await signUp(owner, options.ownerEmail)) as Region;
  const uid: string = await ownWorkspaceId(owner, region);
  const { agency } = await callApi(owner.request, AGENCY_API.saveAgency, region, { params: { uid }, body: { name: options.agencyName } });
  await callApi(owner.request, AGENCY_API.setCustomDomain, region, { body: { customDomain: options.subdomain, userId: uid, agencyId: agency.ID, isVGSubdomain: true } });
  const domainQuery = { domain: `${options.subdomain}.localhost`, domainType: 'vgSubdomain', userId: uid };
  await waitFor(async () => (await callApi(owner.request, AGENCY_API.getCustomDomain, region, { query: domainQuery })).isVerified, 20_000, 500);
  const agentId: string = (await callApi(owner.request, AGENT_API.convertAgentTemplateToAgent, region, { body: { agentName: 'Front desk', agentTemplate: {}, workspaceId: uid } })).agentCreated.ID;
  const orgId: string = (await callApi(owner.request, CLIENTS_API.createOrganization, region, { params: { uid }, body: { name: 'Contoso' } })).organization.ID;
  await callApi(owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Contoso', widgetIDs: [agentId], dashboardLayout: 'vertical' } });
  for (const { client, canAccess } of options.clients) {
    await callApi(owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...client, orgId, canAccess } });
  }
  return { region, uid, agentId, orgId, host: `http://${options.subdomain}.localhost:${new URL(baseUrl).port}` };
}

/**
 * The browser of a client journey: launched before the journey's tests with the agency owner's page
 * (on the platform's address), closed after them with every context it opened. `clientPage` opens
 * a page on the agency host in a context of its own (a test may close it earlier); `signIn` is a
 * client's password sign-in there, landing on the agent's Home.
 */
export function clientJourneyBrowser() {
  let browser: Browser | undefined;
  let owner: Page | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  const clientPage = async (host: string): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser!.newContext({ baseURL: host, viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
  return {
    get owner(): Page {
      return owner!;
    },
    clientPage,
    signIn: async (agency: Pick<AgencyWithClients, 'host' | 'region' | 'agentId'>, client: AgencyClient): Promise<Page> => {
      const { page } = await clientPage(agency.host);
      await page.goto('/');
      await page.getByTestId('client-login-email').fill(client.email);
      await page.getByTestId('client-login-password').fill(client.dashboardPassword);
      await page.getByTestId('client-sign-in').click();
      await page.waitForURL(new RegExp(`/app/${agency.region}/agents/${agency.agentId}/home$`), { waitUntil: 'commit' });
      await page.getByTestId('client-nav').waitFor();
      return page;
    },
  };
}

/** The tabs of the client's agent navigation, in order. */
export const clientNavTabs = (page: Page): Promise<Array<string | null>> =>
  page.getByTestId('client-nav').locator('[data-tab]').evaluateAll((links) => links.map((l) => l.getAttribute('data-tab')));
