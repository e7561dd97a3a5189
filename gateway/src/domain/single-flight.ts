/** Concurrent asks for one key share a single call: a burst of requests with one credential asks its service once. */
export class SingleFlight<T> {
  private readonly pending = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    let call = this.pending.get(key);
    if (!call) {
      call = work().finally(() => this.pending.delete(key));
      this.pending.set(key, call);
    }
    return call;
  }
}
