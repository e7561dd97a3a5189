import type { Region } from '@platform/contracts';
import { createLogger } from '@platform/kit';
import { TEMPORARY_FILES, sweepTemporaryFiles } from '../src/usecases/temporary-files';

const logger = createLogger('test', 'silent');
const now = new Date('2026-11-22T12:00:00Z');

describe('the temporary uploads sweep', () => {
  it('removes temporary files older than a day in every region', async () => {
    const calls: Array<[Region, Date]> = [];
    const files = { deleteTemporary: async (region: Region, before: Date) => (calls.push([region, before]), region === 'eu' ? 2 : 1) };
    expect(await sweepTemporaryFiles({ files, regions: ['eu', 'na'], logger, now: () => now })).toBe(3);
    const dayBefore = new Date(now.getTime() - TEMPORARY_FILES.maxAgeMs);
    expect(calls).toEqual([
      ['eu', dayBefore],
      ['na', dayBefore],
    ]);
    expect(dayBefore.toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });

  it('goes on with the other regions when one fails', async () => {
    const files = {
      deleteTemporary: async (region: Region) => {
        if (region === 'eu') throw new Error('eu database unreachable');
        return 4;
      },
    };
    expect(await sweepTemporaryFiles({ files, regions: ['eu', 'na'], logger, now: () => now })).toBe(4);
  });
});
