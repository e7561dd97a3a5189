import path from 'node:path';
import bytes from 'bytes';
import { UPLOAD, type Region } from '@platform/contracts';
import { secretEnv } from '@platform/kit';
import { isRegion } from './domain/routing';
import { SERVICES, serviceUrlEnvName, type ServiceName } from './domain/services';

export interface GatewayConfig {
  port: number;
  defaultRegion: Region;
  /** Services without a URL answer 503. */
  serviceUrls: Partial<Record<ServiceName, string>>;
  internalSigningSecret: string;
  jwtSecret: string;
  allowedOrigins: string[];
  /** express `trust proxy`: which hops may set X-Forwarded-For (the client IP rate limits use). */
  trustProxy: boolean | number | string;
  rateLimit: { windowMs: number; perIp: number; perCredential: number; storeUrl?: string; syncMs: number };
  /** Bytes a request body may have: anonymous callers, signed-in ones, and signed-in uploads. */
  bodyLimits: { anonymous: number; authenticated: number; upload: number };
  /** Internal port for /metrics and /readyz/services (never routed from outside); 0: not served. */
  adminPort: number;
  proxyTimeoutMs: number;
  /** Credential verification and OpenAPI/readiness fetches from the services. */
  serviceCallTimeoutMs: number;
  credentialCache: { ttlMs: number; negativeTtlMs: number; maxEntries: number };
  /** How long a live session is trusted before the workspace service is asked again (the bound on a sign-out whose revocation event is lost). */
  sessionCache: { ttlMs: number; staleMs: number; maxEntries: number };
  openApiCacheMs: number;
  /** Where revocations (sign-outs, rotations) reach every replica at once; none: the cache TTLs alone bound them. */
  kafkaBrokers: string[];
  frontendDist: string;
  logLevel: string;
}

// src/ and dist/ are both one level below gateway/, so this is the repository from either.
const REPO_ROOT = path.resolve(__dirname, '../..');

type Source = Record<string, string | undefined>;

function read(source: Source, name: string, fallback: string): string {
  const value = source[name];
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

function readInt(source: Source, name: string, fallback: number): number {
  const raw = read(source, name, String(fallback));
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function readBytes(source: Source, name: string, fallback: string): number {
  const raw = read(source, name, fallback);
  const value = bytes.parse(raw);
  if (value === null || !Number.isFinite(value) || value < 0) throw new Error(`${name} must be a size such as 100kb, got "${raw}"`);
  return value;
}

function readTrustProxy(raw: string): boolean | number | string {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** Reads the gateway's settings; defaults are the local-run ones, secrets have none (the kit's rule). */
export function loadConfig(source: Source = process.env): GatewayConfig {
  const defaultRegion = read(source, 'REGION_DEFAULT', 'eu');
  if (!isRegion(defaultRegion)) throw new Error(`REGION_DEFAULT must be a known region, got "${defaultRegion}"`);
  const serviceUrls: Partial<Record<ServiceName, string>> = {};
  for (const service of SERVICES) {
    const url = source[serviceUrlEnvName(service)]?.trim();
    if (url) serviceUrls[service] = url.replace(/\/+$/, '');
  }
  return {
    port: readInt(source, 'PORT', 8080),
    defaultRegion,
    serviceUrls,
    internalSigningSecret: secretEnv('INTERNAL_SIGNING_SECRET', source),
    jwtSecret: secretEnv('JWT_SECRET', source),
    allowedOrigins: read(source, 'ALLOWED_ORIGINS', 'http://localhost:8080,http://127.0.0.1:8080')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    // No proxy is trusted unless named: a caller cannot choose its own client IP.
    trustProxy: readTrustProxy(read(source, 'TRUST_PROXY', 'false')),
    rateLimit: {
      windowMs: readInt(source, 'RATE_LIMIT_WINDOW_MS', 60_000),
      perIp: readInt(source, 'RATE_LIMIT_PER_IP', 600),
      perCredential: readInt(source, 'RATE_LIMIT_PER_CREDENTIAL', 1200),
      storeUrl: source.RATE_LIMIT_STORE_URL?.trim() || undefined,
      syncMs: readInt(source, 'RATE_LIMIT_SYNC_MS', 1_000),
    },
    bodyLimits: {
      anonymous: readBytes(source, 'BODY_LIMIT_ANONYMOUS', '100kb'),
      authenticated: readBytes(source, 'BODY_LIMIT', '1mb'),
      upload: readBytes(source, 'BODY_LIMIT_UPLOAD', UPLOAD.requestBodyLimit),
    },
    adminPort: readInt(source, 'GATEWAY_ADMIN_PORT', 0),
    proxyTimeoutMs: readInt(source, 'PROXY_TIMEOUT_MS', 30_000),
    serviceCallTimeoutMs: readInt(source, 'SERVICE_CALL_TIMEOUT_MS', 3_000),
    credentialCache: {
      ttlMs: readInt(source, 'CREDENTIAL_CACHE_TTL_MS', 30_000),
      negativeTtlMs: readInt(source, 'CREDENTIAL_CACHE_NEGATIVE_TTL_MS', 5_000),
      maxEntries: readInt(source, 'CREDENTIAL_CACHE_MAX_ENTRIES', 10_000),
    },
    sessionCache: {
      ttlMs: readInt(source, 'SESSION_CACHE_TTL_MS', 5_000),
      staleMs: readInt(source, 'SESSION_CACHE_STALE_MS', 60_000),
      maxEntries: readInt(source, 'SESSION_CACHE_MAX_ENTRIES', 50_000),
    },
    openApiCacheMs: readInt(source, 'OPENAPI_CACHE_MS', 30_000),
    kafkaBrokers: read(source, 'KAFKA_BROKERS', '')
      .split(',')
      .map((broker) => broker.trim())
      .filter(Boolean),
    frontendDist: path.resolve(REPO_ROOT, read(source, 'FRONTEND_DIST', 'frontends/shell/dist')),
    logLevel: read(source, 'LOG_LEVEL', 'info'),
  };
}
