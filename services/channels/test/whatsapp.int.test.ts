import { createHmac } from 'node:crypto';
import { MESSAGES, TOPICS, channelConversationKey, makeEvent, type EventEnvelope } from '@platform/contracts';
import { readTopicWithKcat, someone, waitFor } from '@platform/test-support';
import { agentOfSomeone } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

const messages = MESSAGES.channels;
const userToken = () => `EAA${Math.random().toString(36).slice(2).padEnd(24, 'x')}`;
const wabaOf = () => String(100_000_000_000_000 + Math.floor(Math.random() * 800_000_000_000_000));

async function sandboxPost<T>(h: ChannelsHarness, path: string, body: object): Promise<T> {
  return (await (await fetch(`${h.meta.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as T;
}

describe('WhatsApp, New Method, against the Graph sandbox, FerretDB and Kafka', () => {
  let h: ChannelsHarness;
  beforeAll(async () => {
    h = await startChannels();
  });
  afterAll(async () => {
    await h.close();
  });

  /** An agent with the first number of a fresh WhatsApp Business account connected. */
  async function connectedNumber() {
    const owner = await agentOfSomeone(h);
    const { body } = await h.as(owner.person).post('/procedures/exchangeMetaToken', { token: userToken() }).expect(200);
    const longAccessToken = body.longer_access_token as string;
    const wabaId = wabaOf();
    const details = await h.as(owner.person).post('/procedures/getDetailsOfWhatsappNumber', { wabaId, longAccessToken }).expect(200);
    const number = details.body.data[0] as { id: string; display_phone_number: string; status: string };
    expect(number.status).toBe('PENDING');
    const connected = await h
      .as(owner.person)
      .post('/procedures/connectWhatsappNumber', { agentId: owner.agentId, longAccessToken, wabaId, phoneId: number.id, phoneNumber: number.display_phone_number })
      .expect(200);
    expect(connected.body).toEqual({
      success: true,
      message: 'Number is connected successfully',
      newAddedNumber: { agentId: owner.agentId, wabaId, phoneId: number.id, phoneNumber: number.display_phone_number },
    });
    return { ...owner, longAccessToken, wabaId, phoneId: number.id, phoneNumber: number.display_phone_number };
  }

  it('exchanges the signup token, and tells a refused one', async () => {
    const { person } = await agentOfSomeone(h);
    const good = await h.as(person).post('/procedures/exchangeMetaToken', { token: 'EAAabcdefghijklmnopqrstuvwxyz' }).expect(200);
    expect(good.body).toEqual({ success: true, longer_access_token: 'EAALabcdefghijklmnopqrstuvwxyz' });
    const bad = await h.as(person).post('/procedures/exchangeMetaToken', { token: 'not-a-token' }).expect(400);
    expect(bad.body).toEqual({ success: false, message: 'Failed to exchange Meta token' });
  });

  it('getLongAccessToken answers the long-lived token as access_token, with the same validation and refusal', async () => {
    const { person } = await agentOfSomeone(h);
    const good = await h.as(person).post('/procedures/getLongAccessToken', { token: 'EAAabcdefghijklmnopqrstuvwxyz' }).expect(200);
    expect(good.body).toEqual({ success: true, access_token: 'EAALabcdefghijklmnopqrstuvwxyz' });
    const refused = await h.as(person).post('/procedures/getLongAccessToken', { token: 'not-a-token' }).expect(400);
    expect(refused.body).toEqual({ success: false, message: 'Failed to exchange Meta token' });
    expect((await h.as(person).post('/procedures/getLongAccessToken', {}).expect(400)).body.success).toBe(false);
    await h.as({ kind: 'anonymous' }).post('/procedures/getLongAccessToken', { token: 'EAAabcdefghijklmnopqrstuvwxyz' }).expect(401);
  });

  it('connects a number: PENDING then CONNECTED, the webhook verified by Meta, one new-channel-connection', async () => {
    const { person, agentId, workspaceId, longAccessToken, wabaId, phoneId } = await connectedNumber();
    const details = await h.as(person).post('/procedures/getDetailsOfWhatsappNumber', { wabaId, longAccessToken }).expect(200);
    expect(details.body.data.map((n: { id: string; status: string }) => [n.id, n.status])).toEqual([
      [phoneId, 'CONNECTED'],
      [`${wabaId}02`, 'PENDING'],
    ]);
    const numbers = (await (await fetch(`${h.meta.url}/sandbox/whatsapp/numbers`)).json()) as Array<{ id: string; callback: string }>;
    expect(numbers.find((n) => n.id === phoneId)!.callback).toBe(`${h.config.publicApiUrl}/eu/agent/agents/${agentId}/wa-webhook`);
    const listed = await h.as(person).post('/procedures/getWhatsappNumbers', { agentId }).expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ phoneId, wabaId })]);
    expect(JSON.stringify(await h.agentService.mongo.collection('eu', 'waNumbers').findOne({ _id: phoneId } as never))).not.toContain(longAccessToken);

    const events = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId);
      return mine.length ? mine : undefined;
    }, 60_000, 500);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.value)).toMatchObject({ workspaceId, data: { agentId, agentType: 'vg', channelId: phoneId, channelType: 'whatsapp' } });

    await h.as(person).post('/procedures/removeWhatsappNumber', { agentId, phoneId }).expect(200, { success: true, message: 'Number removed successfully' });
    expect((await h.as(person).post('/procedures/getWhatsappNumbers', { agentId }).expect(200)).body.data).toEqual([]);
  });

  it("a connection Meta refuses is 'Failed to connect {number}: {reason}', and the number stays PENDING", async () => {
    const owner = await agentOfSomeone(h);
    const longAccessToken = (await h.as(owner.person).post('/procedures/exchangeMetaToken', { token: userToken() }).expect(200)).body.longer_access_token as string;
    const wabaId = wabaOf();
    const details = async () => (await h.as(owner.person).post('/procedures/getDetailsOfWhatsappNumber', { wabaId, longAccessToken }).expect(200)).body.data as Array<{ id: string; display_phone_number: string; status: string }>;
    const [number] = await details();
    // Meta does not know the number id it is asked to register
    const refused = await h
      .as(owner.person)
      .post('/procedures/connectWhatsappNumber', { agentId: owner.agentId, longAccessToken, wabaId, phoneId: `${wabaId}99`, phoneNumber: number!.display_phone_number })
      .expect(400);
    expect(refused.body.message).toMatch(new RegExp(`^Failed to connect ${number!.display_phone_number.replace(/[+]/g, '\\+')}: .+`));
    expect((await details()).find((n) => n.id === number!.id)?.status).toBe('PENDING');
    expect((await h.as(owner.person).post('/procedures/getWhatsappNumbers', { agentId: owner.agentId }).expect(200)).body.data).toEqual([]);
  });

  it("answers Meta's verification handshake only with the agent id", async () => {
    const { agentId } = await agentOfSomeone(h);
    const anonymous = h.as({ kind: 'anonymous' });
    const ok = await anonymous.get(`/agents/${agentId}/wa-webhook?hub.mode=subscribe&hub.verify_token=${agentId}&hub.challenge=1158201444`).expect(200);
    expect(ok.text).toBe('1158201444');
    await anonymous.get(`/agents/${agentId}/wa-webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`).expect(403);
  });

  it('queues a signed message before acknowledging it; a wrong or missing signature is 401 and queues nothing', async () => {
    const { agentId, phoneId } = await connectedNumber();
    const written = await sandboxPost<{ delivery: { status: number }; message: { id: string } }>(h, `/sandbox/whatsapp/${phoneId}/messages`, { from: '+1 555 000 1111', text: 'Do you deliver?' });
    expect(written.delivery).toMatchObject({ status: 200 });
    const records = (await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`));
    expect(records.map((r) => r.key)).toEqual([channelConversationKey({ agentId, channelId: phoneId, senderId: '15550001111' })]);
    expect((JSON.parse(records[0]!.value) as EventEnvelope).data).toMatchObject({ channelType: 'whatsapp', text: 'Do you deliver?', externalMessageId: written.message.id });

    const forged = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneId }, messages: [{ from: '1666', id: 'wamid.forged', type: 'text', text: { body: 'forged' } }] } }] }],
    });
    const anonymous = h.as({ kind: 'anonymous' });
    const wrong = `sha256=${createHmac('sha256', 'not-the-app-secret').update(forged).digest('hex')}`;
    await anonymous.post(`/agents/${agentId}/wa-webhook`, JSON.parse(forged)).set('x-hub-signature-256', wrong).expect(401, { success: false, message: 'Invalid webhook signature' });
    await anonymous.post(`/agents/${agentId}/wa-webhook`, JSON.parse(forged)).expect(401);
    expect((await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`))).toHaveLength(1);
  });

  it('sends the test message within 24 hours of the customer writing, with the spec messages otherwise', async () => {
    const { person, agentId, phoneId } = await connectedNumber();
    const send = (body: object) => h.as(person).post('/procedures/sendWhatsappTestMessage', { agentId, ...body });
    expect((await send({ phone: '', phoneNumberId: phoneId, message: 'hi' }).expect(400)).body.message).toBe(messages.whatsappTestPhoneAndIdRequired);
    expect((await send({ phone: '15550002222', phoneNumberId: phoneId, message: 'hi' }).expect(400)).body.message).toBe(messages.whatsappTestCountryCode);
    expect((await send({ phone: '+15550002222', phoneNumberId: phoneId, message: '' }).expect(400)).body.message).toBe(messages.whatsappTestMessageRequired);
    expect((await send({ phone: '+15550002222', phoneNumberId: phoneId, message: 'hi' }).expect(400)).body.message).toBe('Failed to send message to +15550002222: (#131047) Re-engagement message');

    await sandboxPost(h, `/sandbox/whatsapp/${phoneId}/messages`, { from: '+15550002222', text: 'Hello' });
    await send({ phone: '+15550002222', phoneNumberId: phoneId, message: 'Test from the platform' }).expect(200);
    const chat = (await (await fetch(`${h.meta.url}/sandbox/whatsapp/${phoneId}/chats/15550002222`)).json()) as { messages: Array<{ from: string; text: string }> };
    expect(chat.messages.map((m) => [m.from, m.text])).toEqual([
      ['user', 'Hello'],
      ['business', 'Test from the platform'],
    ]);
    await h.as(someone('stranger')).post('/procedures/sendWhatsappTestMessage', { agentId, phone: '+15550002222', phoneNumberId: phoneId, message: 'x' }).expect(403);
  });

  it('sends a reply-requested through the Cloud API, once for a redelivered reply', async () => {
    const { agentId, workspaceId, phoneId } = await connectedNumber();
    const written = await sandboxPost<{ message: { id: string } }>(h, `/sandbox/whatsapp/${phoneId}/messages`, { from: '+15550003333', text: 'Opening hours?' });
    const data = { agentId, channelType: 'whatsapp' as const, channelId: phoneId, recipientId: '15550003333', inReplyTo: written.message.id, conversationId: 'c1', text: 'Nine to five.' };
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    const chat = (await (await fetch(`${h.meta.url}/sandbox/whatsapp/${phoneId}/chats/15550003333`)).json()) as { messages: Array<{ from: string; text: string }> };
    expect(chat.messages.filter((m) => m.from === 'business').map((m) => m.text)).toEqual(['Nine to five.']);
  });

  it("Legacy Method: Meta's handshake sets waVerifyPassed (a save cannot), then the number's messages are queued and answered with the agent's token", async () => {
    const { person, secret, agentId, workspaceId } = await agentOfSomeone(h);
    const wabaId = wabaOf();
    const phoneId = `${wabaId}01`;
    const token = userToken();
    const agentApi = h.agentService;
    const stored = async () => (await agentApi.as(person).get(`/v2/agents/${agentId}`).expect(200)).body.agent as { waVerifyPassed?: boolean };
    await agentApi.as(secret).post(`/v2/agents/${agentId}`, { whatsappToken: token, whatsappNumberId: phoneId, whatsappBusniessId: wabaId, waVerifyPassed: true }).expect(200);
    expect((await stored()).waVerifyPassed).toBeUndefined();

    // Before Meta verified the webhook, a signed message for the number is acknowledged and not queued.
    const early = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneId }, messages: [{ from: '1777', id: 'wamid.early', type: 'text', text: { body: 'too early' } }] } }] }],
    });
    const signature = `sha256=${createHmac('sha256', process.env.META_APP_SECRET!).update(early).digest('hex')}`;
    await h.as({ kind: 'anonymous' }).post(`/agents/${agentId}/wa-webhook`, JSON.parse(early)).set('x-hub-signature-256', signature).expect(200);

    // The person enters the agent's webhook in Meta, with the agent id as verify token: Meta's handshake verifies it.
    const callback = `${h.config.publicApiUrl}/eu/agent/agents/${agentId}/wa-webhook`;
    const subscribed = await sandboxPost<{ success?: boolean }>(h, `/v18.0/${wabaId}/subscribed_apps?access_token=${token}`, { override_callback_uri: callback, verify_token: agentId });
    expect(subscribed).toEqual({ success: true });
    expect((await stored()).waVerifyPassed).toBe(true);
    // A later save of the whole agent (the editor's draft predates the handshake) keeps it.
    const agent = (await agentApi.as(person).get(`/v2/agents/${agentId}`).expect(200)).body.agent;
    await agentApi.as(person).post(`/v2/agents/${agentId}`, { ...agent, waVerifyPassed: false, title: 'Renamed' }).expect(200);
    expect((await stored()).waVerifyPassed).toBe(true);

    const written = await sandboxPost<{ delivery: { status: number }; message: { id: string } }>(h, `/sandbox/whatsapp/${phoneId}/messages`, { from: '+1 555 000 4444', text: 'Legacy hello' });
    expect(written.delivery).toMatchObject({ status: 200 });
    const records = (await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`));
    expect(records.map((r) => (JSON.parse(r.value) as EventEnvelope<string, { text: string }>).data.text)).toEqual(['Legacy hello']);
    expect(JSON.parse(records[0]!.value)).toMatchObject({ workspaceId, data: { channelType: 'whatsapp', channelId: phoneId } });

    const data = { agentId, channelType: 'whatsapp' as const, channelId: phoneId, recipientId: '15550004444', inReplyTo: written.message.id, conversationId: 'c2', text: 'Legacy answer' };
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    const chat = (await (await fetch(`${h.meta.url}/sandbox/whatsapp/${phoneId}/chats/15550004444`)).json()) as { messages: Array<{ from: string; text: string }> };
    expect(chat.messages.map((m) => [m.from, m.text])).toEqual([
      ['user', 'Legacy hello'],
      ['business', 'Legacy answer'],
    ]);
  });

  it("a handshake for an unknown agent fails Meta's verification", async () => {
    const anonymous = h.as({ kind: 'anonymous' });
    const unknown = 'unknownAgent000000000';
    await anonymous.get(`/agents/${unknown}/wa-webhook?hub.mode=subscribe&hub.verify_token=${unknown}&hub.challenge=5`).expect(403, { success: false, message: 'Verification failed' });
  });

  it("creates a message template; a name that is not lowercase with underscores is 'Invalid template info'", async () => {
    const { person } = await agentOfSomeone(h);
    const template = { longAccessToken: userToken(), wabaId: wabaOf(), name: 'order_update', language: 'en_US', category: 'UTILITY', bodyText: 'Your order {{1}} has shipped.' };
    const created = await h.as(person).post('/procedures/createTemplate', template).expect(200);
    expect(created.body.data).toMatchObject({ status: 'PENDING' });
    expect((await h.as(person).post('/procedures/createTemplate', { ...template, name: 'Order Update' }).expect(400)).body).toEqual({ success: false, message: 'Invalid template info' });
    expect((await h.as(person).post('/procedures/createTemplate', { ...template, bodyText: undefined }).expect(400)).body.message).toBe('Invalid template info');
  });
});
