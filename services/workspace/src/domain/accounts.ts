import type { AuthUser, Region } from '@platform/contracts';

/** A person. The user id is also the uid of their Personal workspaces. */
export interface AccountRecord {
  _id: string;
  email: string;
  /** unix seconds */
  createdAt: number;
  /** region of the first sign-in: its Personal workspace got the free credits */
  homeRegion: Region;
  passwordHash?: string;
  ref?: string;
  utm_source?: string;
}

export const authUser = (account: AccountRecord): AuthUser => ({
  userId: account._id,
  email: account.email,
  hasPassword: Boolean(account.passwordHash),
  createdAt: account.createdAt,
});
