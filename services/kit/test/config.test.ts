import { MIN_SECRET_LENGTH, listenHost, secretEnv } from '@platform/kit';

describe('secrets from the environment', () => {
  const real = 'r'.repeat(MIN_SECRET_LENGTH);

  it('has no built-in value: a missing secret stops the process', () => {
    expect(() => secretEnv('JWT_SECRET', {})).toThrow(/Missing environment variable JWT_SECRET/);
    expect(() => secretEnv('JWT_SECRET', { JWT_SECRET: '  ' })).toThrow(/Missing/);
  });

  it('refuses short secrets in production, and takes real ones', () => {
    expect(() => secretEnv('JWT_SECRET', { NODE_ENV: 'production', JWT_SECRET: 'local-dev-jwt-secret-change-me' })).toThrow(/at least 32 characters/);
    expect(secretEnv('JWT_SECRET', { NODE_ENV: 'production', JWT_SECRET: real })).toBe(real);
    expect(secretEnv('JWT_SECRET', { JWT_SECRET: 'short-local' })).toBe('short-local');
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });
});
