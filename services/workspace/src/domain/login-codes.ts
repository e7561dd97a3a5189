/** A stored one-time sign-in code (the code itself only as a keyed hash). */
export interface LoginCodeRecord {
  _id: string;
  email: string;
  codeHash: string;
  /** keyed hash of the client (IP) that asked for it: its wrong tries burn this code, nobody else's */
  client?: string;
  createdAt: Date;
  expiresAt: Date;
  attempts: number;
  usedAt?: Date;
}

export type LoginCodeStatus = 'usable' | 'missing' | 'expired' | 'used' | 'burned';

/** Whether a code may still be tried: unexpired, unused, and not out of attempts. */
export function loginCodeStatus(record: LoginCodeRecord | null, now: Date, maxAttempts: number): LoginCodeStatus {
  if (!record) return 'missing';
  if (record.usedAt) return 'used';
  if (record.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (record.attempts >= maxAttempts) return 'burned';
  return 'usable';
}

export type CodeJudgement =
  /** no code of the address can be used: ask for a new one */
  | { outcome: 'none' }
  /** this client spent its tries on this address */
  | { outcome: 'blocked' }
  | { outcome: 'match'; code: LoginCodeRecord }
  /** a wrong code: the try is charged to this client's newest usable code, or (none) to its own counter */
  | { outcome: 'wrong'; charge?: LoginCodeRecord };

/**
 * Judges a submitted code against the address's recent codes (newest first). Any usable code
 * of the address signs in, whichever client asked for it, so a flood of requests (or wrong
 * tries) from someone else never locks the owner out; wrong tries only burn the trying
 * client's own codes, or its own counter (`clientSpent`) when it asked for none.
 */
export function judgeLoginCode(
  codes: LoginCodeRecord[],
  matches: (record: LoginCodeRecord) => boolean,
  client: string,
  now: Date,
  maxAttempts: number,
  clientSpent: boolean,
): CodeJudgement {
  const live = (record: LoginCodeRecord) => !record.usedAt && record.expiresAt.getTime() > now.getTime();
  const own = codes.filter((record) => record.client === client && live(record));
  if (own.length > 0 ? own.every((record) => record.attempts >= maxAttempts) : clientSpent) return { outcome: 'blocked' };
  const usable = codes.filter((record) => loginCodeStatus(record, now, maxAttempts) === 'usable');
  if (usable.length === 0) return { outcome: 'none' };
  const code = usable.find(matches);
  if (code) return { outcome: 'match', code };
  return { outcome: 'wrong', charge: own.find((record) => record.attempts < maxAttempts) };
}
