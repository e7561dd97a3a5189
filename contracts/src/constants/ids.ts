/** Alphabet of every generated id and secret: the spec says "random characters" without naming one. */
export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Prefix of workspace secrets and agent secret keys. */
export const SECRET_PREFIX = 'vg_';

/** Lengths of generated values; secrets are counted after SECRET_PREFIX. */
export const ID_LENGTHS = {
  agentId: 16,
  workspaceUid: 15,
  workspaceSecret: 20,
  agentSecretKey: 20,
  agencySecret: 25,
  clientDashboardPassword: 15,
  discordChannelId: 15,
  uploadFileName: 8,
  personalWorkspaceNameSuffix: 5,
  /** Not in the spec: ids of clients, organisations, notifications (document-store auto-id length). */
  documentId: 20,
} as const;

/** "Personal plus 5 random characters" is the name of a new user's workspace. */
export const PERSONAL_WORKSPACE_NAME_PREFIX = 'Personal';
