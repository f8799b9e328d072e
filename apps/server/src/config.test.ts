import { describe, expect, it } from 'vitest';

import { ConfigError, TRACES_SAMPLE_RATE, loadConfig } from './config';

const SECRET = 'x'.repeat(40);

describe('loadConfig', () => {
  it('defaults to LOCAL on the embedded database at port 3000', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: '/tmp/cfg-test' });
    expect(config).toMatchObject({ env: 'LOCAL', port: 3000, isProduction: false, seedDemo: true });
    expect(config.database).toEqual({ kind: 'sqlite', file: '/tmp/cfg-test/member-area.sqlite' });
    expect(config.sentry).toEqual({ serverDsn: null, webDsn: null, tracesSampleRate: TRACES_SAMPLE_RATE });
    expect(TRACES_SAMPLE_RATE).toBe(0.05);
  });

  it('selects PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('lists every bad variable at once', () => {
    const attempt = () =>
      loadConfig({ APP_ENV: 'QA', PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/APP_ENV[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/);
  });

  it('requires a JWT secret in production and seeds no demo data there by default', () => {
    expect(() => loadConfig({ APP_ENV: 'PROD' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ APP_ENV: 'PROD', JWT_SECRET: SECRET }).seedDemo).toBe(false);
  });

  it('accepts the four environments of the spec', () => {
    for (const env of ['LOCAL', 'DEV', 'STAGING', 'PROD']) {
      expect(loadConfig({ APP_ENV: env, JWT_SECRET: SECRET }).env).toBe(env);
    }
  });
});
