import { ID_ALPHABET, ID_LENGTHS, PERSONAL_WORKSPACE_NAME_PREFIX, SECRET_PREFIX } from './constants/ids';

/**
 * `length` characters drawn uniformly from `alphabet` with the Web Crypto API (present in
 * Node 20 and browsers). Bytes at or above the largest multiple of the alphabet size are
 * rejected, so every character is equally likely.
 */
export function randomChars(length: number, alphabet: string = ID_ALPHABET): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`length must be a non-negative integer, got ${length}`);
  if (alphabet.length < 1 || alphabet.length > 256) throw new RangeError('alphabet must have 1 to 256 characters');
  const acceptBelow = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    // getRandomValues fills at most 65,536 bytes per call
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(Math.min(65_536, Math.max(16, (length - out.length) * 2))));
    for (const byte of bytes) {
      if (byte >= acceptBelow) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newAgentId = () => randomChars(ID_LENGTHS.agentId);
export const newWorkspaceUid = () => randomChars(ID_LENGTHS.workspaceUid);
/** `vg_` plus 20 characters. */
export const newWorkspaceSecret = () => SECRET_PREFIX + randomChars(ID_LENGTHS.workspaceSecret);
/** An agent's SECRET_API_KEY: `vg_` plus 20 characters. */
export const newAgentSecretKey = () => SECRET_PREFIX + randomChars(ID_LENGTHS.agentSecretKey);
export const newAgencySecret = () => randomChars(ID_LENGTHS.agencySecret);
export const newClientDashboardPassword = () => randomChars(ID_LENGTHS.clientDashboardPassword);
export const newDiscordChannelId = () => randomChars(ID_LENGTHS.discordChannelId);
export const newUploadFileName = () => randomChars(ID_LENGTHS.uploadFileName);
export const newDocumentId = () => randomChars(ID_LENGTHS.documentId);
/** Name of a new user's workspace: "Personal plus 5 random characters". */
export const newPersonalWorkspaceName = () => PERSONAL_WORKSPACE_NAME_PREFIX + randomChars(ID_LENGTHS.personalWorkspaceNameSuffix);
