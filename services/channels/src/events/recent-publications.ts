/**
 * The last few thousand messages this process put on Kafka, by event id: a provider's retry of
 * a delivery already queued is acknowledged without a second copy on the topic (a retry that
 * reaches another replica is dropped by the consumers, which dedupe by the same id). A delivery
 * whose publication failed is forgotten, so its retry publishes again.
 */
export class RecentPublications {
  private readonly published = new Map<string, Promise<void>>();

  constructor(private readonly capacity = 10_000) {}

  once(id: string, publish: () => Promise<void>): Promise<void> {
    const known = this.published.get(id);
    if (known) return known;
    const pending = publish().catch((err) => {
      this.published.delete(id);
      throw err;
    });
    this.published.set(id, pending);
    // Oldest first out: a Map keeps insertion order.
    if (this.published.size > this.capacity) this.published.delete(this.published.keys().next().value as string);
    return pending;
  }
}
