import { createLogger, serve } from '@platform/kit';
import { buildApp } from './app';
import { loadConfig } from './config';

/** Stateless: no database or Kafka; it reads websites and calls the LLM and the agent service. */
async function main() {
  const config = loadConfig();
  const logger = createLogger('onboarding', config.platform.logLevel);
  await serve(buildApp({ config, logger }), { port: config.port, logger, closers: [] });
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error('onboarding service failed to start', err);
  process.exit(1);
});
