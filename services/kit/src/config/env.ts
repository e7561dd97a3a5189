import { REGIONS, type Region } from '@platform/contracts';

/** Reads an environment variable, falling back to the local-run default. */
export function env(name: string, localDefault?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (localDefault !== undefined) return localDefault;
  throw new Error(`Missing environment variable ${name}`);
}

/** Shortest secret a production process accepts (random, generated per installation). */
export const MIN_SECRET_LENGTH = 32;

type Source = Record<string, string | undefined>;

export const isProduction = (source: Source = process.env) => source.NODE_ENV === 'production';

/**
 * A secret from the environment, never a built-in value: local runs get generated ones from
 * `infra/scripts` (kept under `.data/`), production must set real ones.
 */
export function secretEnv(name: string, source: Source = process.env): string {
  const value = source[name]?.trim();
  if (!value) throw new Error(`Missing environment variable ${name} (a random secret of at least ${MIN_SECRET_LENGTH} characters)`);
  if (isProduction(source) && value.length < MIN_SECRET_LENGTH) {
    throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters in production`);
  }
  return value;
}

/** Where servers listen: loopback for local runs; images and manifests set HOST=0.0.0.0. */
export const listenHost = (source: Source = process.env) => source.HOST?.trim() || '127.0.0.1';

export interface PlatformConfig {
  mongoUrls: Record<Region, string>;
  kafkaBrokers: string[];
  internalSigningSecret: string;
  jwtSecret: string;
  logLevel: string;
  host: string;
}

/** The settings every service shares; defaults match `infra/local.env`. */
export function platformConfig(): PlatformConfig {
  const mongoUrls = Object.fromEntries(
    REGIONS.map((region) => [region, env(`MONGO_URL_${region.toUpperCase()}`, `mongodb://127.0.0.1:27017/platform_${region}`)]),
  ) as Record<Region, string>;
  return {
    mongoUrls,
    kafkaBrokers: env('KAFKA_BROKERS', '127.0.0.1:9092').split(',').map((b) => b.trim()).filter(Boolean),
    internalSigningSecret: secretEnv('INTERNAL_SIGNING_SECRET'),
    jwtSecret: secretEnv('JWT_SECRET'),
    logLevel: env('LOG_LEVEL', 'info'),
    host: listenHost(),
  };
}
