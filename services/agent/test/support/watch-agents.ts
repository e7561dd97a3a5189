import type { RegionalMongo } from '@platform/kit';
import { COLLECTION } from '../../src/store/collections';
import type { Harness } from './harness';

/** Runs `run` with one method of the agents collection watched: `onCall` sees each call's arguments. */
export async function watchAgentsCollection(h: Harness, method: 'findOne' | 'updateOne', onCall: (args: unknown[]) => void, run: () => Promise<unknown>): Promise<void> {
  const original = h.mongo.collection.bind(h.mongo);
  const spy = jest.spyOn(h.mongo, 'collection').mockImplementation(((region: Parameters<RegionalMongo['collection']>[0], name: string) => {
    const real = original(region, name);
    if (name !== COLLECTION.agents) return real;
    const watched = Object.create(real) as Record<string, unknown>;
    const call = real[method] as (...args: unknown[]) => unknown;
    watched[method] = (...args: unknown[]) => (onCall(args), call.apply(real, args));
    return watched as unknown as typeof real;
  }) as RegionalMongo['collection']);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
}
