import { serve, startPlatform } from '@platform/kit';
import { buildApp } from './app';
import { loadConfig } from './config';
import { smtpMailer } from '@platform/kit';
import { COLLECTION, INDEXES } from './store/collections';

async function main() {
  const config = loadConfig();
  const platform = await startPlatform({
    service: 'workspace',
    config: config.platform,
    indexes: INDEXES,
    // Accounts and sessions carry the revocations of a new password and of a sign-out.
    outboxCollections: [COLLECTION.workspaces, COLLECTION.accounts, COLLECTION.sessions],
  });
  const { logger, mongo, relay, readiness } = platform;
  const mailer = smtpMailer(config.smtpUrl, config.mailFrom);
  const app = buildApp({ config, mongo, mailer, logger, eventsWritten: () => relay.nudge(), readiness });
  await serve(app, { port: config.port, logger, closers: [() => mailer.close(), platform.close] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('workspace service failed to start', err);
  process.exit(1);
});
