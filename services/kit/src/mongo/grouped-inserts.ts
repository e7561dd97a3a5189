import { MongoBulkWriteError, MongoServerError, type Collection, type Document, type OptionalUnlessRequiredId } from 'mongodb';

interface Waiting<T> {
  document: OptionalUnlessRequiredId<T>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Inserts into one collection as a group commit (ADR 0035): a document inserted while no
 * insert is in flight goes at once; those inserted meanwhile wait and go together in the next
 * `insertMany` (unordered, so one document's failure fails its own caller only). Concurrent
 * writers then pay one command, one round trip and one store transaction between them instead
 * of one each; a lone writer waits for nothing.
 */
export class GroupedInserts<T extends Document> {
  private waiting: Array<Waiting<T>> = [];
  private flushing = false;

  constructor(private readonly collection: Collection<T>, private readonly maxGroup = 100) {}

  /** Resolves once the document is stored; rejects with the server's error for this document. */
  insert(document: OptionalUnlessRequiredId<T>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ document, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.waiting.length) {
      const group = this.waiting.splice(0, this.maxGroup);
      try {
        await this.collection.insertMany(
          group.map((w) => w.document),
          { ordered: false },
        );
        for (const w of group) w.resolve();
      } catch (err) {
        if (!(err instanceof MongoBulkWriteError)) {
          for (const w of group) w.reject(err);
          continue;
        }
        const failed = new Map([err.writeErrors].flat().map((e) => [e.index, e] as const));
        group.forEach((w, index) => {
          const own = failed.get(index);
          if (own) w.reject(new MongoServerError({ message: own.errmsg ?? 'insert failed', code: own.code, errmsg: own.errmsg }));
          else w.resolve();
        });
      }
    }
    this.flushing = false;
  }
}
