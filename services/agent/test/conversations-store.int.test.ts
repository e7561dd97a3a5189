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
    const store = new ConversationStore(mongo, { messages: 4, answeredIds: 3 });
    for (let n = 1; n <= 4; n += 1) expect(await store.recordAnswer('eu', answer(n, await store.find('eu', conversation._id)))).toBe('written');
    expect(await store.recordAnswer('eu', answer(4, await store.find('eu', conversation._id)))).toBe('duplicate');
    const stored = (await store.find('eu', conversation._id))!;
    expect(stored.messages!.map((m) => m.content)).toEqual(['question 3', 'answer 3', 'question 4', 'answer 4']);
    expect(stored.answeredMessageIds).toEqual(['m2', 'm3', 'm4']);
    expect(stored).toMatchObject({ userMessages: 4, createdAt: 1_001, updatedAt: 1_004, channel: 'telegram', participantId: 'chat-1' });
  });
});
