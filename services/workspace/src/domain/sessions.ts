import { randomUUID } from 'node:crypto';

/**
 * A signed-in session (collection `sessions`, accounts region). The cookie's JWT names it
 * (`jti`); the gateway accepts the JWT only while this record lives, so sign-out and a new
 * password end sessions on the server.
 */
export interface SessionRecord {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /** Set by sign-out; the record stays until its revocation event has been sent. */
  endedAt?: Date;
}

export function newSession(userId: string, now: Date, ttlSeconds: number): SessionRecord {
  return { _id: randomUUID(), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) };
}
