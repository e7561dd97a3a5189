import type { CreditLogEntry, Region } from '@platform/contracts';
import { balanceChange, byAccount, pendingAfter, writtenByThisDelivery, type Consumption, type StoredCreditLog } from '../domain/ledger';
import type { CreditAccountStore } from '../store/credit-accounts';
import type { CreditLogStore } from '../store/credit-logs';

export interface LedgerDeps {
  accounts: CreditAccountStore;
  logs: CreditLogStore;
  now: () => Date;
}

/** An account moved under us more often than this: another consumer owns the partition now. */
const MAX_ATTEMPTS = 5;

/**
 * The credit ledger (ADR 0014). Consumptions of one partition are applied per workspace in one
 * balance write that also records the partition offset reached; grants are applied once per key.
 * Log entries are written first (keyed by event id), so a crash between the two writes is
 * repaired by the redelivery, and a duplicate delivery at another offset is recognised.
 */
export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  /** Applies a batch read from one partition (any regions and accounts: workspaces, and organisations whose agents answered). */
  async applyConsumptions(partition: number, consumptions: Consumption[]): Promise<void> {
    const groups = [...byAccount(consumptions).values()];
    const regions = new Set(consumptions.map((c) => c.region));
    for (const region of regions) {
      const inRegion = groups.filter((group) => group[0]!.region === region);
      await this.applyInRegion(region, partition, inRegion);
    }
  }

  private async applyInRegion(region: Region, partition: number, groups: Consumption[][]): Promise<void> {
    let remaining = groups;
    for (let attempt = 1; remaining.length; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error(`credit accounts of partition ${partition} keep moving; giving up this batch`);
      // The log entries of the whole batch are written while the accounts are read: an entry
      // written for an event the account already has is recognised as such by its position.
      const [accounts, toApply] = await Promise.all([
        this.deps.accounts.findMany(region, remaining.map((group) => group[0]!.accountId)),
        this.writeLogs(region, remaining.flat()),
      ]);
      const pending = remaining.map((group) => {
        const account = accounts.get(group[0]!.accountId);
        const applied = account?.offsets?.[String(partition)];
        return { accountId: group[0]!.accountId, applied, events: pendingAfter(group, applied) };
      });
      const now = this.deps.now();
      const moved: Consumption[][] = [];
      await Promise.all(
        pending
          .filter((p) => p.events.length)
          .map(async (p) => {
            const change = balanceChange(p.events.filter((e) => toApply.has(e.eventId) && e.offset === toApply.get(e.eventId)).map((e) => e.entry));
            const last = p.events[p.events.length - 1]!.offset;
            const done = await this.deps.accounts.applyConsumptions(region, p.accountId, partition, p.applied, last, change, now);
            if (!done) moved.push(p.events);
          }),
      );
      remaining = moved;
    }
  }

  /** Writes the log entries; answers, by event id, the offset whose delivery is to be applied. */
  private async writeLogs(region: Region, events: Consumption[]): Promise<Map<string, number>> {
    const entries: StoredCreditLog[] = events.map((e) => ({ ...e.entry, _id: e.eventId, workspaceId: e.accountId, source: { partition: e.partition, offset: e.offset } }));
    const existing = new Set(await this.deps.logs.insertNew(region, entries));
    const sources = await this.deps.logs.sources(region, [...existing]);
    const apply = new Map<string, number>();
    for (const e of events) {
      if (apply.has(e.eventId)) continue; // the same event twice in one batch: its first position counts
      if (!existing.has(e.eventId) || writtenByThisDelivery(e, sources.get(e.eventId))) {
        // A new entry is written with this event's first position in the batch.
        const first = events.find((other) => other.eventId === e.eventId)!;
        if (first.offset === e.offset) apply.set(e.eventId, e.offset);
      }
    }
    return apply;
  }

  /** Credits (or debits) the account once for `key`, with its log entry; a refill back above the low-credit mark unmarks it. */
  async grant(region: Region, workspaceId: string, key: string, entry: CreditLogEntry): Promise<boolean> {
    await this.deps.logs.insertNew(region, [{ ...entry, _id: key, workspaceId }]);
    const change = balanceChange([entry]);
    const applied = await this.deps.accounts.applyGrant(region, workspaceId, key, change, this.deps.now());
    if (applied && change > 0) {
      // The next crossing below must notify again (ADR 0026).
      const mark = (await this.deps.accounts.find(region, workspaceId))?.lowCredit;
      if (mark) await this.deps.accounts.recover(region, workspaceId, mark.threshold);
    }
    return applied;
  }

  async balance(region: Region, workspaceId: string): Promise<number> {
    return (await this.deps.accounts.find(region, workspaceId))?.balance ?? 0;
  }

  /** The balance, and whether the account is open yet (see Entitlements.accountOpened). */
  async account(region: Region, workspaceId: string): Promise<{ balance: number; opened: boolean }> {
    const account = await this.deps.accounts.find(region, workspaceId);
    return { balance: account?.balance ?? 0, opened: account !== null && account !== undefined };
  }
}
