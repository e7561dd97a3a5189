import type { Logger } from '@platform/kit';
import type { Region } from '@platform/contracts';
import type { FileStorage } from '../store/files-storage';

/** Uploads sent with `temporary: true` (previews, unsaved drafts) are kept a day. */
export const TEMPORARY_FILES = { maxAgeMs: 24 * 60 * 60 * 1000, sweepEveryMs: 60 * 60 * 1000 } as const;

export interface TemporaryFileSweepDeps {
  files: Pick<FileStorage, 'deleteTemporary'>;
  regions: readonly Region[];
  logger: Logger;
  now?: () => Date;
  maxAgeMs?: number;
}

/** One pass over every region; a region that fails is logged and retried on the next pass. */
export async function sweepTemporaryFiles(deps: TemporaryFileSweepDeps): Promise<number> {
  const before = new Date((deps.now?.() ?? new Date()).getTime() - (deps.maxAgeMs ?? TEMPORARY_FILES.maxAgeMs));
  let removed = 0;
  for (const region of deps.regions) {
    try {
      const count = await deps.files.deleteTemporary(region, before);
      if (count > 0) deps.logger.info({ region, count }, 'temporary uploads removed');
      removed += count;
    } catch (err) {
      deps.logger.warn({ err, region }, 'temporary uploads not swept');
    }
  }
  return removed;
}

/**
 * Sweeps at start and then every hour. Replicas may sweep at the same time: deleting an
 * already deleted file is harmless. Answers the function that stops it.
 */
export function startTemporaryFileSweep(deps: TemporaryFileSweepDeps, everyMs: number = TEMPORARY_FILES.sweepEveryMs): () => void {
  void sweepTemporaryFiles(deps);
  const timer = setInterval(() => void sweepTemporaryFiles(deps), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
