/**
 * The client dashboard journey, in Chromium on an agency host (http://{sub}.localhost): the agency
 * owner sets up an agency with a product subdomain, two agents, an organisation and two clients
 * (one organisation admin) through the API; one client signs in with a password, the other with a
 * code e-mailed to them (read from the inbox); each lands on their first allowed tab and sees only
 * their allowed tabs; disabling client access shows the locked modal with the personalised
 * message, and Log Out leads back to the login screen. Also: Send Feedback reaches the agency's
 * support inbox, an html custom tab runs its script without the dashboard's origin, an iframe custom
 * tab frames its page (a loopback test page; the agency host's CSP names its origin), the agency
 * admin signs in with its secret and switches to another organisation, and with allowBilling the credits
 * open the billing remote's client billing modal, where the client saves a card, buys 2,500
 * credits and sets auto-recharge; a level-2 notification pops up live for 5 s and
 * opens its agent's page from the panel; a visitor's answer from the organisation's agent is paid
 * from the organisation's credits, and crossing below the threshold pops up 'Credits running low'; a
 * client allowed to create agents, in an organisation without any, creates one from the locked modal.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { AGENCY_API, AGENT_API, CLIENTS_API, CLIENTS_API_MESSAGES, CONNECT_API, eventRoute, gatewayPath, makeEvent, type Region } from '@platform/contracts';
import { createProducer } from '@platform/kit';
import { mailsTo, nthMailTo, testKafka, waitFor } from '@platform/test-support';
import { baseUrl, passOnboarding, putOwnWorkspaceOnPlan, screenshot, signInWithCode, uniqueEmail, ownWorkspaceId } from './support/platform';
import { fillTestCard } from './support/stripe';
import { callApi, clientJourneyBrowser, clientNavTabs, type AgencyClient } from './support/agency-clients';

/** The html tab's script: it greets the client from the dashboard variables and tries to reach the dashboard. */
const PRICE_TAB_JS = `document.getElementById('who').textContent = 'Prices for ' + window.dashboardVariables.clientName;
try { document.getElementById('parent').textContent = 'reached ' + window.parent.document.title; } catch (e) { document.getElementById('parent').textContent = 'dashboard out of reach'; }`;

describe('client dashboard journey', () => {
  const journey = clientJourneyBrowser();
  let region: Region = 'eu';
  let uid = '';
  let orgId = '';
  let host = '';
  const agentIds: string[] = [];
  const ownerEmail = uniqueEmail('dashowner');
  const sub = `cd${Date.now().toString(36)}`;
  const agencyName = `Clientwell ${Date.now() % 10000}`;
  const passwordClient = { email: uniqueEmail('clienta'), name: 'Ada Password', dashboardPassword: 'correct-horse-9' };
  const codeClient = { email: uniqueEmail('clientb'), name: 'Bo Code', dashboardPassword: 'unused-password-1' };
  const lockMessage = 'Your access is paused: please settle the March invoice.';
  const supportEmail = uniqueEmail('dashsupport');
  let agencySecret = '';
  let agencyId = '';
  // The page of the iframe custom tab: loopback http, which the agency host's CSP frames (ADR 0027).
  let tabSite: Server;
  let tabSiteUrl = '';

  const newClientPage = () => journey.clientPage(host);
  /** The sign-in the query string carries (spec §2.10: username and password). */
  const signInByQuery = (page: Page, client: AgencyClient) => page.goto(`/?username=${encodeURIComponent(client.email)}&password=${encodeURIComponent(client.dashboardPassword)}`);

  beforeAll(async () => {
    host = `http://${sub}.localhost:${new URL(baseUrl).port}`;
    tabSite = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Northwind price sheet</h1>')).listen(0, '127.0.0.1');
    await new Promise((ready) => tabSite.once('listening', ready));
    tabSiteUrl = `http://127.0.0.1:${(tabSite.address() as AddressInfo).port}/sheet.html`;
  });
  afterAll(() => {
    tabSite?.close();
  });

  it('the agency sets up its subdomain, two agents, an organisation and two clients', async () => {
    await journey.owner.goto('/signup');
    await signInWithCode(journey.owner, ownerEmail);
    await passOnboarding(journey.owner);
    region = /\/app\/(eu|na)\//.exec(journey.owner.url())![1] as Region;
    uid = await ownWorkspaceId(journey.owner, region);
    const { agency } = await callApi(journey.owner.request, AGENCY_API.saveAgency, region, { params: { uid }, body: { name: agencyName, supportEmail, tosPage: 'https://clientwell.example.test/tos', customTabs: [{ label: 'Price list', href: '/prices', pageType: 'html', htmlContent: '<h1>Our prices</h1><p id="who"></p><p id="parent"></p>', jsContent: PRICE_TAB_JS }, { label: 'Sheet', href: '/sheet', pageType: 'iframe', iframeUrl: tabSiteUrl }] } });
    agencySecret = agency.secret;
    agencyId = agency.ID;
    // An e-mail domain: the dashboard offers Send Feedback.
    await callApi(journey.owner.request, AGENCY_API.addEmailDomain, region, { params: { domain: `mail-${sub}.example.com` }, body: { domain: `mail-${sub}.example.com`, userId: uid, agencyId: agency.ID } });
    await callApi(journey.owner.request, AGENCY_API.setCustomDomain, region, { body: { customDomain: sub, userId: uid, agencyId: agency.ID, isVGSubdomain: true } });
    await waitFor(async () => (await callApi(journey.owner.request, AGENCY_API.getCustomDomain, region, { query: { domain: `${sub}.localhost`, domainType: 'vgSubdomain', userId: uid } })).isVerified, 20_000, 500);
    for (const name of ['Support Agent', 'A sales agent with a very long name indeed']) {
      const answer = await callApi(journey.owner.request, AGENT_API.convertAgentTemplateToAgent, region, { body: { agentName: name, agentTemplate: {}, workspaceId: uid } });
      agentIds.push(answer.agentCreated.ID);
    }
    const created = await callApi(journey.owner.request, CLIENTS_API.createOrganization, region, { params: { uid }, body: { name: 'Northwind' } });
    orgId = created.organization.ID;
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Northwind', widgetIDs: agentIds, dashboardLayout: 'vertical' } });
    await callApi(journey.owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...passwordClient, orgId, canAccess: ['/leads', '/convos', '/prices', '/sheet'], clientTabOrder: ['/leads', '/convos'] } });
    await callApi(journey.owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...codeClient, orgId, isOrgAdmin: true, canAccess: ['/home', '/analytics'] } });
  });

  it('a client signs in with a password, lands on the first allowed tab and sees only allowed tabs and agents', async () => {
    const { context, page } = await newClientPage();
    await page.goto('/');
    expect(await page.title()).toBe(`${agencyName} | Sign in`);
    await page.getByTestId('client-sign-in').click();
    await page.getByText('Please enter your email and password.').waitFor();
    await page.getByTestId('client-login-email').fill(passwordClient.email);
    await page.getByTestId('client-login-password').fill('wrong-password');
    await page.getByTestId('client-sign-in').click();
    await page.getByText('Password is incorrect please try again.').waitFor();
    await page.getByTestId('client-login-password').fill(passwordClient.dashboardPassword);
    await screenshot(page, 'client-01-login');
    await page.getByTestId('client-sign-in').click();
    await page.getByText('Signed in successfully.').waitFor();
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[0]}/leads$`), { waitUntil: 'commit' });
    await page.getByTestId('leads').or(page.getByText('No leads yet.', { exact: false })).first().waitFor();
    expect(await clientNavTabs(page)).toEqual(['leads', 'convos', 'c/prices', 'c/sheet']);
    expect(await page.getByTestId('client-nav').getAttribute('data-layout')).toBe('vertical');
    await page.getByTestId('client-footer').getByText('Terms of Service').waitFor();
    await page.getByTestId('client-footer').getByText(`© ${new Date().getFullYear()} ${agencyName}`).waitFor();

    // The agent selector: both agents, titles cut at 30; switching keeps the page.
    await page.getByTestId('agent-selector').click();
    await page.getByRole('menuitem', { name: 'A sales agent with a very long...' }).click();
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[1]}/leads$`), { waitUntil: 'commit' });
    // A page the client may not open is never shown.
    await page.goto(`/app/${region}/agents/${agentIds[0]}/analytics`);
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[0]}/leads$`), { waitUntil: 'commit' });
    // Account Settings: the name changes.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByTestId('account-name').fill('Ada Lovelace');
    await page.getByTestId('account-save').click();
    await page.getByText('Updated client data').first().waitFor();
    // Online/offline status (saved as offline with the client).
    await page.getByTestId('client-status').getByText('Offline').waitFor();
    await page.getByTestId('client-status').click();
    await page.getByText('Updated client data').first().waitFor();
    await page.getByTestId('client-status').getByText('Online').waitFor();
    // Not an organisation admin: About is read-only ('You are not an admin'), no + Add User; no New Agent without allowCreateAgents.
    await page.getByTestId('org-switcher').click();
    expect(await page.getByRole('menuitem', { name: '+ Add User' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'About' }).click();
    await page.getByTestId('org-about-not-admin').getByText('You are not an admin').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('client-new-agent').count()).toBe(0);
    // The notification panel's settings: the client chooses which levels notify them (notifyIf), kept on their record.
    await page.getByTestId('notifications-bell').click();
    await page.getByLabel('Notification settings').click();
    // Read in the page: node does not resolve *.localhost hosts, Chromium does.
    const sessionPath = gatewayPath(CLIENTS_API.getClientSession, undefined, region);
    const notifyIf = () => page.evaluate(async (path) => (await (await fetch(path)).json()).client.notificationsSettings.notifyIf, sessionPath);
    await page.getByTestId('notify-if').getByText('All', { exact: true }).waitFor();
    // The settings open with an animation: a click that lands before it ends is made again.
    await waitFor(async () => (await notifyIf()) === 'all' || (await page.getByTestId('notify-if').getByText('All', { exact: true }).click(), false), 15_000, 1_000);
    await page.keyboard.press('Escape');
    await page.getByTestId('client-nav').locator('[data-tab="c/prices"]').click();
    // The html tab's script runs (the page agency-domain serves under the sandboxing CSP), without the dashboard's origin.
    const tab = page.frameLocator('[data-testid="client-custom-tab"]');
    await tab.getByText('Our prices').waitFor();
    await tab.getByText('Prices for Ada Lovelace').waitFor();
    await tab.getByText('dashboard out of reach').waitFor();
    expect(await page.getByTestId('client-custom-tab').getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    await screenshot(page, 'client-02-password-client');
    // The iframe tab: its page loads in the (sandboxed) frame, allowed by the host's frame-src.
    await page.getByTestId('client-nav').locator('[data-tab="c/sheet"]').click();
    await page.frameLocator('[data-testid="client-custom-tab"]').getByText('Northwind price sheet').waitFor();
    // On a phone the layout is horizontal and the top bar's controls stay on the screen (they wrap).
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator('[data-testid="client-nav"][data-layout="horizontal"]').waitFor();
    for (const control of ['notifications-bell', 'profile-menu', 'client-status']) {
      const box = (await page.getByTestId(control).boundingBox())!;
      expect([control, box.x + box.width <= 390]).toEqual([control, true]);
    }
    await screenshot(page, 'client-02b-phone');
    await context.close();
  });

  it('another client signs in with an e-mailed code and sees their own tabs', async () => {
    const { context, page } = await newClientPage();
    await page.goto('/');
    await page.getByTestId('client-login-email').fill(codeClient.email);
    await page.getByTestId('client-email-code').click();
    await page.getByTestId('client-login-code').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('client-email-code').click();
    await page.getByRole('button', { name: 'Resend Code' }).waitFor();
    // The second code replaces the first.
    const mail = await nthMailTo(codeClient.email, 2);
    const code = /\b([0-9]{6})\b/.exec(`${mail.subject}\n${mail.text}`)![1]!;
    await page.getByTestId('client-login-code').fill(code);
    await page.getByTestId('client-sign-in').click();
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[0]}/home$`), { waitUntil: 'commit' });
    expect(await clientNavTabs(page)).toEqual(['home', 'analytics']);
    await page.getByTestId('org-switcher').click();
    await page.getByRole('menuitem', { name: '+ Add User' }).waitFor();
    await screenshot(page, 'client-03-code-client');
    // + Add User: a 15-character password by default; the user gets the organisation's default access.
    await page.getByRole('menuitem', { name: '+ Add User' }).click();
    expect(await page.getByTestId('add-user-password').inputValue()).toHaveLength(15);
    const addedEmail = uniqueEmail('added');
    await page.getByTestId('add-user-name').fill('Cy Added');
    await page.getByTestId('add-user-email').fill(addedEmail);
    await page.getByText('Allow creating agents', { exact: true }).click();
    await page.getByTestId('add-user-save').click();
    await page.getByText('Updated client data').first().waitFor();
    const { clients } = await callApi(journey.owner.request, CLIENTS_API.listOrganizations, region, { params: { uid } });
    expect(clients.find((c: { email: string }) => c.email === addedEmail.toLowerCase())).toMatchObject({ orgId, name: 'Cy Added', canAccess: ['/home', '/convos', '/analytics', '/leads', '/campaigns'], allowCreateAgents: true });

    // Send Feedback, through the agency's e-mail brand to its support e-mail.
    await page.getByTestId('feedback-open').click();
    await page.getByTestId('feedback-message').fill('Could the Analytics page show last week?');
    await page.getByTestId('feedback-send').click();
    await page.getByText('Feedback sent!').waitFor();
    const feedback = await nthMailTo(supportEmail, 1);
    expect(feedback.subject).toBe(`Feedback from ${codeClient.email} (Northwind)`);
    expect(feedback.html).toContain('Could the Analytics page show last week?');

    // A level-2 notification of the organisation pops up live for 5 s; a click in the panel opens its page.
    const producer = createProducer(testKafka());
    await producer.connect();
    try {
      const event = makeEvent('notification.requested', {
        region,
        workspaceId: uid,
        data: { channel: 'organization', orgId, notification: { title: 'A visitor asks for a person', body: 'Sam wants to talk to someone', notificationLevel: 2, urlPathname: `/analytics?agentId=${agentIds[1]}` } },
      });
      const { topic, key } = eventRoute(event);
      await producer.send({ topic, messages: [{ key, value: JSON.stringify(event) }] });
    } finally {
      await producer.disconnect();
    }
    const popup = page.getByTestId('notification-popup');
    await popup.getByText('A visitor asks for a person').waitFor({ timeout: 30_000 });
    // Timed from when it showed: the screenshot takes a while on a loaded machine.
    const shownAt = Date.now();
    await screenshot(page, 'client-07-notification-popup');
    await popup.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3500);
    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notifications-panel').getByText('Sam wants to talk to someone').click();
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[1]}/analytics$`), { waitUntil: 'commit' });
    await page.getByTestId('agent-usage').waitFor();
    await context.close();
  });

  it("an invited client opens the e-mailed link: the token in the query signs them in once", async () => {
    const mailsBefore = (await mailsTo(passwordClient.email)).length;
    await callApi(journey.owner.request, CLIENTS_API.inviteClient, region, { params: { uid }, body: { email: passwordClient.email, agencyId } });
    const mail = await nthMailTo(passwordClient.email, mailsBefore + 1);
    const link = new URL(/https?:\/\/[^\s"<]+/.exec(mail.html)![0]!.replace(/&amp;/g, '&'));
    expect(link.searchParams.get('token')).toBeTruthy();
    const { context, page } = await newClientPage();
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[0]}/leads$`), { waitUntil: 'commit' });
    await page.getByTestId('client-nav').waitFor();
    expect(page.url()).not.toContain('token=');
    await context.close();
    // The token works once: the same link again is refused, on the login screen.
    const again = await newClientPage();
    await again.page.goto(`${link.pathname}${link.search}`);
    await again.page.getByText(CLIENTS_API_MESSAGES.tokenInvalid).waitFor();
    await again.page.getByTestId('client-login').waitFor();
    await again.context.close();
  });

  it('the agency signs in with its secret, gets every page, with no Account or status of a client, and switches organisation', async () => {
    // The horizontal layout: a tab row, and the agency bar for an agency user.
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Northwind', widgetIDs: agentIds, dashboardLayout: 'horizontal' } });
    const southwind = (await callApi(journey.owner.request, CLIENTS_API.createOrganization, region, { params: { uid }, body: { name: 'Southwind' } })).organization.ID;
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId: southwind }, body: { ID: southwind, name: 'Southwind', widgetIDs: [agentIds[1]] } });
    const { context, page } = await newClientPage();
    await page.goto(`/?secret=${encodeURIComponent(agencySecret)}`);
    await page.getByTestId('client-nav').waitFor();
    // Settings is the agent editor's (ADR 0031), among the agency admin's pages.
    expect(await clientNavTabs(page)).toEqual(['home', 'convos', 'analytics', 'leads', 'settings', 'c/prices', 'c/sheet']);
    expect(await page.getByTestId('client-nav').getAttribute('data-layout')).toBe('horizontal');
    await page.getByTestId('agency-bar').waitFor();
    expect(await page.getByTestId('client-status').count()).toBe(0);
    await screenshot(page, 'client-06-agency-admin-horizontal');
    expect(page.url()).not.toContain('secret=');
    // The organisation switcher: the agency admin acts for every organisation of the agency.
    await page.getByTestId('org-switcher').click();
    await page.getByTestId('org-option-current').getByText('Northwind').waitFor();
    await page.getByRole('menuitem', { name: 'Southwind' }).click();
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentIds[1]}/home$`), { waitUntil: 'commit' });
    await page.getByTestId('org-switcher').getByText('Southwind').waitFor();
    await page.getByTestId('agent-selector').click();
    await page.getByRole('menuitem', { name: 'A sales agent with a very long...' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Support Agent' }).count()).toBe(0);
    await screenshot(page, 'client-06b-agency-admin-switched-org');
    await context.close();
  });

  it('with allowBilling, the credits open the client billing modal: a card, 2,500 credits, auto-recharge', async () => {
    await callApi(journey.owner.request, CONNECT_API.createAccount, region, { body: { workspace: { uid } } });
    await callApi(journey.owner.request, CONNECT_API.saveBillingSettings, region, { body: { workspaceId: uid, USDPerToken: 0.005 } });
    await callApi(journey.owner.request, CONNECT_API.setOrganizationBilling, region, { params: { orgId }, body: { workspaceId: uid, allowBilling: true } });
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Northwind', widgetIDs: agentIds, allowBilling: true } });
    const { context, page } = await newClientPage();
    await signInByQuery(page, passwordClient);
    await page.getByTestId('client-nav').waitFor();
    await page.getByTestId('client-credits').click();
    await page.getByTestId('client-balance').waitFor();
    // A card on the agency's connected account (the Stripe.js stand-in), then 2,500 credits and auto-recharge.
    await page.getByTestId('edit-card').click();
    await fillTestCard(page);
    await page.getByTestId('client-card-save').click();
    await page.getByTestId('client-card').waitFor({ timeout: 30_000 });
    await page.getByTestId('quick-pick-2500').click();
    await page.getByTestId('purchase-summary').getByText('2,500 credits for $15.00').waitFor();
    await page.getByTestId('buy-credits').click();
    await page.getByText('Credits purchased successfully').waitFor({ timeout: 30_000 });
    await page.getByTestId('client-balance').getByText('2,500.0').waitFor({ timeout: 30_000 });
    await page.getByText('Recharge automatically').click();
    await page.getByTestId('save-auto-recharge').click();
    await page.getByText(/Auto-recharge settings updated successfully. Will charge \$\d+ when credits drop below \d+\./).waitFor({ timeout: 30_000 });
    await screenshot(page, 'client-05-billing');
    await context.close();
  });

  it("an answer of the organisation's agent spends the organisation's credits; crossing below the threshold pops up 'Credits running low'", async () => {
    // The client hears of level-1 notifications too.
    await callApi(journey.owner.request, CLIENTS_API.saveClient, region, {
      params: { uid },
      body: { ...passwordClient, orgId, canAccess: ['/leads', '/convos', '/prices'], clientTabOrder: ['/leads', '/convos'], notificationsSettings: { notifyThrough: 'push', notifyIf: 'all' } },
    });
    const { context, page } = await newClientPage();
    await signInByQuery(page, passwordClient);
    await page.getByTestId('client-nav').waitFor();
    // Auto-recharge off, so the balance may run low.
    await page.getByTestId('client-credits').click();
    await page.getByTestId('client-balance').getByText('2,500.0').waitFor({ timeout: 30_000 });
    await page.getByText('Recharge automatically').click();
    await page.getByTestId('save-auto-recharge').click();
    await page.getByText('Auto-recharge disabled.').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    // The agency takes back all but the threshold (500 credits): not below it yet.
    await callApi(journey.owner.request, CONNECT_API.transferCredits, region, { body: { transferId: `back${sub}`, workspaceId: uid, orgId, amount: 2000, direction: 'orgToWorkspace' } });
    // A visitor talks to the organisation's agent on its widget: the answer is paid by the organisation.
    const answer = await journey.owner.request.post(gatewayPath(AGENT_API.sendWidgetMessage, { agentId: agentIds[0]! }, region), { data: { messageId: `visit${sub}`, visitorId: `visitor${sub}`, text: 'What are your opening hours?' } });
    expect(answer.ok()).toBe(true);
    expect((await answer.json()).data.refused).toBeUndefined();
    const popup = page.getByTestId('notification-popup');
    await popup.getByText('Credits running low').waitFor({ timeout: 60_000 });
    // The notification makes the top bar read the ledger's lowered balance at once (not at its next 10 s read).
    await page.getByTestId('client-credits').getByText(/^4\d\d\.\d credits$/).waitFor({ timeout: 4_500 });
    await screenshot(page, 'client-08-credits-low');
    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notifications-panel').getByText('Credits running low').waitFor();
    await page.keyboard.press('Escape');
    // The billing modal shows the organisation's balance below 500; the workspace's credits did not pay.
    await page.getByTestId('client-credits').click();
    const shown = Number((await page.getByTestId('client-balance').innerText()).replace(/[^0-9.]/g, ''));
    expect(shown).toBeLessThan(500);
    expect(shown).toBeGreaterThan(400);
    await context.close();
  });

  it('disabling client access shows the locked modal with the personalised message; Log Out returns to the login', async () => {
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, {
      params: { uid, orgId },
      body: { ID: orgId, name: 'Northwind', widgetIDs: agentIds, settings: { disableClientAccess: true, disableClientAccessMessage: lockMessage } },
    });
    const { context, page } = await newClientPage();
    await signInByQuery(page, passwordClient);
    await page.getByTestId('locked-modal').waitFor();
    await page.getByTestId('locked-message').getByText(lockMessage).waitFor();
    await screenshot(page, 'client-04-locked');
    await page.getByTestId('locked-log-out').click();
    await page.getByText('Signed out successfully.').waitFor();
    await page.getByTestId('client-login').waitFor();
    await context.close();
    // Disabled access blocks clients, not the agency viewing the organisation with its secret.
    const agency = await newClientPage();
    await agency.page.goto(`/?secret=${encodeURIComponent(agencySecret)}`);
    await agency.page.getByTestId('client-nav').waitFor();
    expect(await agency.page.getByTestId('locked-modal').count()).toBe(0);
    await agency.context.close();
  });

  it('a client with allowCreateAgents creates an agent from New Agent; it joins the organisation', async () => {
    // A third agent is beyond the free plan's two (a 402 the drawer would show): the agency is on a paid plan.
    await putOwnWorkspaceOnPlan(journey.owner, region, 'pay_as_you_go');
    await callApi(journey.owner.request, CLIENTS_API.saveOrganization, region, { params: { uid, orgId }, body: { ID: orgId, name: 'Northwind', widgetIDs: agentIds, settings: {} } });
    const { clients } = await callApi(journey.owner.request, CLIENTS_API.listOrganizations, region, { params: { uid } });
    const client = clients.find((c: { email: string }) => c.email === passwordClient.email.toLowerCase());
    await callApi(journey.owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ID: client.ID, orgId, name: client.name, email: client.email, canAccess: client.canAccess, clientTabOrder: client.clientTabOrder, allowCreateAgents: true } });
    const { context, page } = await newClientPage();
    await signInByQuery(page, passwordClient);
    await page.getByTestId('client-nav').waitFor();
    await page.getByTestId('client-new-agent').click();
    await page.getByTestId('client-new-agent-name').fill('Made by Ada');
    await page.getByTestId('client-new-agent-create').click();
    await page.getByText('Agent created successfully, redirecting...').waitFor();
    await page.waitForURL(new RegExp(`/app/${region}/agents/(?!${agentIds.join('|')})[^/]+/leads$`), { waitUntil: 'commit' });
    const newAgentId = /\/agents\/([^/]+)\//.exec(page.url())![1]!;
    await page.getByTestId('agent-selector-title').getByText('Made by Ada').waitFor();
    await screenshot(page, 'client-08-new-agent');
    const { organizations } = await callApi(journey.owner.request, CLIENTS_API.listOrganizations, region, { params: { uid } });
    expect(organizations.find((o: { ID: string }) => o.ID === orgId).widgetIDs).toEqual([...agentIds, newAgentId]);
    await context.close();
  });

  it('a client with allowCreateAgents in an organisation without agents creates one from the locked modal; it joins the organisation and unlocks the dashboard', async () => {
    const eastwind = (await callApi(journey.owner.request, CLIENTS_API.createOrganization, region, { params: { uid }, body: { name: 'Eastwind' } })).organization.ID;
    const creator = { email: uniqueEmail('creator'), name: 'Di Creator', dashboardPassword: 'creator-horse-7' };
    await callApi(journey.owner.request, CLIENTS_API.saveClient, region, { params: { uid }, body: { ...creator, orgId: eastwind, canAccess: ['/leads', '/convos'], allowCreateAgents: true } });
    const { context, page } = await newClientPage();
    await signInByQuery(page, creator);
    // No agents: the dashboard is locked (spec §2.10); a client who may create agents gets New Agent beside Log Out (ADR 0041).
    const locked = page.getByTestId('locked-modal');
    await locked.getByTestId('locked-message').getByText(CLIENTS_API_MESSAGES.noAgentsForOrg).waitFor();
    await locked.getByTestId('locked-log-out').waitFor();
    await screenshot(page, 'client-09-locked-new-agent');
    await locked.getByTestId('client-new-agent').click();
    await page.getByTestId('client-new-agent-name').fill('First of Eastwind');
    await page.getByTestId('client-new-agent-create').click();
    await page.getByText('Agent created successfully, redirecting...').waitFor();
    // It opens on the client's first tab (Conversations comes before Leads in the default order).
    await page.waitForURL(new RegExp(`/app/${region}/agents/[^/]+/convos$`), { waitUntil: 'commit' });
    const newAgentId = /\/agents\/([^/]+)\//.exec(page.url())![1]!;
    expect(agentIds).not.toContain(newAgentId);
    await page.getByTestId('client-nav').waitFor();
    await page.getByTestId('agent-selector-title').getByText('First of Eastwind').waitFor();
    expect(await page.getByTestId('locked-modal').count()).toBe(0);
    await screenshot(page, 'client-10-unlocked-by-new-agent');
    const { organizations } = await callApi(journey.owner.request, CLIENTS_API.listOrganizations, region, { params: { uid } });
    expect(organizations.find((o: { ID: string }) => o.ID === eastwind).widgetIDs).toEqual([newAgentId]);
    await context.close();
  });
});
