import { describe, expect, it } from 'vitest';

import { ConfigError, TRACES_SAMPLE_RATE, loadConfig } from './config';

const SECRET = 'x'.repeat(40);
/** Live Stripe keys: what a production start needs unless test payments are allowed on purpose. */
const LIVE_PAYMENTS = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_fixture',
  PAYMENT_WEBHOOK_SECRET: 'whsec_live_fixture_secret',
};

describe('loadConfig', () => {
  it('defaults to LOCAL on the embedded database at port 3000', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: '/tmp/cfg-test' });
    expect(config).toMatchObject({ env: 'LOCAL', port: 3000, isProduction: false, seedDemo: true });
    expect(config.database).toEqual({ kind: 'sqlite', file: '/tmp/cfg-test/member-area.sqlite' });
    expect(config.sentry).toEqual({ serverDsn: null, webDsn: null, tracesSampleRate: TRACES_SAMPLE_RATE });
    expect(TRACES_SAMPLE_RATE).toBe(0.05);
  });

  // Issue 15, item 4: compose files and env files set optional variables to nothing.
  it('takes a variable set to nothing for unset, and reads the metrics and tracing settings', () => {
    const empty = loadConfig({
      JWT_SECRET: SECRET,
      SMTP_URL: '',
      SENTRY_DSN: '',
      METRICS_TOKEN: '',
      STRIPE_SECRET_KEY: '',
    });
    expect(empty.mail.smtpUrl).toBeNull();
    expect(empty.observe).toEqual({ metricsToken: null, otlpEndpoint: null, serviceName: 'member-area' });
    const set = loadConfig({
      JWT_SECRET: SECRET,
      METRICS_TOKEN: 'm'.repeat(24),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(set.observe).toEqual({
      metricsToken: 'm'.repeat(24),
      otlpEndpoint: 'http://collector:4318',
      serviceName: 'member-area',
    });
    expect(() => loadConfig({ JWT_SECRET: SECRET, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('selects PostgreSQL with DATABASE_URL, with connect and statement timeouts', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
      pool: { applicationName: 'member-area', size: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 },
    });
  });

  it('reads the PostgreSQL pool settings', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATABASE_URL: 'postgresql://u@h/db',
      DATABASE_POOL_SIZE: '25',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2.5',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '0',
      DATABASE_APPLICATION_NAME: 'member-area-eu-1',
    });
    expect(config.database).toMatchObject({
      pool: { applicationName: 'member-area-eu-1', size: 25, connectTimeoutMs: 2_500, statementTimeoutMs: 0 },
    });
    expect(() => loadConfig({ JWT_SECRET: SECRET, DATABASE_CONNECT_TIMEOUT_SECONDS: '0' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_SECONDS/,
    );
  });

  it('lists every bad variable at once', () => {
    const attempt = () =>
      loadConfig({ APP_ENV: 'QA', PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/APP_ENV[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/);
  });

  it('requires a JWT secret in production and seeds no demo data there by default', () => {
    expect(() => loadConfig({ APP_ENV: 'PROD' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ APP_ENV: 'PROD', JWT_SECRET: SECRET, ...LIVE_PAYMENTS }).seedDemo).toBe(false);
  });

  it('accepts the four environments of the spec', () => {
    for (const env of ['LOCAL', 'DEV', 'STAGING', 'PROD']) {
      expect(loadConfig({ APP_ENV: env, JWT_SECRET: SECRET, ...LIVE_PAYMENTS }).env).toBe(env);
    }
  });
});

describe('payments configuration', () => {
  const prod = { APP_ENV: 'PROD', JWT_SECRET: SECRET };

  it('refuses a production start on the sandbox, which takes the public test cards as payment', () => {
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER[\s\S]*ALLOW_SANDBOX_PAYMENTS_IN_PROD/,
    );
    expect(() => loadConfig({ ...prod, ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'false' })).toThrow(ConfigError);
  });

  it('refuses a Stripe test key in production, as Stripe keeps test and live keys apart', () => {
    for (const key of ['sk_test_fixture', 'rk_test_fixture']) {
      expect(() => loadConfig({ ...prod, ...LIVE_PAYMENTS, STRIPE_SECRET_KEY: key })).toThrow(
        /STRIPE_SECRET_KEY[\s\S]*ALLOW_SANDBOX_PAYMENTS_IN_PROD/,
      );
    }
    expect(loadConfig({ ...prod, ...LIVE_PAYMENTS }).payments).toMatchObject({
      provider: 'stripe',
      testMode: false,
    });
  });

  it('starts in production with test payments only when explicitly allowed, and says so', () => {
    const sandbox = loadConfig({ ...prod, ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'true' }).payments;
    expect(sandbox).toMatchObject({ provider: 'sandbox', testMode: true });
    const stripeTest = loadConfig({
      ...prod,
      ...LIVE_PAYMENTS,
      STRIPE_SECRET_KEY: 'sk_test_fixture',
      ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'true',
    }).payments;
    expect(stripeTest).toMatchObject({ provider: 'stripe', testMode: true });
  });

  it('keeps the sandbox as the default outside production', () => {
    for (const env of ['LOCAL', 'DEV', 'STAGING']) {
      expect(loadConfig({ APP_ENV: env, JWT_SECRET: SECRET }).payments).toMatchObject({
        provider: 'sandbox',
        testMode: true,
      });
    }
  });
});
