import path from 'node:path';
import { loadConfig } from '../src/config';
import { IMMUTABLE, NO_CACHE, cacheControlFor, wantsSpaFallback } from '../src/domain/frontend';

describe('frontend caching', () => {
  it('makes hashed assets immutable and everything else revalidate', () => {
    expect(cacheControlFor('/dist/assets/main.3f2a9c1d7e8b.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/dist/chunk-4b5e6f7a8b.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('/dist/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('/dist/remoteEntry.js')).toBe(NO_CACHE);
    expect(cacheControlFor('/dist/favicon.ico')).toBe(NO_CACHE);
  });

  it('falls back to the SPA only for html page requests outside /api', () => {
    expect(wantsSpaFallback('GET', '/app/eu/agents/a1/overview', true)).toBe(true);
    expect(wantsSpaFallback('HEAD', '/login', true)).toBe(true);
    expect(wantsSpaFallback('POST', '/login', true)).toBe(false);
    expect(wantsSpaFallback('GET', '/login', false)).toBe(false);
    expect(wantsSpaFallback('GET', '/api/x', true)).toBe(false);
    expect(wantsSpaFallback('GET', '/assets/missing.js', true)).toBe(false);
  });
});

describe('loadConfig', () => {
  // Secrets have no default (ADR 0009).
  const SECRETS = { JWT_SECRET: 'test-jwt', INTERNAL_SIGNING_SECRET: 'test-signing' };

  it('has local defaults', () => {
    const config = loadConfig(SECRETS);
    expect(config.port).toBe(8080);
    expect(config.defaultRegion).toBe('eu');
    expect(config.serviceUrls).toEqual({});
    expect(config.allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(config.frontendDist).toBe(path.resolve(__dirname, '../../frontends/shell/dist'));
  });

  it('reads service URLs, limits and origins', () => {
    const config = loadConfig({
      ...SECRETS,
      SERVICE_URL_AGENCY_DOMAIN: 'http://127.0.0.1:4004/',
      RATE_LIMIT_PER_IP: '5',
      ALLOWED_ORIGINS: 'https://app.example.com, https://x.example.com/',
      REGION_DEFAULT: 'na',
      TRUST_PROXY: '2',
    });
    expect(config.serviceUrls).toEqual({ 'agency-domain': 'http://127.0.0.1:4004' });
    expect(config.rateLimit.perIp).toBe(5);
    expect(config.allowedOrigins).toEqual(['https://app.example.com', 'https://x.example.com']);
    expect(config.defaultRegion).toBe('na');
    expect(config.trustProxy).toBe(2);
  });

  it('refuses bad settings at startup', () => {
    expect(() => loadConfig({ ...SECRETS, REGION_DEFAULT: 'mars' })).toThrow(/REGION_DEFAULT/);
    expect(() => loadConfig({ ...SECRETS, RATE_LIMIT_PER_IP: 'lots' })).toThrow(/RATE_LIMIT_PER_IP/);
  });
});
