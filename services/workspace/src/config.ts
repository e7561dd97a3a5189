import { REGIONS, type Region } from '@platform/contracts';
import { env, platformConfig, type PlatformConfig } from '@platform/kit';

export interface WorkspaceConfig {
  port: number;
  platform: PlatformConfig;
  smtpUrl: string;
  mailFrom: string;
  /** Absolute base of links in e-mails (the shell's origin). */
  publicUrl: string;
  /** Secure session cookie: COOKIE_SECURE, else whether PUBLIC_URL is https. */
  cookieSecure: boolean;
  /** Key of the hashes of sign-in codes and invitation tokens. */
  hashPepper: string;
  /** Where people's accounts, sign-in codes and their rate limits live (one directory for both regions). */
  accountsRegion: Region;
  /** maxSends per address and client; maxSendsPerClient over all addresses; maxAttempts wrong tries per code (or per client without a code) */
  loginCode: { ttlSeconds: number; maxSends: number; maxSendsPerClient: number; sendWindowSeconds: number; maxAttempts: number };
  /** failed password sign-ins per e-mail and client (IP) and window (a success resets) */
  passwordLogin: { maxAttempts: number; windowSeconds: number };
  invitations: { ttlSeconds: number; maxPerWorkspace: number; windowSeconds: number };
  /** Local runs only: accept loopback and private addresses as a workspace's events endpoint. */
  allowPrivateWebhookUrls: boolean;
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};

export function loadConfig(): WorkspaceConfig {
  const accountsRegion = env('ACCOUNTS_REGION', 'eu') as Region;
  if (!REGIONS.includes(accountsRegion)) throw new Error(`ACCOUNTS_REGION must be one of ${REGIONS.join(', ')}`);
  const platform = platformConfig();
  const publicUrl = env('PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, '');
  return {
    port: int('PORT', 4001),
    platform,
    hashPepper: env('HASH_PEPPER', platform.jwtSecret),
    smtpUrl: env('SMTP_URL', 'smtp://127.0.0.1:1025'),
    mailFrom: env('MAIL_FROM', 'Platform <no-reply@localhost>'),
    publicUrl,
    cookieSecure: env('COOKIE_SECURE', String(publicUrl.startsWith('https://'))) === 'true',
    accountsRegion,
    loginCode: {
      ttlSeconds: int('LOGIN_CODE_TTL_SECONDS', 600),
      maxSends: int('LOGIN_CODE_MAX_SENDS', 5),
      maxSendsPerClient: int('LOGIN_CODE_MAX_SENDS_PER_CLIENT', 20),
      sendWindowSeconds: int('LOGIN_CODE_SEND_WINDOW_SECONDS', 900),
      maxAttempts: int('LOGIN_CODE_MAX_ATTEMPTS', 5),
    },
    passwordLogin: { maxAttempts: int('PASSWORD_LOGIN_MAX_ATTEMPTS', 10), windowSeconds: int('PASSWORD_LOGIN_WINDOW_SECONDS', 900) },
    invitations: {
      ttlSeconds: int('INVITATION_TTL_SECONDS', 7 * 24 * 3600),
      maxPerWorkspace: int('INVITATIONS_PER_WINDOW', 20),
      windowSeconds: int('INVITATION_WINDOW_SECONDS', 3600),
    },
    allowPrivateWebhookUrls: env('ALLOW_PRIVATE_WEBHOOK_URLS', 'false') === 'true',
  };
}
