import { COLLECTIONS } from '@platform/contracts';
import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';

/** The collections this service owns, in every regional database. */
export const COLLECTION = {
  /** the spec's users/{uid}: one workspace record per region */
  workspaces: COLLECTIONS.workspaces,
  /** people: e-mail, password hash (used in the accounts region only) */
  accounts: 'accounts',
  loginCodes: 'login_codes',
  invitations: 'invitations',
  /** fixed-window counters: code sends, password failures, invitations */
  rateLimits: 'rate_limits',
  /** signed-in sessions (accounts region): a session JWT is accepted while its record lives and has not ended */
  sessions: 'sessions',
} as const;

export const INDEXES: CollectionIndexes[] = [
  {
    collection: COLLECTION.workspaces,
    indexes: [
      // Tombstones of deleted workspaces carry no secret, hence sparse.
      { key: { workspaceSecret: 1 }, name: 'workspace_secret_unique', unique: true, sparse: true },
      { key: { workspaceEmails: 1 }, name: 'workspace_members' },
      OUTBOX_INDEX,
    ],
  },
  { collection: COLLECTION.accounts, indexes: [{ key: { email: 1 }, name: 'account_email_unique', unique: true }, OUTBOX_INDEX] },
  { collection: COLLECTION.loginCodes, indexes: [{ key: { email: 1, createdAt: -1 }, name: 'login_code_latest' }] },
  { collection: COLLECTION.sessions, indexes: [{ key: { userId: 1 }, name: 'session_user' }, OUTBOX_INDEX] },
  { collection: COLLECTION.invitations, indexes: [{ key: { uid: 1, email: 1 }, name: 'invitation_workspace_email' }] },
];
