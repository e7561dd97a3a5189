/**
 * The campaigns journey (ADR 0043), in Chromium through the gateway of the running platform with
 * the Meta sandbox: two website visitors leave their phone numbers (the agent's leads); the member
 * connects a WhatsApp number on the Channels tab, opens Campaigns from Leads, creates a message
 * template (a bad name first: 'Invalid template info'), creates a campaign for the two leads, sends
 * it after confirming, and sees "2 sent"; the sandbox received one template message per lead. Then the
 * same on an agency host (http://{sub}.localhost): a client whose access names /channels and
 * /campaigns connects the number on its Channels page and sends a campaign from its Campaigns tab.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, signUpWithAgent, uniqueEmail } from './support/platform';
import { clientJourneyBrowser, clientNavTabs, setUpAgencyWithClients } from './support/agency-clients';
import { connectSandboxWhatsAppNumber } from './support/meta-sandbox';

const metaSandbox = `http://127.0.0.1:${process.env.META_SANDBOX_PORT ?? 4120}`;

const newPhones = () => [1, 2].map(() => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);

/** Website visitors leave their phone numbers: the agent's leads. */
async function leaveLeads(page: Page, region: string, agentId: string, phones: string[]) {
  for (const phone of phones) {
    const answer = await page.request.post(`/api/${region}/agent/widget/agents/${agentId}/messages`, {
      data: { messageId: randomBytes(8).toString('hex'), visitorId: randomBytes(8).toString('hex'), text: `Please text me offers on ${phone}` },
    });
    expect(answer.status()).toBe(200);
  }
}

/** On the Campaigns page: a template, a campaign for the leads, sent after confirming; "2 sent", and the sandbox has one template message per lead. */
async function sendCampaign(page: Page, phoneId: string, phones: string[], shot: string) {
  const template = page.getByTestId('new-template');
  await template.getByTestId('template-name').fill('Spring Offer');
  await template.getByTestId('template-body').fill('Spring is here: 20% off this week.');
  await template.getByTestId('template-create').click();
  await template.getByTestId('template-error').getByText('Invalid template info').waitFor();
  await template.getByTestId('template-name').fill('spring_offer');
  await template.getByTestId('template-create').click();
  await page.getByText('Template spring_offer created.').first().waitFor();

  const campaign = page.getByTestId('new-campaign');
  await campaign.locator('[data-testid="campaign-template"] option[value="spring_offer|en_US"]').waitFor({ state: 'attached' });
  await campaign.getByTestId('campaign-name').fill('Spring offer');
  await campaign.getByTestId('campaign-template').selectOption('spring_offer|en_US');
  for (const phone of phones) await campaign.getByLabel(phone).check();
  await campaign.getByTestId('campaign-create').click();
  const row = page.getByTestId('campaign-row').filter({ hasText: 'Spring offer' });
  await row.getByTestId('campaign-status').getByText('draft').waitFor();
  await row.getByText('0 sent').waitFor();

  await row.getByTestId('campaign-send').click();
  await page.getByTestId('campaign-confirm').getByText('to 2 recipients').waitFor();
  await page.getByTestId('campaign-confirm-send').click();
  await row.getByText('2 sent').waitFor();
  await row.getByTestId('campaign-status').getByText('sent').waitFor();
  expect(await row.getByTestId('campaign-send').count()).toBe(0);
  await screenshot(page, shot);

  for (const phone of phones) {
    const { messages } = (await (await fetch(`${metaSandbox}/sandbox/whatsapp/${phoneId}/chats/${phone.replace(/\D/g, '')}`)).json()) as { messages: Array<{ from: string; template?: string; text: string }> };
    expect(messages).toEqual([expect.objectContaining({ from: 'business', template: 'spring_offer', text: 'Spring is here: 20% off this week.' })]);
  }
}

describe('campaigns journey', () => {
  let browser: Browser;
  let page: Page;
  let region = 'eu';
  let agentId = '';
  const phones = newPhones();
  let phoneId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, creates an agent, and two website visitors leave their phone numbers', async () => {
    ({ region, agentId } = await signUpWithAgent(page, 'campaigns', 'Campaign helper'));
    await leaveLeads(page, region, agentId, phones);
    await page.goto(`/app/${region}/agents/${agentId}/leads`);
    for (const phone of phones) await page.getByTestId('leads').getByText(phone).waitFor();
  });

  it('Campaigns before a WhatsApp number is connected says so', async () => {
    await page.getByTestId('leads-campaigns-link').click();
    await page.waitForURL(`**/app/${region}/agents/${agentId}/campaigns`);
    await page.getByTestId('campaigns-unavailable').getByText('Connect a WhatsApp number to this agent first').waitFor();
  });

  it('connects a WhatsApp number on the Channels tab', async () => {
    phoneId = await connectSandboxWhatsAppNumber(page, region, agentId);
  });

  it('creates a template, a campaign for the two leads, sends it and sees 2 sent; the sandbox got two template messages', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/campaigns`);
    await sendCampaign(page, phoneId, phones, 'campaigns-sent');
  });
});

describe('campaigns journey for an agency client', () => {
  const journey = clientJourneyBrowser();
  const client = { email: uniqueEmail('clientcampaigns'), name: 'Cam Campaigns', dashboardPassword: 'campaigns-password-7' };
  const phones = newPhones();

  it('a client with /channels and /campaigns connects the number and sends a campaign to two leads from its Campaigns tab', async () => {
    const agency = await setUpAgencyWithClients(journey.owner, {
      ownerEmail: uniqueEmail('campaignsowner'),
      agencyName: `Campaignwell ${Date.now() % 10000}`,
      subdomain: `cp${Date.now().toString(36)}`,
      clients: [{ client, canAccess: ['/home', '/channels', '/campaigns'] }],
    });
    await leaveLeads(journey.owner, agency.region, agency.agentId, phones);
    const page = await journey.signIn(agency, client);
    expect(await clientNavTabs(page)).toEqual(['home', 'channels', 'campaigns']);
    const phoneId = await connectSandboxWhatsAppNumber(page, agency.region, agency.agentId);
    await page.getByTestId('client-nav').locator('[data-tab="campaigns"]').click();
    await page.getByTestId('campaigns-page').waitFor();
    await sendCampaign(page, phoneId, phones, 'campaigns-client-sent');
  });
});
