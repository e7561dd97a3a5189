import type { Region } from '@platform/contracts';
import type { Logger } from '@platform/kit';
import type { KnowledgeIngest } from '../usecases/ingest';

/**
 * Runs the read jobs of every region off the request path: woken when a source is added, and
 * every `pollMs` for refreshes that fell due and leases that ended (a crashed read).
 * One pass at a time; a wake-up during a pass runs another pass after it.
 */
export function startIngestWorker(options: { ingest: KnowledgeIngest; regions: () => Region[]; pollMs: number; logger: Logger }): { wake: () => void; stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async () => {
    do {
      again = false;
      for (const region of options.regions()) {
        try {
          await options.ingest.runDue(region);
        } catch (err) {
          options.logger.error({ err, region }, 'knowledge worker pass failed');
        }
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
