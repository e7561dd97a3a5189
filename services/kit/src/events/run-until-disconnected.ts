import type { Consumer, ConsumerRunConfig } from 'kafkajs';
import type { Logger } from '../logger';

/**
 * Runs a consumer until it is disconnected. kafkajs restarts a crashed consumer by itself only
 * after a retriable error; a broker restart can end it with another one (KafkaJSGroupCoordinatorNotFound
 * while the new broker loads its groups), and the service would then stop consuming until it is
 * restarted itself. After such a crash the same consumer (its subscriptions stay) is connected
 * and run again, retried with backoff, until it runs or is disconnected.
 */
export async function runUntilDisconnected(consumer: Consumer, config: ConsumerRunConfig, logger: Logger, maxRetryMs = 10_000): Promise<void> {
  let disconnected = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;
  const runAgain = () => {
    if (disconnected) return;
    attempts += 1;
    const delay = Math.min(maxRetryMs, 250 * 2 ** Math.min(attempts - 1, 10));
    timer = setTimeout(() => {
      if (disconnected) return;
      consumer
        .connect()
        .then(() => consumer.run(config))
        .catch((err: unknown) => {
          logger.warn({ err, attempt: attempts }, 'consumer not running again yet; will retry');
          runAgain();
        });
    }, delay);
    timer.unref();
  };
  consumer.on(consumer.events.GROUP_JOIN, () => {
    attempts = 0;
  });
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || disconnected) return;
    logger.warn({ err: payload.error }, 'consumer ended by an error kafkajs does not restart after; running it again');
    runAgain();
  });
  // The service's own disconnect (shutdown) ends it for good; kafkajs' disconnect after a crash does not come through here.
  const disconnect = consumer.disconnect.bind(consumer);
  consumer.disconnect = async () => {
    disconnected = true;
    clearTimeout(timer);
    await disconnect();
  };
  await consumer.run(config);
}
