/**
 * The channels journey, in Chromium through the gateway of the running platform with the
 * Telegram sandbox (infra/sandboxes/telegram): connect Telegram with a sandbox token (the
 * webhook is registered, the card turns Active, new-channel-connection reaches Kafka), a
 * message written "from Telegram" goes through the gateway to channels and onto
 * channels.inbound-messages, the runtime answers it and the reply comes back in the sandbox chat and in
 * Chats; a WhatsApp number connected through the New Method (PENDING, then
 * CONNECTED, the webhook verified by the Meta sandbox through the gateway), a signed message from
 * it queued, the test message with its validation; the Legacy Method's fields saved and its webhook
 * verified by Meta's handshake; a Messenger page connected in three steps and a
 * signed message to it queued; Discord with empty fields shows 'Please fill out all fields.', then a
 * channel of the Discord sandbox connected with its webhook: a message written on the sandbox page
 * reaches the agent over the platform bot's Gateway session, and the answer appears in that channel
 * and in Chats.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { TOPICS } from '@platform/contracts';
import { readTopicWithKcat, waitFor } from '@platform/test-support';
import { baseUrl, launchBrowser, screenshot, signUpWithAgent } from './support/platform';
import { SANDBOX_META_PAGE, connectSandboxMetaPage, connectSandboxWhatsAppNumber } from './support/meta-sandbox';

const telegramSandbox = `http://127.0.0.1:${process.env.TELEGRAM_SANDBOX_PORT ?? 4110}`;
const metaSandbox = `http://127.0.0.1:${process.env.META_SANDBOX_PORT ?? 4120}`;
const discordSandbox = `http://127.0.0.1:${process.env.DISCORD_SANDBOX_PORT ?? 4130}`;
/** The analytics events the page pushed to its data layer (channels_viewed, *_channel_added). */
const trackedEvents = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).map((entry) => entry.event));

describe('channels journey', () => {
  let browser: Browser;
  let page: Page;
  let region = 'eu';
  let agentId = '';
  let connectedPhoneId = '';
  let connectedPageId = '';
  const botId = String(7_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const token = `${botId}:${randomBytes(27).toString('base64url').slice(0, 35)}`;
  // The topics as this run wrote them, this agent's records only (the webhook bench fills them with hundreds of megabytes).
  const startedAt = Date.now() - 60_000;
  const recordsOf = (topic: string) => readTopicWithKcat(topic, { since: startedAt, keys: (key) => key === agentId || key.startsWith(`${agentId}:`) });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up and creates an agent', async () => {
    ({ region, agentId } = await signUpWithAgent(page, 'channels', 'Telegram helper'));
  });

  it('connects Telegram with a sandbox token: webhook registered, card Active, new-channel-connection on Kafka', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/channels?channel=telegram`);
    await page.getByTestId('channel-settings-telegram').waitFor();
    expect(await page.getByTestId('channel-badge-telegram').count()).toBe(0);
    await page.getByTestId('telegram-save').click();
    await page.getByText('Please provide a valid token.').waitFor();
    await page.getByTestId('telegram-token').fill(token);
    await page.getByTestId('telegram-save').click();
    await page.getByText('Telegram channel saved successfully').first().waitFor();
    await page.getByTestId('channel-badge-telegram').getByText('Active').waitFor();
    await page.getByTestId('telegram-webhook-info').click();
    await page.getByTestId('telegram-webhook-info-result').getByText('pending updates 0').waitFor();
    await screenshot(page, 'channels-telegram-connected');

    const bots = (await (await fetch(`${telegramSandbox}/sandbox/bots`)).json()) as Array<{ id: string; webhookUrl: string }>;
    expect(bots.find((bot) => bot.id === botId)?.webhookUrl).toBe(`${baseUrl}/api/${region}/agent/v2/agents/${agentId}/telegram-webhook`);
    const connections = await waitFor(async () => {
      const mine = (await recordsOf(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId);
      return mine.length ? mine : undefined;
    }, 60_000, 500);
    expect(JSON.parse(connections[0]!.value).data).toEqual({ agentId, agentType: 'vg', channelId: botId, channelType: 'telegram' });
    const events = await trackedEvents(page);
    expect(events).toEqual(expect.arrayContaining(['channels_viewed', 'telegram_channel_added']));
  });

  it('a message written to the bot in the sandbox reaches channels.inbound-messages through the gateway', async () => {
    const written = await fetch(`${telegramSandbox}/sandbox/bots/${botId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chatId: '31337', text: 'Hi from the Telegram sandbox' }),
    });
    expect((await written.json()).delivery).toMatchObject({ status: 200 });
    const inbound = (await recordsOf(TOPICS.channelInboundMessages.name)).filter((record) => record.key === `${agentId}:${botId}:31337`);
    expect(inbound).toHaveLength(1);
    expect(JSON.parse(inbound[0]!.value).data).toMatchObject({ channelType: 'telegram', text: 'Hi from the Telegram sandbox', senderId: '31337' });

    const sandboxPage = await browser.newPage();
    await sandboxPage.goto(`${telegramSandbox}/`);
    await sandboxPage.locator(`#bot option[value="${botId}"]`).waitFor({ state: 'attached' });
    await sandboxPage.selectOption('#bot', botId);
    await sandboxPage.fill('#chat', '31337');
    await sandboxPage.getByTestId('transcript').getByText('Hi from the Telegram sandbox', { exact: true }).waitFor({ timeout: 10_000 });
    // A person writing on the sandbox page goes the same way.
    await sandboxPage.fill('#text', 'Written on the sandbox page');
    await sandboxPage.getByRole('button', { name: 'Send' }).click();
    await sandboxPage.getByText('Webhook answered 200').waitFor();
    await waitFor(async () => (await recordsOf(TOPICS.channelInboundMessages.name)).some((record) => record.key === `${agentId}:${botId}:31337` && record.value.includes('Written on the sandbox page')), 30_000, 500);
    await screenshot(sandboxPage, 'channels-telegram-sandbox-page');
    await sandboxPage.close();
  });

  it('the agent answers the Telegram user: the reply is sent back through the sandbox, once per message, and the conversation is in Chats', async () => {
    type Chat = { messages: Array<{ from: 'user' | 'bot'; text: string }> };
    const chat = async () => (await (await fetch(`${telegramSandbox}/sandbox/bots/${botId}/chats/31337`)).json()) as Chat;
    // Both messages of the previous step are answered by the runtime, each exactly once.
    const answered = await waitFor(async () => {
      const { messages } = await chat();
      return messages.filter((message) => message.from === 'bot').length >= 2 ? messages : undefined;
    }, 60_000, 500);
    expect(answered.filter((message) => message.from === 'user')).toHaveLength(2);
    const answerOnPage = answered.find((message) => message.from === 'bot' && message.text.includes('Written on the sandbox page'));
    expect(answerOnPage).toBeDefined();

    // A provider retry of an update is acknowledged but not answered again: the answer to the
    // next message comes right after the one answer to the retried message (one conversation
    // keeps its order from the webhook to the reply).
    const write = async (text: string) =>
      (await (await fetch(`${telegramSandbox}/sandbox/bots/${botId}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chatId: '31337', text }) })).json()) as {
        update: { update_id: number };
      };
    const retried = await write('Is the bakery open on Sunday?');
    const redelivery = await fetch(`${telegramSandbox}/sandbox/bots/${botId}/updates/${retried.update.update_id}/redeliver`, { method: 'POST' });
    expect(redelivery.status).toBe(200);
    await write('And on Monday?');
    // The sandbox LLM quotes the message it answers: once the answer to the last one is there, a
    // second answer to the retried one would be there too.
    const all = await waitFor(async () => {
      const { messages } = await chat();
      return messages.some((message) => message.from === 'bot' && message.text.includes('And on Monday?')) ? messages : undefined;
    }, 60_000, 500);
    expect(all.filter((message) => message.from === 'user')).toHaveLength(4);
    expect(all.filter((message) => message.from === 'bot' && message.text.includes('Is the bakery open on Sunday?'))).toHaveLength(1);
    expect(all.filter((message) => message.from === 'bot')).toHaveLength(4);

    await page.goto(`/app/${region}/agents/${agentId}/convos`);
    await page.getByTestId('conversation-item').first().waitFor();
    expect(await page.getByTestId('conversation-item').first().textContent()).toMatch(/telegram/i);
    await page.getByTestId('conversation-transcript').getByText('Written on the sandbox page', { exact: true }).waitFor();
    await page.getByTestId('conversation-transcript').getByText(answerOnPage!.text, { exact: true }).waitFor();
    await screenshot(page, 'channels-telegram-conversation');
  });

  it("WhatsApp Legacy Method: the fields are saved ('Whatsapp channel saved successfully'), Meta's handshake verifies the webhook and the card turns Active", async () => {
    const wabaId = String(300_000_000_000_000 + Math.floor(Math.random() * 600_000_000_000_000));
    const legacyToken = `EAA${randomBytes(16).toString('hex')}`;
    await page.goto(`/app/${region}/agents/${agentId}/channels?channel=whatsapp`);
    const whatsapp = page.getByTestId('channel-settings-whatsapp');
    await whatsapp.getByText('Legacy Method (Deprecated)').click();
    await whatsapp.getByTestId('whatsapp-legacy-verified').getByText('Not verified').waitFor();
    await whatsapp.getByLabel('Access token').fill(legacyToken);
    await whatsapp.getByLabel('Phone number ID').fill(`${wabaId}01`);
    await whatsapp.getByLabel('Business account ID').fill(wabaId);
    await page.getByTestId('whatsapp-legacy-save').click();
    await page.getByText('Whatsapp channel saved successfully').first().waitFor();
    expect(await trackedEvents(page)).toContain('whatsapp_channel_added');

    // The person enters the form's callback URL and verify token in their Meta app: Meta's handshake.
    const callback = await whatsapp.getByRole('textbox', { name: 'Callback URL' }).inputValue();
    expect(callback).toBe(`${baseUrl}/api/${region}/agent/agents/${agentId}/wa-webhook`);
    const subscribed = await fetch(`${metaSandbox}/v18.0/${wabaId}/subscribed_apps?access_token=${legacyToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ override_callback_uri: callback, verify_token: await whatsapp.getByRole('textbox', { name: 'Verify token' }).inputValue() }),
    });
    expect(await subscribed.json()).toEqual({ success: true });
    await page.reload();
    await page.getByTestId('channel-settings-whatsapp').getByText('Legacy Method (Deprecated)').click();
    await page.getByTestId('whatsapp-legacy-verified').getByText('Verified', { exact: true }).waitFor();
    await page.getByTestId('channel-badge-whatsapp').getByText('Active').waitFor();
    await page.getByTestId('channel-badge-telegram').getByText('Active').waitFor();
    await screenshot(page, 'channels-whatsapp-legacy-verified');
  });

  it('WhatsApp New Method: a number goes PENDING to CONNECTED, its signed messages are queued, the test message is checked and sent', async () => {
    const phoneId = await connectSandboxWhatsAppNumber(page, region, agentId);
    connectedPhoneId = phoneId;
    await page.getByTestId(`whatsapp-number-${phoneId}`).getByText('CONNECTED').waitFor();
    const numbers = (await (await fetch(`${metaSandbox}/sandbox/whatsapp/numbers`)).json()) as Array<{ id: string; callback: string }>;
    expect(numbers.find((n) => n.id === phoneId)?.callback).toBe(`${baseUrl}/api/${region}/agent/agents/${agentId}/wa-webhook`);

    const written = await fetch(`${metaSandbox}/sandbox/whatsapp/${phoneId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+15550009999', text: 'Hi on WhatsApp' }),
    });
    expect((await written.json()).delivery).toMatchObject({ status: 200 });
    const inbound = (await recordsOf(TOPICS.channelInboundMessages.name)).filter((record) => record.key === `${agentId}:${phoneId}:15550009999`);
    expect(inbound).toHaveLength(1);

    const test = page.getByTestId('whatsapp-test-message');
    await test.getByTestId('whatsapp-test-send').click();
    await test.getByText('Please provide a valid phone number and ensure the ID is reachable.').waitFor();
    await test.getByTestId('whatsapp-test-phone').fill('15550009999');
    await test.getByTestId('whatsapp-test-send').click();
    await test.getByText('Please include the country code in the phone number.').waitFor();
    await test.getByTestId('whatsapp-test-phone').fill('+15550009999');
    await test.getByTestId('whatsapp-test-send').click();
    await test.getByText('Please enter a message to send.').waitFor();
    await test.getByTestId('whatsapp-test-text').fill('Test from the Channels tab');
    await test.getByTestId('whatsapp-test-send').click();
    await page.getByText('Message sent successfully').first().waitFor();
    expect(await trackedEvents(page)).toContain('whatsapp_channel_added');
    await screenshot(page, 'channels-whatsapp-connected');
    // The user's message, the agent's answer to it (sent back through the Cloud API) and the test message.
    const chat = await waitFor(async () => {
      const { messages } = (await (await fetch(`${metaSandbox}/sandbox/whatsapp/${phoneId}/chats/15550009999`)).json()) as { messages: Array<{ from: string; text: string }> };
      return messages.length >= 3 ? messages : undefined;
    }, 60_000, 500);
    expect(chat.map((m) => m.text)).toEqual(expect.arrayContaining(['Hi on WhatsApp', 'Test from the Channels tab']));
    expect(chat).toHaveLength(3);
    expect(chat.filter((m) => m.text !== 'Hi on WhatsApp' && m.text !== 'Test from the Channels tab')[0]!.text).toContain('Hi on WhatsApp');
  });

  it('Messenger: three steps, the page picker shows the subscription, the page connects and its signed messages are queued', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/channels?channel=messenger`);
    await page.getByTestId('channel-settings-messenger').waitFor();
    const pageId = await connectSandboxMetaPage(page, async (picker) => {
      await picker.getByRole('button', { name: 'Choose another page' }).click();
      await picker.getByText('Sandbox Books').waitFor();
      await picker.getByText(SANDBOX_META_PAGE).click();
    });
    await page.getByTestId('channel-badge-instagram').getByText('Active').waitFor();
    await screenshot(page, 'channels-messenger-connected');
    expect(await trackedEvents(page)).toContain('messenger_channel_added');
    const pageConnections = (await recordsOf(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId).map((record) => JSON.parse(record.value).data);
    expect(pageConnections.filter((data) => data.channelType === 'messenger' || data.channelType === 'instagram')).toHaveLength(2);
    connectedPageId = pageId;
    const written = await fetch(`${metaSandbox}/sandbox/messenger/${pageId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '4455', text: 'Hello page' }),
    });
    expect((await written.json()).delivery).toMatchObject({ status: 200 });
    const inbound = (await recordsOf(TOPICS.channelInboundMessages.name)).filter((record) => record.key === `${agentId}:${pageId}:4455`);
    expect(inbound).toHaveLength(1);
    expect(JSON.parse(inbound[0]!.value).data).toMatchObject({ channelType: 'messenger', text: 'Hello page' });
  });

  it('the Meta Pages and WhatsApp pages list what the agents answer on', async () => {
    await page.goto(`/app/${region}/meta-pages`);
    await page.getByTestId(`meta-pages-row-${connectedPageId}`).getByText(SANDBOX_META_PAGE).waitFor();
    await page.getByTestId(`meta-pages-row-${connectedPageId}`).getByText('Telegram helper').waitFor();
    await screenshot(page, 'channels-meta-pages-page');
    await page.goto(`/app/${region}/whatsapp-numbers`);
    await page.getByTestId(`whatsapp-numbers-row-${connectedPhoneId}`).getByText('CONNECTED').waitFor();
    await page.getByTestId(`whatsapp-numbers-row-${connectedPhoneId}`).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Number removed successfully').first().waitFor();
    await page.getByText('No number is connected yet', { exact: false }).waitFor();
  });

  it('Discord: two steps, then the form refuses empty fields; Google Business and Email are disabled', async () => {
    await page.goto(`/app/${region}/agents/${agentId}/channels?channel=discord`);
    await page.getByTestId('channel-settings-discord').getByText('Manage Server', { exact: false }).waitFor();
    await page.getByTestId('discord-next').click();
    await page.getByTestId('discord-next').click();
    await page.getByTestId('discord-save').click();
    await page.getByTestId('discord-error').getByText('Please fill out all fields.').waitFor();
    await screenshot(page, 'channels-discord-empty');
    // Google Business Chat is deprecated and Email coming soon: both cards disabled, the Coming Soon badge whole
    for (const channel of ['googleBusiness', 'email']) expect(await page.getByTestId(`channel-card-${channel}`).getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    const badge = page.getByTestId('channel-badge-email');
    expect(await badge.textContent()).toBe('Coming Soon');
    expect(await badge.evaluate((element) => [element, ...element.querySelectorAll('*')].every((node) => node.scrollWidth <= node.clientWidth))).toBe(true);
  });

  it("Discord: a sandbox channel connected with its webhook; a user's message on the sandbox page reaches the agent over the bot's Gateway, the answer lands in that channel and in Chats", async () => {
    const channelId = String(1_200_000_000_000_000_000n + BigInt(Date.now()));
    const question = 'Hello from Discord: are you open on Sunday?';
    const sandboxPage = await browser.newPage();
    await sandboxPage.goto(`${discordSandbox}/`);
    // the platform's channels service holds the bot's one Gateway session
    await sandboxPage.getByTestId('gateway-status').getByText('The bot is on the Gateway', { exact: false }).waitFor();
    await sandboxPage.fill('#channel', channelId);
    await sandboxPage.getByRole('button', { name: 'Create a webhook' }).click();
    await sandboxPage.getByTestId('webhook-url').getByText('/api/webhooks/', { exact: false }).waitFor();
    const webhookUrl = (await sandboxPage.getByTestId('webhook-url').textContent())!;

    await page.goto(`/app/${region}/agents/${agentId}/channels?channel=discord`);
    await page.getByTestId('discord-next').click();
    await page.getByTestId('discord-next').click();
    await page.getByTestId('discord-channel-id').fill(channelId);
    await page.getByTestId('discord-webhook-url').fill(webhookUrl);
    await page.getByTestId('discord-save').click();
    await page.getByText('Discord channel saved successfully').first().waitFor();
    await page.getByTestId('channel-badge-discord').getByText('Active').waitFor();
    await page.getByTestId('channel-settings-discord').getByText(`Channel ${channelId}`).waitFor();
    await screenshot(page, 'channels-discord-connected');

    await sandboxPage.fill('#text', question);
    await sandboxPage.getByRole('button', { name: 'Send' }).click();
    await sandboxPage.getByTestId('send-status').getByText('Sent: dispatched to the bot', { exact: false }).waitFor();
    // the agent's answer, posted to the channel's webhook, shows in the channel the question came from
    const answer = sandboxPage.getByTestId('transcript').locator('.m.bot span');
    await answer.first().waitFor({ timeout: 60_000 });
    const answerText = (await answer.first().textContent())!;
    await screenshot(sandboxPage, 'channels-discord-sandbox-page');
    const posted = (await (await fetch(`${discordSandbox}/sandbox/channels/${channelId}/messages`)).json()) as Array<{ content: string; webhook_id?: string }>;
    expect(posted.map((message) => [message.content, Boolean(message.webhook_id)])).toEqual([
      [question, false],
      [answerText, true],
    ]);
    const inbound = (await recordsOf(TOPICS.channelInboundMessages.name)).filter((record) => record.value.includes(question));
    expect(inbound).toHaveLength(1);
    expect(JSON.parse(inbound[0]!.value).data).toMatchObject({ channelType: 'discord', senderId: '424242424242424242', text: question });
    // the agent's own answer came back over the Gateway too, and was not taken for a question
    expect((await recordsOf(TOPICS.channelInboundMessages.name)).filter((record) => record.value.includes('"channelType":"discord"'))).toHaveLength(1);
    await sandboxPage.close();

    await page.goto(`/app/${region}/agents/${agentId}/convos`);
    await page.getByTestId('conversation-item').filter({ hasText: 'Discord' }).click();
    await page.getByTestId('conversation-transcript').getByText(question, { exact: true }).waitFor();
    await page.getByTestId('conversation-transcript').getByText(answerText, { exact: true }).waitFor();
    await screenshot(page, 'channels-discord-conversation');
  });
});
