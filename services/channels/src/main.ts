import { REGIONS } from '@platform/contracts';
import { serve, startPlatform } from '@platform/kit';
import { CAMPAIGN_SEND_LEASE_MS } from './domain/campaigns';
import { buildApp, discordGatewaySession, routeTable } from './app';
import { loadConfig } from './config';
import { startReplyConsumer } from './events/reply-consumer';
import { INDEXES, OUTBOX_COLLECTIONS } from './store/collections';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({ service: 'channels', config: config.platform, indexes: INDEXES, outboxCollections: OUTBOX_COLLECTIONS });
  const { logger, mongo, kafka, producer, relay, readiness } = platform;
  const deps = { config, mongo, logger, producer, eventsWritten: () => relay.nudge(), readiness };
  const app = buildApp(deps);
  const { replies, campaigns } = routeTable(deps);
  const consumer = await startReplyConsumer({ kafka, producer, mongo, logger, replies });
  // campaigns a stopped instance left half sent are resumed once their sender's lease runs out
  const resume = () => {
    for (const region of REGIONS) campaigns.resumeAbandoned(region).catch((err: Error) => logger.error({ err, region }, 'resuming campaigns failed'));
  };
  const resumer = setInterval(resume, CAMPAIGN_SEND_LEASE_MS);
  resume();
  // Discord users' messages come over the bot's Gateway session, run by the replica holding its lease.
  const discord = discordGatewaySession(deps);
  if (discord) discord.start();
  else logger.info('DISCORD_BOT_TOKEN is not set: no Discord Gateway session, Discord users\' messages do not reach the agents');
  const closers = [async () => clearInterval(resumer), async () => discord?.stop(), () => consumer.disconnect(), platform.close];
  await serve(app, { port: config.port, logger, closers });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('channels service failed to start', err);
  process.exit(1);
});
