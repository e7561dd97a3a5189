import { MongoClient, type Collection, type Db, type Document, type IndexDescription } from 'mongodb';
import type { Region } from '@platform/contracts';

/** Indexes a service needs on one of its collections, created at start in every region. */
export interface CollectionIndexes {
  collection: string;
  /** Named, so a restart can tell which already exist. */
  indexes: Array<IndexDescription & { name: string }>;
}

/**
 * One database per region (`eu`, `na`): locally two databases on one server, in
 * production two clusters. Repositories always name the region they touch.
 */
export class RegionalMongo {
  private readonly clients = new Map<string, MongoClient>();
  private readonly databases = new Map<Region, Db>();
  /** Collection objects, made once: the driver resolves a collection's options anew on every db.collection() (ADR 0035). */
  private readonly collections = new Map<string, Collection<Document>>();

  constructor(private readonly urls: Record<Region, string>) {}

  async connect(): Promise<this> {
    for (const [region, url] of Object.entries(this.urls) as Array<[Region, string]>) {
      const { serverKey, database } = splitMongoUrl(url);
      // Regions that share a server share one connection pool.
      let client = this.clients.get(serverKey);
      if (!client) {
        client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000, maxPoolSize: 20 });
        await client.connect();
        this.clients.set(serverKey, client);
      }
      this.databases.set(region, client.db(database));
    }
    return this;
  }

  regions(): Region[] {
    return [...this.databases.keys()];
  }

  db(region: Region): Db {
    const db = this.databases.get(region);
    if (!db) throw new Error(`No database for region ${region}`);
    return db;
  }

  collection<T extends Document = Document>(region: Region, name: string): Collection<T> {
    const key = `${region}/${name}`;
    let collection = this.collections.get(key);
    if (!collection) this.collections.set(key, (collection = this.db(region).collection(name)));
    return collection as unknown as Collection<T>;
  }

  /**
   * Creates the indexes that do not exist yet. Asking for existing ones again is skipped:
   * FerretDB v1 drops the connection when one createIndexes names several existing indexes.
   */
  async ensureIndexes(specs: CollectionIndexes[]): Promise<void> {
    for (const region of this.regions()) {
      for (const { collection, indexes } of specs) {
        const target = this.collection(region, collection);
        const existing = new Set((await target.indexes().catch(() => [])).map((index) => index.name));
        const missing = indexes.filter((index) => !existing.has(index.name));
        if (missing.length) await target.createIndexes(missing);
      }
    }
  }

  async ping(): Promise<void> {
    await Promise.all(this.regions().map((region) => this.db(region).command({ ping: 1 })));
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.close()));
    this.clients.clear();
    this.databases.clear();
    this.collections.clear();
  }
}

/** Separates the database name from the rest of a connection string (hosts may be a list). */
export function splitMongoUrl(url: string): { serverKey: string; database: string } {
  const match = /^([a-z+]+:\/\/[^/]+)\/?([^?]*)(\?.*)?$/.exec(url);
  if (!match || !match[2]) throw new Error('A MongoDB URL must name its database, e.g. mongodb://host:27017/platform_eu');
  return { serverKey: `${match[1]}/${match[3] ?? ''}`, database: decodeURIComponent(match[2]) };
}
