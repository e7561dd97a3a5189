/**
 * Issue 12's last items, in Chromium on an agency host (ADR 0045): the agency invites a client from
 * its Clients screen ({email, agencyId}; the e-mailed link signs it in); as root admin it narrows a
 * client's agents and makes another client an admin in the client drawer, which the dashboard then
 * follows; the organisation admin gives another user a page from Users in the organisation menu; a
 * client who saves a card carries the organisation's Stripe customer, which the other users never
 * read; and the agency buys a pre-built plan from Agency plans on its billing page through Stripe
 * Checkout, which Stripe's events then make its plan.
 */
import type { Page } from 'playwright-core';
import { AGENT_API, BILLING_API, BILLING_UI_MESSAGES, CLIENT_SIGN_IN, CLIENTS_API, CLIENTS_API_MESSAGES, CONNECT_API, gatewayPath, type PreBuiltPlan } from '@platform/contracts';
import { mailsTo, nthMailTo, waitFor } from '@platform/test-support';
import { callApi, clientJourneyBrowser, clientNavTabs, setUpAgencyWithClients, type AgencyClient, type AgencyWithClients } from './support/agency-clients';
import { screenshot, uniqueEmail } from './support/platform';
import { deliverStripeEvent, fillTestCard } from './support/stripe';

jest.setTimeout(240_000);

describe("issue 12's last items: invite, the root admin's client fields, organisation admins, the client's Stripe customer, pre-built plans", () => {
  const journey = clientJourneyBrowser();
  const sub = `ca${Date.now().toString(36)}`;
  const client = (label: string, name: string): AgencyClient => ({ email: uniqueEmail(label), name, dashboardPassword: 'Abcdefghij12345' });
  const orgAdmin = client('olga', 'Olga Admin');
  const narrowed = client('nora', 'Nora Narrow');
  const allPages = client('ian', 'Ian Everypage');
  let agency: AgencyWithClients;
  let nightShift = '';

  /** A client's password sign-in on the agency host, landing on an agent's first tab. */
  const signIn = async (who: AgencyClient): Promise<Page> => {
    const { page } = await journey.clientPage(agency.host);
    await page.goto('/');
    await page.getByTestId('client-login-email').fill(who.email);
    await page.getByTestId('client-login-password').fill(who.dashboardPassword);
    await page.getByTestId('client-sign-in').click();
    await page.getByTestId('client-nav').waitFor();
    return page;
  };
  /** A GET of the client dashboard's own API, from its page (the agency host resolves in the browser only). */
  const getInPage = (page: Page, path: string): Promise<any> => page.evaluate(async (url) => (await fetch(url)).json(), path);
  const clientRow = (email: string) => journey.owner.locator(`[data-testid="client-row"][data-client-email="${email.toLowerCase()}"]`);

  it('the agency: a product subdomain, two agents in one organisation, three clients (one organisation admin)', async () => {
    agency = await setUpAgencyWithClients(journey.owner, {
      ownerEmail: uniqueEmail('issue12-agency'),
      agencyName: 'Northstar Agency',
      subdomain: sub,
      clients: [
        { client: orgAdmin, canAccess: ['/home', '/convos', '/leads'] },
        { client: narrowed, canAccess: ['/home', '/convos'] },
        { client: allPages, canAccess: ['/home'] },
      ],
    });
    const { region, uid, orgId, agentId } = agency;
    nightShift = (await callApi(journey.owner.request, AGENT_API.convertAgentTemplateToAgent, region, { body: { agentName: 'Night shift', agentTemplate: {}, workspaceId: uid } })).agentCreated.ID;
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Contoso', widgetIDs: [agentId, nightShift], dashboardLayout: 'vertical' } });
    const { clients } = await callApi(journey.owner.request, CLIENTS_API.listOrganizations, region, { params: { uid } });
    const ID = clients.find((c: { email: string }) => c.email === orgAdmin.email.toLowerCase()).ID;
    await callApi(journey.owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ID, orgId, name: orgAdmin.name, email: orgAdmin.email, canAccess: ['/home', '/convos', '/leads'], isOrgAdmin: true } });
  });

  it('the agency invites a client from its Clients screen; the e-mailed one-time link signs the client in', async () => {
    const { region } = agency;
    const before = (await mailsTo(narrowed.email)).length;
    await journey.owner.goto(`/app/${region}/clients`);
    await clientRow(narrowed.email).getByTestId('invite-client').click();
    await journey.owner.getByText(CLIENTS_API_MESSAGES.inviteSent(narrowed.email.toLowerCase())).first().waitFor();
    await screenshot(journey.owner, 'issue12-01-invite-sent');
    const mail = await nthMailTo(narrowed.email, before + 1);
    expect(mail.html).toContain(`within ${CLIENT_SIGN_IN.loginTokenTtlMs / 60_000} minutes`);
    expect(mail.html).not.toContain(narrowed.dashboardPassword);
    const link = new URL(/https?:\/\/[^\s"<]+/.exec(mail.html)![0]!.replace(/&amp;/g, '&'));
    const { page } = await journey.clientPage(agency.host);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('client-nav').waitFor();
    expect(page.url()).not.toContain('token=');
    await page.context().close();
  });

  it("the root admin's client drawer: one client sees only the Night shift agent, another is an admin", async () => {
    await clientRow(narrowed.email).getByTestId('edit-client').click();
    const drawer = journey.owner.getByTestId('client-drawer');
    await drawer.getByTestId(`client-agent-${nightShift}`).check();
    await drawer.getByText('Only the agents checked.').waitFor();
    await screenshot(journey.owner, 'issue12-02-client-drawer-agents');
    await drawer.getByTestId('client-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await clientRow(allPages.email).getByTestId('edit-client').click();
    // the switch's input is drawn by its track: its label toggles it
    await drawer.getByText('Admin', { exact: true }).click();
    expect(await drawer.getByTestId('client-is-admin').isChecked()).toBe(true);
    await drawer.getByTestId('client-access-admin-note').waitFor();
    await screenshot(journey.owner, 'issue12-03-client-drawer-admin');
    await drawer.getByTestId('client-save').click();
    await drawer.waitFor({ state: 'hidden' });
    // the drawer closes once the save is answered; the list is read until it has both saves
    const stored = async (email: string) => (await callApi(journey.owner.request, CLIENTS_API.listOrganizations, agency.region, { params: { uid: agency.uid } })).clients.find((c: { email: string }) => c.email === email.toLowerCase());
    expect(await waitFor(async () => (await stored(allPages.email)).isAdmin, 10_000, 250)).toBe(true);
    expect((await stored(narrowed.email)).widgetIDs).toEqual([nightShift]);
  });

  it("the dashboard follows them: the narrowed client has the Night shift only, the admin client every page of the agency's view", async () => {
    const nora = await signIn(narrowed);
    // The agent service reuses a client's reach briefly (ACCESS_CACHE_NEGATIVE_TTL_MS, 2 s): the narrowing shows within it.
    const agentIds = async (): Promise<string[]> => (await getInPage(nora, gatewayPath(CLIENTS_API.listClientAgents, undefined, agency.region))).agents.map((a: { ID: string }) => a.ID);
    expect(await waitFor(async () => (await agentIds()).length === 1, 10_000, 250)).toBe(true);
    expect(await agentIds()).toEqual([nightShift]);
    await nora.goto('/');
    await nora.getByTestId('client-nav').waitFor();
    // the landing replaces the URL in the page; read until it settles, so a wrong landing names itself
    await waitFor(async () => new URL(nora.url()).pathname.endsWith('/home'), 10_000, 100).catch(() => undefined);
    expect(new URL(nora.url()).pathname).toBe(`/app/${agency.region}/agents/${nightShift}/home`);
    await screenshot(nora, 'issue12-04-narrowed-client');
    await nora.context().close();
    const ian = await signIn(allPages);
    expect(new Set(await clientNavTabs(ian))).toEqual(new Set(CLIENT_SIGN_IN.agencyAdminPages.map((page) => page.slice(1))));
    await screenshot(ian, 'issue12-05-admin-client-pages');
    await ian.context().close();
  });

  it('the organisation admin gives another user Leads from Users in the organisation menu; its own access and pages it lacks stay out of reach', async () => {
    const olga = await signIn(orgAdmin);
    await olga.getByTestId('org-switcher').click();
    await olga.getByTestId('org-users').click();
    const drawer = olga.getByTestId('org-users-drawer');
    const own = drawer.locator(`[data-testid="org-user"][data-email="${orgAdmin.email.toLowerCase()}"]`);
    await own.getByText('You').waitFor();
    expect(await own.getByTestId('org-user-edit-access').count()).toBe(0);
    const nora = drawer.locator(`[data-testid="org-user"][data-email="${narrowed.email.toLowerCase()}"]`);
    await nora.getByTestId('org-user-edit-access').click();
    expect(await nora.getByTestId('org-user-access-page-settings').isDisabled()).toBe(true);
    await nora.getByTestId('org-user-access-page-leads').check();
    await screenshot(olga, 'issue12-06-org-admin-assigns');
    await nora.getByTestId('org-user-access-save').click();
    await olga.getByText(CLIENTS_API_MESSAGES.clientUpdated).first().waitFor();
    await nora.getByTestId('org-user-tabs').getByText('/leads').waitFor();
    const { clients } = await callApi(journey.owner.request, CLIENTS_API.listOrganizations, agency.region, { params: { uid: agency.uid } });
    expect(clients.find((c: { email: string }) => c.email === narrowed.email.toLowerCase()).canAccess).toEqual(['/home', '/convos', '/leads']);
    await olga.context().close();
  });

  it("a client who saves a card carries the organisation's Stripe customer; the organisation admin never reads it", async () => {
    const { region, uid, orgId, agentId } = agency;
    await callApi(journey.owner.request, CONNECT_API.createAccount, region, { body: { workspace: { uid } } });
    await callApi(journey.owner.request, CONNECT_API.saveBillingSettings, region, { body: { workspaceId: uid, USDPerToken: 0.003 } });
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Contoso', widgetIDs: [agentId, nightShift], allowBilling: true } });
    const nora = await signIn(narrowed);
    await nora.getByTestId('client-credits').click();
    await nora.getByTestId('edit-card').click();
    await fillTestCard(nora);
    await nora.getByTestId('client-card-save').click();
    await nora.getByTestId('client-card').waitFor({ timeout: 30_000 });
    await screenshot(nora, 'issue12-07-client-card');
    const own = (await getInPage(nora, gatewayPath(CLIENTS_API.getClientSession, undefined, region))).client;
    const { data: billing } = await getInPage(nora, gatewayPath(CONNECT_API.getOrganizationBilling, { orgId }, region));
    expect(own.stripeCustomerId).toMatch(/^cus_/);
    expect(own.stripeCustomerId).toBe(billing.stripeCustomerId);
    await nora.context().close();
    const olga = await signIn(orgAdmin);
    const users = await getInPage(olga, gatewayPath(CLIENTS_API.listOrgClients, undefined, region));
    expect(users.clients.length).toBe(3);
    expect(JSON.stringify(users)).not.toContain('stripeCustomerId');
    await olga.context().close();
  });

  it('the agency buys a pre-built plan: Agency plans on its billing page, Stripe Checkout, then the plan is its own', async () => {
    const { region, uid } = agency;
    const owner = journey.owner;
    await owner.goto(`/app/${region}/account/billing`);
    const panel = owner.getByTestId('prebuilt-plans');
    await panel.getByText(BILLING_UI_MESSAGES.prebuiltPlansTitle).waitFor();
    await panel.locator('[data-plan-key="agency-pro"]').getByText('$129 / month').waitFor();
    await panel.getByTestId('prebuilt-cycle').getByText('Yearly').click();
    await panel.locator('[data-plan-key="agency-pro"]').getByText('$1,290 / year').waitFor();
    await screenshot(owner, 'issue12-08-agency-plans');
    // Stripe Checkout (offline here: a stand-in page at its address)
    await owner.route(/checkout\.stripe\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout (sandbox)</h1>' }));
    await panel.locator('[data-plan-key="agency-pro"]').getByTestId('prebuilt-subscribe').click();
    await owner.waitForURL(/checkout\.stripe\.com\//);
    await screenshot(owner, 'issue12-09-stripe-checkout');
    // Stripe's events for the paid session and its first invoice (the session names the workspace and the plan)
    const { plans } = await callApi(owner.request, BILLING_API.assemblePreBuiltPlansFromStripe, region, { body: { userId: uid, region } });
    const pro = (plans as PreBuiltPlan[]).find((plan) => plan.key === 'agency-pro')!;
    const tag = { workspaceId: uid, region, prebuiltPlanKey: 'agency-pro', priceId: pro.stripePrices.find((p) => p.billingCycle === 'yearly')!.priceId, billingCycle: 'yearly' };
    const subscription = `sub_${sub}`;
    // back from Checkout (its success URL names the plan bought) before Stripe's events have come: the page says so and waits
    await owner.goto(`/app/${region}/account/billing?checkout=success&plan=agency-pro&cycle=yearly`);
    await owner.getByTestId('prebuilt-checkout-notice').getByText(BILLING_UI_MESSAGES.prebuiltCheckoutDone).waitFor();
    await deliverStripeEvent('checkout.session.completed', { id: `cs_${sub}`, object: 'checkout.session', mode: 'subscription', customer: `cus_${sub}`, subscription, metadata: tag });
    await deliverStripeEvent('invoice.paid', { id: `in_${sub}`, object: 'invoice', subscription, customer: `cus_${sub}`, subscription_details: { metadata: tag } });
    // the plan shows by itself, and the notice goes
    await owner.getByTestId('prebuilt-checkout-notice').waitFor({ state: 'detached' });
    await owner.getByTestId('plan-name').getByText('Agency Pro').waitFor();
    const proCard = panel.locator('[data-plan-key="agency-pro"]');
    await proCard.getByRole('button', { name: BILLING_UI_MESSAGES.currentPlan }).waitFor();
    expect(await proCard.getByRole('button', { name: BILLING_UI_MESSAGES.currentPlan }).isDisabled()).toBe(true);
    await owner.getByTestId('usd-balance').waitFor();
    await screenshot(owner, 'issue12-10-agency-plan-current');
    const overview = (await callApi(owner.request, BILLING_API.getBillingOverview, region, { params: { uid } })).data;
    expect(overview).toMatchObject({ plan: 'enterprise', prebuiltPlan: { key: 'agency-pro', billingCycle: 'yearly' } });
    expect(overview.balance).toBeGreaterThanOrEqual(100_000);
  });
});
