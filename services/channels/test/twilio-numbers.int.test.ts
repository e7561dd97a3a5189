import path from 'node:path';
import { TWILIO_MESSAGES, newAgentDraft, twilioVoiceWebhookUrl } from '@platform/contracts';
import { someone } from '@platform/test-support';
import { spawnSandbox, type RunningSandbox } from '../../../infra/sandboxes/telegram/test/spawn-sandbox';
import { twilioSignature } from '../src/domain/telephony';
import { agentOfSomeone } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

const PLATFORM_SID = 'AC0000000000000000000000000000test';
const PLATFORM_TOKEN = 'platform-test-auth-token';

describe('Twilio numbers against the Twilio sandbox, FerretDB and the agent service', () => {
  let h: ChannelsHarness;
  let twilio: RunningSandbox;
  /** the workspace plan's twilioPhoneNumberSlots, as billing would publish it */
  let slots = 1;
  const twilioAuth = `Basic ${Buffer.from(`${PLATFORM_SID}:${PLATFORM_TOKEN}`).toString('base64')}`;
  const onTwilio = async (sid: string) => (await fetch(`${twilio.url}/2010-04-01/Accounts/${PLATFORM_SID}/IncomingPhoneNumbers/${sid}.json`, { headers: { authorization: twilioAuth } })) as Response;

  beforeAll(async () => {
    twilio = await spawnSandbox(path.resolve(__dirname, '../../../infra/sandboxes/twilio/server.js'), ['--account', `${PLATFORM_SID}:${PLATFORM_TOKEN}`]);
    h = await startChannels({ config: { twilioApiBase: twilio.url, twilioAccountSid: PLATFORM_SID, twilioAuthToken: PLATFORM_TOKEN }, telephony: { slots: async () => slots } });
  });
  afterAll(async () => {
    await h.close();
    await twilio.stop();
  });

  function search(person: ReturnType<typeof someone>, workspaceId: string, query: string) {
    return h.as(person).get(`/v2/workspaces/${workspaceId}/twilio-numbers/available?${query}`);
  }

  it('searches, buys within the slots, refuses past them, lists with the slots used', async () => {
    const { person, workspaceId } = await agentOfSomeone(h);
    slots = 1;
    const found = await search(person, workspaceId, 'country=US&areaCode=415').expect(200);
    expect(found.body.data.length).toBeGreaterThan(1);
    expect(found.body.data.every((n: { phoneNumber: string }) => n.phoneNumber.startsWith('+1415'))).toBe(true);
    const [first, second] = found.body.data as Array<{ phoneNumber: string }>;

    const bought = await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: first!.phoneNumber }).expect(201);
    expect(bought.body).toMatchObject({ success: true, message: TWILIO_MESSAGES.numberBought(first!.phoneNumber), data: { phoneNumber: first!.phoneNumber, source: 'bought', agentId: null, workspaceId } });
    expect(bought.body.data.sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect((await onTwilio(bought.body.data.sid)).status).toBe(200);

    const over = await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: second!.phoneNumber }).expect(402);
    expect(over.body).toMatchObject({ success: false, message: TWILIO_MESSAGES.slotsExhausted(1) });

    const listed = await h.as(person).get(`/v2/workspaces/${workspaceId}/twilio-numbers`).expect(200);
    expect(listed.body.data.slots).toEqual({ used: 1, total: 1 });
    expect(listed.body.data.numbers.map((n: { phoneNumber: string }) => n.phoneNumber)).toEqual([first!.phoneNumber]);
    // a number bought is no longer offered
    const again = await search(person, workspaceId, `country=US&contains=${first!.phoneNumber.slice(2)}`).expect(200);
    expect(again.body.data).toEqual([]);
  });

  it('tells a number without its country code, and a number someone else bought', async () => {
    const { person, workspaceId } = await agentOfSomeone(h);
    slots = 5;
    const bad = await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: '4155550142' }).expect(400);
    expect(bad.body).toEqual({ success: false, message: 'Please include the country code in the phone number.' });
    const other = await agentOfSomeone(h);
    const { body } = await search(other.person, other.workspaceId, 'country=US&areaCode=212').expect(200);
    await h.as(other.person).post(`/v2/workspaces/${other.workspaceId}/twilio-numbers`, { phoneNumber: body.data[0].phoneNumber }).expect(201);
    const taken = await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: body.data[0].phoneNumber }).expect(400);
    expect(taken.body.message).toBe(TWILIO_MESSAGES.numberUnavailable);
  });

  it("imports a number of the workspace's own account; a wrong token is refused and the token is never returned", async () => {
    const { person, workspaceId } = await agentOfSomeone(h);
    const account = (await (await fetch(`${twilio.url}/sandbox/accounts`, { method: 'POST' })).json()) as { sid: string; authToken: string; phoneNumber: string };
    const wrong = await h
      .as(person)
      .post(`/v2/workspaces/${workspaceId}/twilio-numbers/import`, { accountSid: account.sid, authToken: 'f'.repeat(32), phoneNumber: account.phoneNumber })
      .expect(400);
    expect(wrong.body).toEqual({ success: false, message: TWILIO_MESSAGES.twilioCredentialsRefused });
    const notTheirs = await h
      .as(person)
      .post(`/v2/workspaces/${workspaceId}/twilio-numbers/import`, { accountSid: account.sid, authToken: account.authToken, phoneNumber: '+14155559999' })
      .expect(400);
    expect(notTheirs.body.message).toBe(TWILIO_MESSAGES.numberNotOnAccount('+14155559999'));
    const imported = await h
      .as(person)
      .post(`/v2/workspaces/${workspaceId}/twilio-numbers/import`, { accountSid: account.sid, authToken: account.authToken, phoneNumber: account.phoneNumber })
      .expect(201);
    expect(imported.body.data).toMatchObject({ phoneNumber: account.phoneNumber, source: 'imported' });
    const listed = await h.as(person).get(`/v2/workspaces/${workspaceId}/twilio-numbers`).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(account.authToken);
    // imported numbers use the workspace's own account: no slot
    expect(listed.body.data.slots.used).toBe(0);
    const stored = await h.agentService.mongo.collection('eu', 'twilioNumbers').findOne({ _id: imported.body.data.id } as never);
    expect(String(stored!.authToken)).toMatch(/^enc:v1:/);
  });

  it("assigns to an agent of the workspace (VoiceUrl set), a call is answered with the agent's greeting, unassign and release", async () => {
    const { person, workspaceId } = await agentOfSomeone(h);
    const voiceAgent = { ...newAgentDraft({ title: 'Front desk', ownerID: workspaceId }), vg_initMessages: ['Thanks for calling Acme & Co.', 'How can I help?'] };
    await h.agentService.as(person).post(`/v2/agents/${voiceAgent.ID}`, voiceAgent).expect(200);
    const agentId = voiceAgent.ID;
    slots = 1;
    const { body } = await search(person, workspaceId, 'country=US&areaCode=312').expect(200);
    const bought = (await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: body.data[0].phoneNumber }).expect(201)).body.data;
    const stranger = await agentOfSomeone(h);
    const refused = await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers/${bought.id}/agent`, { agentId: stranger.agentId }).expect(400);
    expect(refused.body.message).toBe(TWILIO_MESSAGES.agentNotInWorkspace);

    const assigned = await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers/${bought.id}/agent`, { agentId }).expect(200);
    expect(assigned.body).toMatchObject({ success: true, message: TWILIO_MESSAGES.numberAssigned, data: { agentId } });
    const voiceUrl = twilioVoiceWebhookUrl(h.config.publicApiUrl, 'eu', bought.id);
    expect(((await (await onTwilio(bought.sid)).json()) as { voice_url: string }).voice_url).toBe(voiceUrl);

    const call = (await (await fetch(`${twilio.url}/sandbox/calls`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: bought.phoneNumber }) })).json()) as { status: string; twiml: string };
    expect(call.status).toBe('completed');
    expect(call.twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>Thanks for calling Acme &amp; Co.</Say><Say>How can I help?</Say><Hangup/></Response>');

    await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers/${bought.id}/agent`, { agentId: null }).expect(200);
    expect(((await (await onTwilio(bought.sid)).json()) as { voice_url: string }).voice_url).toBe('');

    const released = await h.as(person).delete(`/v2/workspaces/${workspaceId}/twilio-numbers/${bought.id}`).expect(200);
    expect(released.body.message).toBe(TWILIO_MESSAGES.numberReleased(bought.phoneNumber));
    expect((await onTwilio(bought.sid)).status).toBe(404);
    const listed = await h.as(person).get(`/v2/workspaces/${workspaceId}/twilio-numbers`).expect(200);
    expect(listed.body.data).toMatchObject({ numbers: [], slots: { used: 0, total: 1 } });
  });

  it('the voice webhook: a wrong signature is 401, a right one on an unassigned number says goodbye', async () => {
    const { person, workspaceId } = await agentOfSomeone(h);
    slots = 1;
    const { body } = await search(person, workspaceId, 'country=GB').expect(200);
    const bought = (await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: body.data[0].phoneNumber }).expect(201)).body.data;
    const url = twilioVoiceWebhookUrl(h.config.publicApiUrl, 'eu', bought.id);
    const params = { CallSid: 'CA0123', From: '+15005550006', To: bought.phoneNumber, AccountSid: PLATFORM_SID };
    const form = new URLSearchParams(params).toString();
    const post = (signature: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: form });

    const wrong = await post(twilioSignature('not-the-token', url, params));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ success: false, message: TWILIO_MESSAGES.signatureInvalid });
    const tampered = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(PLATFORM_TOKEN, url, params) }, body: `${form}&Digits=1` });
    expect(tampered.status).toBe(401);

    const right = await post(twilioSignature(PLATFORM_TOKEN, url, params));
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await right.text()).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${TWILIO_MESSAGES.unassignedCall}</Say><Hangup/></Response>`);
  });

  it('another workspace cannot list, assign or release the numbers', async () => {
    const { person, workspaceId } = await agentOfSomeone(h);
    slots = 1;
    const { body } = await search(person, workspaceId, 'country=CA').expect(200);
    const bought = (await h.as(person).post(`/v2/workspaces/${workspaceId}/twilio-numbers`, { phoneNumber: body.data[0].phoneNumber }).expect(201)).body.data;
    const other = await agentOfSomeone(h);
    await h.as(other.person).get(`/v2/workspaces/${workspaceId}/twilio-numbers`).expect(403);
    await h.as(other.person).post(`/v2/workspaces/${workspaceId}/twilio-numbers/${bought.id}/agent`, { agentId: other.agentId }).expect(403);
    await h.as(other.person).delete(`/v2/workspaces/${workspaceId}/twilio-numbers/${bought.id}`).expect(403);
    // naming the number under their own workspace finds nothing
    await h.as(other.person).delete(`/v2/workspaces/${other.workspaceId}/twilio-numbers/${bought.id}`).expect(404);
    expect((await onTwilio(bought.sid)).status).toBe(200);
  });
});
