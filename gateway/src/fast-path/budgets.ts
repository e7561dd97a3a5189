import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SharedRateCounts } from '../store/rate-counts';

/** Policies kept per window before the table starts again. */
const MAX_POLICIES = 10_000;

/**
 * Counts a request against a named budget in the shared counts and sets the same draft-8
 * headers express-rate-limit does (`RateLimit`, `RateLimit-Policy`, `Retry-After` when over),
 * the policy (its partition key is a SHA-256 of the key) made once per key and window.
 */
export class RateBudget {
  private policies = new Map<string, string>();
  private policiesWindow = 0;
  private readonly windowSeconds: number;

  constructor(
    private readonly name: string,
    private readonly limit: number,
    private readonly prefix: string,
    private readonly counts: SharedRateCounts,
    private readonly windowMs: number,
  ) {
    this.windowSeconds = Math.ceil(windowMs / 1000);
  }

  /** Counts one hit for `key` and sets the headers; false when the budget is spent. */
  take(key: string, res: ServerResponse): boolean {
    const { totalHits, resetTime } = this.counts.increment(this.prefix + key);
    const resetAt = resetTime?.getTime() ?? Date.now() + this.windowMs;
    const resetSeconds = Math.max(0, Math.ceil((resetAt - Date.now()) / 1000));
    res.appendHeader('RateLimit', `"${this.name}"; r=${Math.max(this.limit - totalHits, 0)}; t=${resetSeconds}`);
    res.appendHeader('RateLimit-Policy', this.policy(key, resetAt));
    if (totalHits <= this.limit) return true;
    res.setHeader('Retry-After', String(resetSeconds));
    return false;
  }

  private policy(key: string, window: number): string {
    if (window !== this.policiesWindow || this.policies.size >= MAX_POLICIES) {
      this.policies = new Map();
      this.policiesWindow = window;
    }
    let policy = this.policies.get(key);
    if (policy === undefined) {
      const partitionKey = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
      policy = `"${this.name}"; q=${this.limit}; w=${this.windowSeconds}; pk=:${partitionKey}:`;
      this.policies.set(key, policy);
    }
    return policy;
  }
}
