import { randomBytes } from 'node:crypto';
import { CAMPAIGN_MESSAGES } from '@platform/contracts';
import { someone } from '@platform/test-support';
import { agentOfSomeone } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

const userToken = () => `EAA${randomBytes(16).toString('hex')}`;
const wabaOf = () => String(100_000_000_000_000 + Math.floor(Math.random() * 800_000_000_000_000));
const phoneOf = () => `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const digits = (phone: string) => phone.replace(/\D/g, '');

describe('WhatsApp template campaigns, against the Graph sandbox and FerretDB (ADR 0043)', () => {
  let h: ChannelsHarness;
  beforeAll(async () => {
    h = await startChannels();
  });
  afterAll(async () => {
    await h.close();
  });

  /** Leads as the agent service finds them: phone numbers people left in recorded conversations. */
  async function seedLeads(agentId: string, workspaceId: string, phones: string[]) {
    const now = Date.now();
    if (!phones.length) return;
    await h.agentService.mongo.collection('eu', 'conversations').insertMany(
      phones.map((phone, i) => ({
        _id: randomBytes(12).toString('base64url'),
        agentId,
        workspaceId,
        channel: 'web',
        recorded: true,
        createdAt: now + i,
        updatedAt: now + i,
        messages: [{ role: 'user', content: `Call me on ${phone}`, ts: now + i }],
        leads: [{ phone, ts: now + i }],
        userMessages: 1,
        answeredMessageIds: [],
      })) as never[],
    );
  }

  /** An agent with a connected WhatsApp number, its leads, and an approved template. */
  async function campaignReady(leadCount = 2) {
    const owner = await agentOfSomeone(h);
    const longAccessToken = (await h.as(owner.person).post('/procedures/exchangeMetaToken', { token: userToken() }).expect(200)).body.longer_access_token;
    const wabaId = wabaOf();
    const phoneId = `${wabaId}01`;
    await h.as(owner.person).post('/procedures/getDetailsOfWhatsappNumber', { wabaId, longAccessToken }).expect(200);
    await h.as(owner.person).post('/procedures/connectWhatsappNumber', { agentId: owner.agentId, longAccessToken, wabaId, phoneId, phoneNumber: '+1 555-0101' }).expect(200);
    const phones = Array.from({ length: leadCount }, phoneOf);
    await seedLeads(owner.agentId, owner.workspaceId, phones);
    const api = h.as(owner.person);
    const base = `/v2/agents/${owner.agentId}`;
    await api.post(`${base}/campaign-templates`, { name: 'spring_offer', language: 'en_US', category: 'MARKETING', bodyText: 'Spring is here: 20% off this week.' }).expect(200);
    return { ...owner, api, base, phoneId, phones };
  }

  const chatOf = async (phoneId: string, phone: string) =>
    ((await (await fetch(`${h.meta.url}/sandbox/whatsapp/${phoneId}/chats/${digits(phone)}`)).json()) as { messages: Array<{ from: string; template?: string; text: string }> }).messages;

  it('without a connected WhatsApp number: the templates, a new template and a new campaign say so', async () => {
    const { person, agentId } = await agentOfSomeone(h);
    const base = `/v2/agents/${agentId}`;
    const noNumber = { success: false, message: CAMPAIGN_MESSAGES.noWhatsappNumber };
    expect((await h.as(person).get(`${base}/campaign-templates`).expect(400)).body).toEqual(noNumber);
    expect((await h.as(person).post(`${base}/campaign-templates`, { name: 'hello', language: 'en_US', bodyText: 'Hi' }).expect(400)).body).toEqual(noNumber);
    expect((await h.as(person).post(`${base}/campaigns`, { name: 'Spring', templateName: 'hello', templateLanguage: 'en_US', phones: ['+15550001111'] }).expect(400)).body).toEqual(noNumber);
    expect((await h.as(person).get(`${base}/campaigns`).expect(200)).body).toEqual({ success: true, data: [] });
  });

  it('creates a template in the number\'s account (never asking for a token), lists it approved; a bad one is Invalid template info', async () => {
    const { api, base } = await campaignReady(0);
    expect((await api.post(`${base}/campaign-templates`, { name: 'Spring Offer', language: 'en_US', bodyText: 'x' }).expect(400)).body).toEqual({ success: false, message: 'Invalid template info' });
    expect((await api.post(`${base}/campaign-templates`, { name: 'x', language: 'en_US', bodyText: 'x', longAccessToken: userToken(), wabaId: wabaOf() }).expect(400)).body.message).toBe('Invalid template info');
    const templates = (await api.get(`${base}/campaign-templates`).expect(200)).body.data;
    expect(templates).toEqual([expect.objectContaining({ name: 'spring_offer', language: 'en_US', category: 'MARKETING', status: 'APPROVED', bodyText: 'Spring is here: 20% off this week.' })]);
  });

  it('creates a campaign for two leads and sends the template to each once: 2 sent; a second send is refused', async () => {
    const { api, base, phoneId, phones } = await campaignReady(3);
    const request = { name: 'Spring', templateName: 'spring_offer', templateLanguage: 'en_US', phones: phones.slice(0, 2) };
    expect((await api.post(`${base}/campaigns`, { ...request, phones: [] }).expect(400)).body.message).toBe(CAMPAIGN_MESSAGES.recipientsRequired);
    expect((await api.post(`${base}/campaigns`, { ...request, name: ' ' }).expect(400)).body.message).toBe(CAMPAIGN_MESSAGES.nameRequired);
    expect((await api.post(`${base}/campaigns`, { ...request, templateName: 'autumn' }).expect(400)).body.message).toBe(CAMPAIGN_MESSAGES.unknownTemplate('autumn', 'en_US'));
    expect((await api.post(`${base}/campaigns`, { ...request, phones: ['+15559999999'] }).expect(400)).body.message).toBe(CAMPAIGN_MESSAGES.notALead('+15559999999'));

    const created = (await api.post(`${base}/campaigns`, request).expect(201)).body;
    expect(created).toMatchObject({ success: true, message: CAMPAIGN_MESSAGES.campaignCreated, data: { name: 'Spring', status: 'draft', sentCount: 0, failedCount: 0, phoneId } });
    expect(created.data.recipients).toEqual(phones.slice(0, 2).map((phone) => ({ phone, status: 'pending' })));

    const sent = (await api.post(`${base}/campaigns/${created.data.ID}/send`).expect(200)).body;
    expect(sent).toMatchObject({ message: CAMPAIGN_MESSAGES.campaignSent(2, 0), data: { status: 'sent', sentCount: 2, failedCount: 0 } });
    for (const phone of phones.slice(0, 2)) expect(await chatOf(phoneId, phone)).toEqual([expect.objectContaining({ from: 'business', template: 'spring_offer', text: 'Spring is here: 20% off this week.' })]);
    expect(await chatOf(phoneId, phones[2]!)).toEqual([]);

    expect((await api.post(`${base}/campaigns/${created.data.ID}/send`).expect(409)).body.message).toBe(CAMPAIGN_MESSAGES.alreadySent);
    expect((await api.get(`${base}/campaigns`).expect(200)).body.data).toEqual([expect.objectContaining({ ID: created.data.ID, status: 'sent', sentCount: 2 })]);
  });

  it('resumes a send whose sender stopped: the recipient handed to Meta is not sent again, the others once each', async () => {
    const { api, base, phoneId, phones } = await campaignReady(3);
    const { ID } = (await api.post(`${base}/campaigns`, { name: 'Resume', templateName: 'spring_offer', templateLanguage: 'en_US', phones }).expect(201)).body.data;
    const mongo = h.agentService.mongo;
    // the stopped sender: it held the campaign and had claimed the first recipient
    await mongo.collection('eu', 'whatsapp_campaign_recipients').updateOne({ _id: `${ID}:${digits(phones[0]!)}` } as never, { $set: { status: 'sending' } });
    await mongo.collection('eu', 'whatsapp_campaigns').updateOne({ _id: ID } as never, { $set: { status: 'sending', leaseUntil: new Date(Date.now() + 60_000) } });
    expect((await api.post(`${base}/campaigns/${ID}/send`).expect(409)).body.message).toBe(CAMPAIGN_MESSAGES.beingSent);

    await mongo.collection('eu', 'whatsapp_campaigns').updateOne({ _id: ID } as never, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    const resumed = (await api.post(`${base}/campaigns/${ID}/send`).expect(200)).body.data;
    expect(resumed).toMatchObject({ status: 'sent', sentCount: 2, failedCount: 1 });
    expect(resumed.recipients[0]).toEqual({ phone: phones[0], status: 'failed', error: CAMPAIGN_MESSAGES.interrupted });
    expect(await chatOf(phoneId, phones[0]!)).toEqual([]);
    for (const phone of phones.slice(1)) expect(await chatOf(phoneId, phone)).toHaveLength(1);
  });

  it("the service's sweep resumes a campaign whose sender stopped once its lease ran out, and leaves a held one alone", async () => {
    const { api, base, phoneId, phones } = await campaignReady(2);
    const { ID } = (await api.post(`${base}/campaigns`, { name: 'Sweep', templateName: 'spring_offer', templateLanguage: 'en_US', phones }).expect(201)).body.data;
    const campaigns = h.agentService.mongo.collection('eu', 'whatsapp_campaigns');
    await campaigns.updateOne({ _id: ID } as never, { $set: { status: 'sending', leaseUntil: new Date(Date.now() + 60_000) } });
    await h.campaigns.resumeAbandoned('eu');
    expect((await api.get(`${base}/campaigns`).expect(200)).body.data[0]).toMatchObject({ status: 'sending', sentCount: 0 });

    await campaigns.updateOne({ _id: ID } as never, { $set: { leaseUntil: new Date(Date.now() - 1) } });
    expect(await h.campaigns.resumeAbandoned('eu')).toBeGreaterThanOrEqual(1);
    expect((await api.get(`${base}/campaigns`).expect(200)).body.data[0]).toMatchObject({ status: 'sent', sentCount: 2 });
    for (const phone of phones) expect(await chatOf(phoneId, phone)).toHaveLength(1);
    expect(await campaigns.findOne({ _id: ID } as never)).not.toHaveProperty('leaseUntil');
  });

  it("another workspace's member reaches none of an agent's campaign routes", async () => {
    const { base } = await campaignReady(1);
    const stranger = h.as(someone('stranger'));
    await stranger.get(`${base}/campaigns`).expect(403);
    await stranger.get(`${base}/campaign-templates`).expect(403);
    await stranger.post(`${base}/campaign-templates`, { name: 'x', language: 'en_US', bodyText: 'x' }).expect(403);
    await stranger.post(`${base}/campaigns`, { name: 'x', templateName: 'spring_offer', templateLanguage: 'en_US', phones: ['+15550000000'] }).expect(403);
    await stranger.post(`${base}/campaigns/AAAAAAAAAAAAAAAAAAAA/send`).expect(403);
  });
});
