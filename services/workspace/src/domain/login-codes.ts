/** A stored one-time sign-in code (the code itself only as a keyed hash). */
export interface LoginCodeRecord {
  _id: string;
  email: string;
  codeHash: string;
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
