import { env, platformConfig, type PlatformConfig } from '@platform/kit';

export interface AgencyDomainConfig {
  port: number;
  platform: PlatformConfig;
  /** Where the workspace service answers membership checks and public user flags. */
  workspaceServiceUrl: string;
  /** where billing answers entitlements; empty: the whitelabel workspace flag decides */
  billingServiceUrl: string;
  serviceCallTimeoutMs: number;
  /** Product subdomains are {label}.{rootDomain} (AGENCY_ROOT_DOMAIN; locally `localhost`, so *.localhost needs no DNS). */
  rootDomain: string;
  /** The domain provider's API (DOMAIN_PROVIDER_API_BASE, _TOKEN, _PROJECT). */
  domainProvider: { baseUrl: string; token: string; project: string };
  /** The e-mail domain provider's API (EMAIL_DOMAIN_PROVIDER_API_BASE, _KEY). */
  emailDomainProvider: { baseUrl: string; apiKey: string };
  /** The fonts service's css2 endpoint base (FONTS_API_BASE). */
  fontsApiBase: string;
  smtpUrl: string;
  mailFrom: string;
  /** PUBLIC_URL: its scheme and port make the agency hosts' login links */
  publicUrl: string;
  /** Secure client session cookie: COOKIE_SECURE, else whether PUBLIC_URL is https. */
  cookieSecure: boolean;
}

const int = (name: string, fallback: number) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};
const base = (name: string, fallback: string) => env(name, fallback).replace(/\/+$/, '');

export function loadConfig(): AgencyDomainConfig {
  const publicUrl = base('PUBLIC_URL', 'http://localhost:4090');
  return {
    port: int('PORT', 4004),
    platform: platformConfig(),
    workspaceServiceUrl: base('SERVICE_URL_WORKSPACE', 'http://127.0.0.1:4001'),
    billingServiceUrl: env('SERVICE_URL_BILLING', '').replace(/\/+$/, ''),
    serviceCallTimeoutMs: int('SERVICE_CALL_TIMEOUT_MS', 3000),
    rootDomain: env('AGENCY_ROOT_DOMAIN', 'localhost').toLowerCase(),
    domainProvider: {
      baseUrl: base('DOMAIN_PROVIDER_API_BASE', 'http://127.0.0.1:4140'),
      token: env('DOMAIN_PROVIDER_TOKEN', 'sandbox'),
      project: env('DOMAIN_PROVIDER_PROJECT', 'platform'),
    },
    emailDomainProvider: { baseUrl: base('EMAIL_DOMAIN_PROVIDER_API_BASE', 'http://127.0.0.1:4141'), apiKey: env('EMAIL_DOMAIN_PROVIDER_API_KEY', 'sandbox') },
    fontsApiBase: base('FONTS_API_BASE', 'http://127.0.0.1:4142'),
    smtpUrl: env('SMTP_URL', 'smtp://127.0.0.1:1025'),
    mailFrom: env('MAIL_FROM', 'Platform <no-reply@localhost>'),
    publicUrl,
    cookieSecure: env('COOKIE_SECURE', String(publicUrl.startsWith('https://'))) === 'true',
  };
}
