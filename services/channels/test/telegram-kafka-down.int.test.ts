import { TOPICS } from '@platform/contracts';
import { kafkaProcess, readTopicWithKcat, waitFor } from '@platform/test-support';
import { agentOfSomeone, botToken, userWrites } from './support/fixtures';
import { startChannels, type ChannelsHarness } from './support/harness';

describe('a Telegram update while Kafka is down', () => {
  let h: ChannelsHarness;
  beforeAll(async () => {
    h = await startChannels();
  });
  afterAll(async () => {
    await kafkaProcess('start');
    await h.close();
  });

  it('is refused with a 5xx (Telegram keeps it and retries), and the retry after the restart is queued once', async () => {
    const { person, agentId } = await agentOfSomeone(h);
    const token = botToken();
    const botId = token.split(':')[0]!;
    await h.as(person).post('/procedures/connectTelegram', { agentId, token }).expect(200);

    await kafkaProcess('stop');
    const written = await userWrites(h, botId, '5150', 'Anyone there?');
    expect(written.delivery!.status).toBe(503);
    const info = await h.as(person).post('/procedures/getTelegramWebhookInfo', { agentId, botId }).expect(200);
    expect(info.body.data).toMatchObject({ pending_update_count: 1, last_error_message: 'Wrong response from the webhook: 503 Service Unavailable' });

    await kafkaProcess('start');
    // The sandbox retries with backoff, as Telegram does; the retry is acknowledged once queued.
    const records = await waitFor(async () => {
      const mine = (await readTopicWithKcat(TOPICS.channelInboundMessages.name)).filter((record) => record.key === `${agentId}:${botId}:5150`);
      return mine.length ? mine : undefined;
    }, 90_000, 1000);
    expect(records).toHaveLength(1);
    await waitFor(async () => {
      const { body } = await h.as(person).post('/procedures/getTelegramWebhookInfo', { agentId, botId }).expect(200);
      return body.data.pending_update_count === 0;
    }, 60_000, 500);
  });
});
