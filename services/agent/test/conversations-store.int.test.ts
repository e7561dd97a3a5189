import type { RegionalMongo } from '@platform/kit';
import { dropAll, freshMongo } from '@platform/test-support';
import type { ConversationRecord } from '../src/domain/conversation';
import { CONVERSATION_INDEXES, ConversationStore, type AnswerWrite } from '../src/store/conversations';

describe('conversation documents', () => {
  let mongo: RegionalMongo;
  beforeAll(async () => {
    mongo = await freshMongo();
    await mongo.ensureIndexes(CONVERSATION_INDEXES);
  });
  afterAll(() => dropAll(mongo));

  const conversation = { _id: 'conversation-cap', agentId: 'agent-1', workspaceId: 'ws-1', channel: 'telegram' as const, participantId: 'chat-1', recorded: true };
  const answer = (n: number, previous: ConversationRecord | null): AnswerWrite => ({
    conversation,
    messageId: `m${n}`,
    messages: [
      { role: 'user', content: `question ${n}`, ts: n, messageId: `m${n}` },
      { role: 'assistant', content: `answer ${n}`, ts: n },
    ],
    leads: [],
    countsAsMessage: true,
    at: 1_000 + n,
    events: [],
    previous,
  });

  it('keeps the newest messages and answered ids within the caps (on FerretDB too, which ignores $slice), and writes a message id once', async () => {
    const store = new ConversationStore(mongo, { messages: 4, answeredIds: 3, slack: 0 });
    for (let n = 1; n <= 4; n += 1) expect(await store.recordAnswer('eu', answer(n, await store.find('eu', conversation._id)))).toBe('written');
    expect(await store.recordAnswer('eu', answer(4, await store.find('eu', conversation._id)))).toBe('duplicate');
    const stored = (await store.find('eu', conversation._id))!;
    expect(stored.messages!.map((m) => m.content)).toEqual(['question 3', 'answer 3', 'question 4', 'answer 4']);
    expect(stored.answeredMessageIds).toEqual(['m2', 'm3', 'm4']);
    expect(stored).toMatchObject({ userMessages: 4, createdAt: 1_001, updatedAt: 1_004, channel: 'telegram', participantId: 'chat-1' });
  });

  it('grows up to its slack past a cap, then is cut back to the newest entries in one write', async () => {
    const store = new ConversationStore(mongo, { messages: 4, answeredIds: 3, slack: 4 });
    const slackConversation = { ...conversation, _id: 'conversation-slack' };
    const write = async (n: number) => store.recordAnswer('eu', { ...answer(n, await store.find('eu', slackConversation._id)), conversation: slackConversation });
    const contents = async () => (await store.find('eu', slackConversation._id))!.messages!.map((m) => m.content);
    for (let n = 1; n <= 4; n += 1) expect(await write(n)).toBe('written');
    // 8 messages and 4 ids: within 4 + 4 and 3 + 4 (MongoDB's $slice keeps them at the caps already)
    expect((await contents()).length).toBeLessThanOrEqual(8);
    expect(await write(5)).toBe('written');
    // 10 messages are past 4 + 4: cut to the newest 4; a cut keeps what a retry needs
    expect(await contents()).toEqual(['question 4', 'answer 4', 'question 5', 'answer 5']);
    expect((await store.find('eu', slackConversation._id))!.answeredMessageIds.slice(-3)).toEqual(['m3', 'm4', 'm5']);
    expect(await write(5)).toBe('duplicate');
  });
});
