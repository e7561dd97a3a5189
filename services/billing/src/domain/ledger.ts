import type { CreditLogEntry, Region } from '@platform/contracts';

/** Where a consumption event sits in the consumption topic: its partition and offset. */
export interface LogPosition {
  partition: number;
  offset: number;
}

/** A credits.consumed event as the ledger applies it. */
export interface Consumption extends LogPosition {
  eventId: string;
  region: Region;
  workspaceId: string;
  /** the ledger account it applies to: the workspace's, or its organisation's (an organisation's agent, ADR 0026) */
  accountId: string;
  entry: CreditLogEntry;
}

/** A stored credit log entry: the change, the ledger account it belongs to (`workspaceId`) and, for a consumption, where it was read. */
export interface StoredCreditLog extends CreditLogEntry {
  _id: string;
  workspaceId: string;
  source?: LogPosition;
}

/** The events of one workspace, in log order, that come after the last offset applied from their partition. */
export function pendingAfter(consumptions: Consumption[], appliedOffset: number | undefined): Consumption[] {
  return consumptions.filter((c) => appliedOffset === undefined || c.offset > appliedOffset).sort((a, b) => a.offset - b.offset);
}

/**
 * Whether an event whose log entry already existed is still to be applied: only when that entry
 * was written by an earlier attempt at this very delivery (same position) that crashed before
 * the balance write. An entry from another position is a duplicate delivery of an applied event.
 */
export const writtenByThisDelivery = (consumption: LogPosition, existing: LogPosition | undefined): boolean =>
  existing !== undefined && existing.partition === consumption.partition && existing.offset === consumption.offset;

/** The balance change of a log entry: consumptions decrease, grants increase. */
export const signedAmount = (entry: Pick<CreditLogEntry, 'amount' | 'direction'>): number => (entry.direction === 'increase' ? entry.amount : -entry.amount);

/** Sum of balance changes, rounded to 1e-6 credit so float noise never accumulates in the balance. */
export const balanceChange = (entries: Array<Pick<CreditLogEntry, 'amount' | 'direction'>>): number =>
  Math.round(entries.reduce((sum, entry) => sum + signedAmount(entry), 0) * 1e6) / 1e6;

/** Groups consumptions by region and ledger account. */
export function byAccount(consumptions: Consumption[]): Map<string, Consumption[]> {
  const groups = new Map<string, Consumption[]>();
  for (const c of consumptions) {
    const key = `${c.region}:${c.accountId}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return groups;
}

/** A grant key as a document field name (no dots, no leading $). */
export const grantField = (key: string) => `grants.${key.replace(/[.$]/g, '_')}`;
