import { REGIONS, type Region } from '@platform/contracts';
import { isDuplicateKey, type RegionalMongo } from '@platform/kit';
import type { GatewaySession } from '../domain/discord-gateway';
import { COLLECTION } from './collections';

/** The platform bot's one Gateway session: who runs it, until when, and where it stands. */
interface GatewayLeaseDocument {
  _id: string;
  holder: string;
  until: Date;
  /** the session as its holder last handled it: a new holder resumes it */
  session?: GatewaySession | null;
}

const LEASE_ID = 'discord-gateway';

/**
 * The lease on the Discord Gateway session, one document in channels' store (the first
 * region's database: the bot is the platform's, not a region's). Taken when free or expired,
 * renewed by its holder, each time with one atomic single-document write (ADR 0002), the way
 * the outbox relay leases its collections.
 */
export class DiscordGatewayLeaseStore {
  constructor(
    private readonly mongo: RegionalMongo,
    private readonly region: Region = REGIONS[0],
  ) {}

  private collection() {
    return this.mongo.collection<GatewayLeaseDocument>(this.region, COLLECTION.discordGatewayLease);
  }

  /**
   * Takes or renews the lease for `holder` until now + leaseMs; with `session`, records where
   * the holder's session stands. Answers the stored session (for a new holder to resume), or
   * undefined when another holder's lease is still running.
   */
  async claim(holder: string, leaseMs: number, session?: GatewaySession | null): Promise<{ session?: GatewaySession } | undefined> {
    const now = Date.now();
    try {
      const lease = await this.collection().findOneAndUpdate(
        { _id: LEASE_ID, $or: [{ holder }, { until: { $lt: new Date(now) } }] },
        { $set: { holder, until: new Date(now + leaseMs), ...(session === undefined ? {} : { session }) } },
        { upsert: true, returnDocument: 'after' },
      );
      return { session: lease?.session ?? undefined };
    } catch (err) {
      // The upsert met the document of a live lease held by another.
      if (isDuplicateKey(err)) return undefined;
      throw err;
    }
  }

  /** Ends `holder`'s lease at once, keeping its session for the next holder to resume. */
  async release(holder: string, session: GatewaySession | undefined): Promise<void> {
    await this.collection().updateOne({ _id: LEASE_ID, holder }, { $set: { until: new Date(0), session: session ?? null } });
  }
}
