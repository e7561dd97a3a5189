/**
 * The client's Channels page, in Chromium on an agency host (http://{sub}.localhost; ADR 0037): the
 * agency owner sets up an agency subdomain, an agent, an organisation and two clients through the
 * API. The client with /channels (an editor page for the channel fields: it toggles Smart init and publishes) opens
 * Channels, connects a Telegram bot with a sandbox token (the sandbox has its webhook, the card turns
 * Active) and sees it listed, and connects a Facebook page through the Meta sandbox's sign-in (ADR 0040),
 * still listed after a reload, and a WhatsApp number; the client without it has no Channels tab, is sent away from its
 * address, and the channels service refuses it.
 */
import { randomBytes } from 'node:crypto';
import { AGENT_API, CHANNELS_API, gatewayPath, type Region } from '@platform/contracts';
import { waitFor } from '@platform/test-support';
import { baseUrl, screenshot, uniqueEmail } from './support/platform';
import { SANDBOX_META_PAGE, connectSandboxMetaPage, connectSandboxWhatsAppNumber } from './support/meta-sandbox';
import { callApi, clientJourneyBrowser, clientNavTabs, setUpAgencyWithClients, type AgencyClient, type AgencyWithClients } from './support/agency-clients';

const telegramSandbox = `http://127.0.0.1:${process.env.TELEGRAM_SANDBOX_PORT ?? 4110}`;

describe('client channels journey', () => {
  const journey = clientJourneyBrowser();
  let region: Region = 'eu';
  let agency: AgencyWithClients;
  let agentId = '';
  const sub = `cc${Date.now().toString(36)}`;
  const channelsClient = { email: uniqueEmail('clientchannels'), name: 'Cleo Channels', dashboardPassword: 'channels-password-7' };
  const readerClient = { email: uniqueEmail('clientnochannels'), name: 'Rita Reader', dashboardPassword: 'reader-password-7' };
  const botId = String(7_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const token = `${botId}:${randomBytes(27).toString('base64url').slice(0, 35)}`;

  const signIn = (client: AgencyClient) => journey.signIn(agency, client);

  it('the agency sets up its subdomain, an agent, an organisation and two clients', async () => {
    agency = await setUpAgencyWithClients(journey.owner, {
      ownerEmail: uniqueEmail('channelsowner'),
      agencyName: `Channelwell ${Date.now() % 10000}`,
      subdomain: sub,
      clients: [{ client: channelsClient, canAccess: ['/home', '/channels'] }, { client: readerClient, canAccess: ['/home', '/convos'] }],
    });
    ({ region, agentId } = agency);
  });

  it('a client with /channels connects a Telegram bot with a sandbox token: webhook registered, card Active', async () => {
    const page = await signIn(channelsClient);
    expect(await clientNavTabs(page)).toEqual(['home', 'channels']);
    await page.getByTestId('client-nav').locator('[data-tab="channels"]').click();
    await page.getByTestId('client-editor-channels').waitFor();
    // Channels is an editor page: its own agent fields (Smart init, the WhatsApp legacy ones) publish under the per-page rule (ADR 0036, 0037).
    const publish = page.getByTestId('client-publish');
    expect(await publish.textContent()).toBe('Published');
    const smartInit = page.locator('#agent-field-smartInit');
    expect(await smartInit.isDisabled()).toBe(false);
    const smartInitBefore = await smartInit.isChecked();
    await page.getByText('Smart init: greet first on channels that allow it').click();
    expect(await smartInit.isChecked()).toBe(!smartInitBefore);
    await publish.click();
    await waitFor(async () => (await publish.textContent()) === 'Published', 10_000, 100);
    const savedAgent = (await callApi(journey.owner.request, AGENT_API.getAgent, region, { params: { agentId } })) as { agent: { smartInit?: boolean } };
    expect(Boolean(savedAgent.agent.smartInit)).toBe(!smartInitBefore);
    await page.getByTestId('channel-card-telegram').getByRole('button', { name: 'Connect' }).click();
    await page.getByTestId('channel-settings-telegram').waitFor();
    expect(await page.getByTestId('channel-badge-telegram').count()).toBe(0);
    await page.getByTestId('telegram-token').fill(token);
    await page.getByTestId('telegram-save').click();
    await page.getByText('Telegram channel saved successfully').first().waitFor();
    await page.getByTestId('channel-badge-telegram').getByText('Active').waitFor();
    await page.getByTestId(`telegram-bot-${botId}`).waitFor();
    await page.getByTestId('telegram-webhook-info').click();
    await page.getByTestId('telegram-webhook-info-result').getByText('pending updates 0').waitFor();
    await screenshot(page, 'client-channels-01-telegram-connected');

    const bots = (await (await fetch(`${telegramSandbox}/sandbox/bots`)).json()) as Array<{ id: string; webhookUrl: string }>;
    expect(bots.find((bot) => bot.id === botId)?.webhookUrl).toBe(`${baseUrl}/api/${region}/agent/v2/agents/${agentId}/telegram-webhook`);
    // After a reload the card is still Active: the bot is the channels service's record.
    await page.reload();
    await page.getByTestId('channel-badge-telegram').getByText('Active').waitFor();

    // Messenger: the client signs in with Meta itself (the sandbox's user token), picks a page and connects it (ADR 0040).
    await page.getByTestId('channel-card-messenger').getByRole('button', { name: 'Connect' }).click();
    const pageId = await connectSandboxMetaPage(page);
    await screenshot(page, 'client-channels-02-messenger-connected');
    // After a reload the page is still connected: the channels service's record, listed for the client.
    await page.reload();
    await page.getByTestId('channel-badge-messenger').getByText('Active').waitFor();
    await page.getByTestId('channel-card-messenger').getByRole('button', { name: 'Configure' }).click();
    await page.getByTestId(`meta-connected-${pageId}`).getByText(SANDBOX_META_PAGE).waitFor();
    const listed = (await callApi(journey.owner.request, CHANNELS_API.listAgentChannels, region, { params: { agentId } })) as { data: { metaPages: Array<{ pageId: string }> } };
    expect(listed.data.metaPages.map((p) => p.pageId)).toEqual([pageId]);
    await screenshot(page, 'client-channels-03-messenger-after-reload');
  });

  it("the client connects a WhatsApp number through Meta's sign-in (token exchange, the account's numbers) too", async () => {
    const page = await signIn(channelsClient);
    const phoneId = await connectSandboxWhatsAppNumber(page, region, agentId);
    await page.getByTestId(`whatsapp-connected-${phoneId}`).waitFor();
    await screenshot(page, 'client-channels-04-whatsapp-connected');
  });

  it('a client without /channels has no Channels tab, is sent away from its address, and the channels service refuses it', async () => {
    const page = await signIn(readerClient);
    expect(await clientNavTabs(page)).toEqual(['home', 'convos']);
    await page.goto(`/app/${region}/agents/${agentId}/channels`);
    await page.waitForURL(new RegExp(`/app/${region}/agents/${agentId}/home$`), { waitUntil: 'commit' });
    expect(await page.getByTestId('client-editor-channels').count()).toBe(0);
    // The page's own fetch (Node does not resolve *.localhost; the browser does), with the client's session cookie.
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { accept: 'application/json' } });
      return { status: res.status, body: await res.json() };
    }, gatewayPath(CHANNELS_API.listAgentChannels, { agentId }, region));
    expect(answer).toEqual({ status: 403, body: { success: false, message: 'Your account cannot open Channels.' } });
    await screenshot(page, 'client-channels-05-reader');
  });
});
