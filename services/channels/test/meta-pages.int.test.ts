import { createHmac } from 'node:crypto';
import { MESSAGES, TOPICS, makeEvent, type SocialPage } from '@platform/contracts';
import { readTopicWithKcat, someone, waitFor } from '@platform/test-support';
import { agentOfSomeone } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

const messages = MESSAGES.channels;
const userToken = () => `EAA${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.padEnd(30, 'z');

async function personWrites(h: ChannelsHarness, kind: 'messenger' | 'instagram', id: string, from: string, text: string) {
  const res = await fetch(`${h.meta.url}/sandbox/${kind}/${id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from, text }) });
  return (await res.json()) as { mid: string; delivery: { status: number } | null };
}

describe('Messenger and Instagram, against the Graph sandbox, FerretDB and Kafka', () => {
  let h: ChannelsHarness;
  beforeAll(async () => {
    h = await startChannels();
  });
  afterAll(async () => {
    await h.close();
  });

  it("lists the user's pages, checks the subscription, connects a page with its Instagram account and removes it, with the spec's notices", async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const listed = await h.as(person).post('/procedures/tokenToPages', { token: userToken() }).expect(200);
    const [bakery, books] = listed.body.data as SocialPage[];
    expect(bakery).toMatchObject({ name: 'Sandbox Bakery', connectedIgPage: { username: 'sandbox.bakery' } });
    expect(books!.connectedIgPage).toBeUndefined();
    expect((await h.as(person).post('/procedures/checkPageSubscriptions', { token: bakery!.accessToken }).expect(200)).body).toEqual({ success: true, subscribed: false });

    const connected = await h.as(person).post('/procedures/connectMetaPage', { agentId, selectedPage: bakery }).expect(200);
    expect(connected.body).toEqual({ success: true, message: messages.pageConnected });
    expect((await h.as(person).post('/procedures/checkPageSubscriptions', { token: bakery!.accessToken }).expect(200)).body.subscribed).toBe(true);
    const channels = await h.as(person).get(`/v2/agents/${agentId}/channels`).expect(200);
    expect(channels.body.data.metaPages).toEqual([{ agentId, pageId: bakery!.id, pageName: 'Sandbox Bakery', igPageName: 'sandbox.bakery', igPageId: bakery!.connectedIgPage!.id }]);
    expect(JSON.stringify(await h.agentService.mongo.collection('eu', 'metaPages').findOne({ _id: bakery!.id } as never))).not.toContain(bakery!.accessToken);

    const events = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.newChannelConnection.name)).filter((record) => record.key === agentId);
      return mine.length >= 2 ? mine : undefined;
    }, 60_000, 500);
    expect(events.map((e) => JSON.parse(e.value).data.channelType).sort()).toEqual(['instagram', 'messenger']);
    expect(JSON.parse(events[0]!.value)).toMatchObject({ workspaceId, data: { agentId, channelId: bakery!.id } });

    const workspacePages = await h.as(person).get(`/v2/workspaces/${workspaceId}/channels`).expect(200);
    expect(workspacePages.body.data).toMatchObject({ agents: [{ ID: agentId, title: 'Channel bot' }], metaPages: [{ agentId, pageId: bakery!.id }], waNumbers: [] });
    await h.as(someone('stranger')).get(`/v2/workspaces/${workspaceId}/channels`).expect(403);

    await h.as(someone('stranger')).post('/procedures/removeMetaPage', { agentId, pageId: bakery!.id }).expect(403);
    expect((await h.as(person).post('/procedures/removeMetaPage', { agentId, pageId: bakery!.id }).expect(200)).body).toEqual({ success: true, message: messages.pageRemoved });
    expect((await h.as(person).post('/procedures/removeMetaPage', { agentId, pageId: bakery!.id }).expect(404)).body).toEqual({ success: false, message: messages.pageRemoveFailed });
    expect((await h.as(person).post('/procedures/checkPageSubscriptions', { token: bakery!.accessToken }).expect(200)).body.subscribed).toBe(false);
  });

  it("tells Meta's refusal: 'Failed to connect the page. {message}'", async () => {
    const { person, agentId } = await agentOfSomeone(h);
    const page = { id: '1234567890', name: 'Not mine', accessToken: 'EAAPnotapagetokenofthispage0000' };
    const res = await h.as(person).post('/procedures/connectMetaPage', { agentId, selectedPage: page }).expect(400);
    expect(res.body.message).toMatch(/^Failed to connect the page\. /);
  });

  it('queues signed Messenger and Instagram messages for the page agent, refuses a bad signature, and replies through the Send API once', async () => {
    const { person, agentId, workspaceId } = await agentOfSomeone(h);
    const [bakery] = (await h.as(person).post('/procedures/tokenToPages', { token: userToken() }).expect(200)).body.data as SocialPage[];
    await h.as(person).post('/procedures/connectMetaPage', { agentId, selectedPage: bakery }).expect(200);

    const viaMessenger = await personWrites(h, 'messenger', bakery!.id, '7001', 'Is the shop open?');
    expect(viaMessenger.delivery).toMatchObject({ status: 200 });
    const viaInstagram = await personWrites(h, 'instagram', bakery!.connectedIgPage!.id, '9001', 'Do you bake vegan?');
    expect(viaInstagram.delivery).toMatchObject({ status: 200 });
    const records = (await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`));
    // Two conversations, two keys: their order across partitions is not defined.
    expect(records.map((r) => [r.key, JSON.parse(r.value).data.channelType, JSON.parse(r.value).data.text]).sort()).toEqual([
      [`${agentId}:${bakery!.id}:7001`, 'messenger', 'Is the shop open?'],
      [`${agentId}:${bakery!.id}:9001`, 'instagram', 'Do you bake vegan?'],
    ]);

    const forged = { object: 'page', entry: [{ id: bakery!.id, messaging: [{ sender: { id: '666' }, message: { mid: 'm_forged', text: 'forged' } }] }] };
    const wrong = `sha256=${createHmac('sha256', 'not-the-app-secret').update(JSON.stringify(forged)).digest('hex')}`;
    await h.as({ kind: 'anonymous' }).post('/meta-webhook', forged).set('x-hub-signature-256', wrong).expect(401);
    expect((await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key.startsWith(`${agentId}:`))).toHaveLength(2);

    const data = { agentId, channelType: 'messenger' as const, channelId: bakery!.id, recipientId: '7001', inReplyTo: viaMessenger.mid, conversationId: 'c', text: 'Open until six.' };
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    await h.replies.send(makeEvent('channel.reply-requested', { region: 'eu', workspaceId, data }));
    const chat = (await (await fetch(`${h.meta.url}/sandbox/pages/${bakery!.id}/chats/7001`)).json()) as { messages: Array<{ from: string; text: string }> };
    expect(chat.messages.map((m) => [m.from, m.text])).toEqual([
      ['person', 'Is the shop open?'],
      ['page', 'Open until six.'],
    ]);
  });
});
