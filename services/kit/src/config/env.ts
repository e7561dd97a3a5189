import { REGIONS, type Region } from '@platform/contracts';

/** Reads an environment variable, falling back to the local-run default. */
export function env(name: string, localDefault?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (localDefault !== undefined) return localDefault;
  throw new Error(`Missing environment variable ${name}`);
}

export interface PlatformConfig {
  mongoUrls: Record<Region, string>;
  kafkaBrokers: string[];
  internalSigningSecret: string;
  jwtSecret: string;
  logLevel: string;
}

/** The settings every service shares; defaults match `infra/local.env`. */
export function platformConfig(): PlatformConfig {
  const mongoUrls = Object.fromEntries(
    REGIONS.map((region) => [region, env(`MONGO_URL_${region.toUpperCase()}`, `mongodb://127.0.0.1:27017/platform_${region}`)]),
  ) as Record<Region, string>;
  return {
    mongoUrls,
    kafkaBrokers: env('KAFKA_BROKERS', '127.0.0.1:9092').split(',').map((b) => b.trim()).filter(Boolean),
    internalSigningSecret: env('INTERNAL_SIGNING_SECRET', 'local-internal-signing-secret'),
    jwtSecret: env('JWT_SECRET', 'local-jwt-secret'),
    logLevel: env('LOG_LEVEL', 'info'),
  };
}
