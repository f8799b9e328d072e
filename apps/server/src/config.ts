import { createHmac, randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ENVIRONMENTS, parseCountryList } from '@member/domain';
import { z } from 'zod';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(serverRoot, '../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, parsed once at start-up (no `process.env` elsewhere). */
const EnvSchema = z.object({
  APP_ENV: z.enum(ENVIRONMENTS).default('LOCAL'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  /** PostgreSQL connections of one server; each holds one statement at a time. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  /** How long a request waits for a PostgreSQL connection (pooled or new) before it answers 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  /** PostgreSQL cancels a statement (and ends a transaction left idle) after this; 0 for no limit. */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  /** Names this server's connections in pg_stat_activity. */
  DATABASE_APPLICATION_NAME: z.string().min(1).max(63).default('member-area'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanString.optional(),
  /**
   * Migrations the previous release cannot read that start-up may apply, comma separated (names or
   * numbers: `0024` or `0024-drop-x`); others wait for `npm run admin -- db:migrate --allow-breaking`.
   */
  ALLOW_BREAKING_MIGRATIONS: z
    .string()
    .regex(/^[\w.-]*(,[\w.-]*)*$/, 'must be migration names or numbers, comma separated')
    .default(''),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  /** Header a trusted CDN or proxy sets with the client's ISO country (for geo rules and events). */
  GEO_COUNTRY_HEADER: z.string().min(1).default('x-country-code'),
  DEFAULT_COUNTRY: z.string().length(2).default('US'),
  TRUST_PROXY: booleanString.default(false),
  SENTRY_DSN: z.url().optional(),
  SENTRY_WEB_DSN: z.url().optional(),
  /** Bearer token of GET /metrics (Prometheus); without it /metrics answers 404 (decision 028). */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** OpenTelemetry traces over OTLP/HTTP to `<endpoint>/v1/traces` when set; off (nothing loaded) otherwise (decision 034). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('member-area'),
  RELEASE: z.string().default('dev'),
  /** Sign-in attempts allowed per minute from one client address (end-to-end tests raise it). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Recovery mail goes out over SMTP when set; the outbox keeps every mail either way (modules/recovery). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Member area <no-reply@member-area.localhost>'),
  /** Payments (issue 5): the built-in sandbox by default, or real Stripe with its keys. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key')
    .optional(),
  /** Lets PROD take test payments (the sandbox, a Stripe test key); refused without it, warned with it. */
  ALLOW_SANDBOX_PAYMENTS_IN_PROD: booleanString.default(false),
  /** Signs provider webhooks; the sandbox derives one from the JWT secret when unset. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** How often this server looks for renewals and purges (the job is safe on several servers). */
  BILLING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Key of the signed media URLs (modules/media); derived from the JWT secret when unset. */
  MEDIA_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a signed media URL stays valid (default 4 hours). */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(14_400),
  /** Imported media live under `<MEDIA_DIR>/imported` (default `<DATA_DIR>/media`). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Connection limits (issue 12): a client gets this long to send a whole request, and its headers. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  /** An idle keep-alive connection closes after this; above a load balancer's idle timeout (60 s). */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(72),
  /** A connection that sends and receives nothing this long is closed. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
  /** Shared store of several servers (decision 027): request limits and cache invalidation. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of this deployment's Redis keys and channel, when several share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(100).default('member-area:'),
  /** VPN (issue 18, decision 026): each brand's CA lives in `<VPN_CA_DIR>/brand-<id>/` (made on first use). */
  VPN_CA_DIR: z.string().min(1).optional(),
  /** The VPN server members connect to; `vpn.<brand hostname>` when unset. */
  VPN_REMOTE_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'must be a host name or address')
    .optional(),
  VPN_REMOTE_PORT: z.coerce.number().int().min(1).max(65535).default(1194),
  VPN_PROTOCOL: z.enum(['udp', 'tcp']).default('udp'),
  /** ISO countries where the VPN is unavailable, comma separated (spec 5: empty by default). */
  VPN_BLOCKED_COUNTRIES: z.string().default(''),
  VPN_CERTIFICATE_DAYS: z.coerce.number().int().min(1).max(3_650).default(365),
  /** How long a signed VPN download link stays valid (default 10 minutes). */
  VPN_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['APP_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  /** `schema` (PostgreSQL only) isolates a test run in its own schema. */
  database: DatabaseTarget;
  jwtSecret: Uint8Array;
  /**
   * Where the JWT secret came from: JWT_SECRET, or the one generated once and kept in the database for
   * every server (decision 012). `unset` until the server has read that one: the secrets then are
   * this process's own, and building the app refuses them.
   */
  jwtSecretFrom: 'environment' | 'database' | 'unset';
  seedDemo: boolean;
  /** Breaking migrations start-up may apply (ALLOW_BREAKING_MIGRATIONS; db/migrate.ts, decision 034). */
  allowBreakingMigrations: string[];
  webDistDir: string;
  geoCountryHeader: string;
  defaultCountry: string;
  trustProxy: boolean;
  sentry: { serverDsn: string | null; webDsn: string | null; tracesSampleRate: number };
  /** Prometheus metrics and OpenTelemetry traces (modules/metrics, decision 028). */
  observe: { metricsToken: string | null; otlpEndpoint: string | null; serviceName: string };
  release: string;
  loginRateLimitPerMinute: number;
  mail: { smtpUrl: string | null; from: string };
  payments: {
    provider: 'sandbox' | 'stripe';
    stripeSecretKey: string | null;
    stripePublishableKey: string | null;
    webhookSecret: string;
    /**
     * Payments are not real money: the sandbox (public test cards) or a Stripe test key. Production
     * starts so only with ALLOW_SANDBOX_PAYMENTS_IN_PROD, and then warns at start and on /healthz.
     */
    testMode: boolean;
    /** 0 turns the renewal and purge job off (tests run it by hand). */
    jobIntervalSeconds: number;
  };
  /** Static files shipped with the server (brand logos). */
  assetsDir: string;
  /** Media roots served under /media/<root>/ and the key of their signed URLs (modules/media). */
  media: { urlSecret: Uint8Array; urlTtlSeconds: number; demoDir: string; importedDir: string };
  /** Connection limits of the listening server, in milliseconds (app.ts; tests set short ones). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    connectionTimeoutMs: number;
    maxConnections: number;
    /** 0: no limit. */
    maxRequestsPerSocket: number;
  };
  /** Redis for several servers (decision 027); `url` null: one server, limits in the database. */
  redis: { url: string | null; keyPrefix: string };
  /** The VPN's certificate authorities, endpoint and rules (modules/vpn, decision 026). */
  vpn: {
    caDir: string;
    remoteHost: string | null;
    remotePort: number;
    protocol: 'udp' | 'tcp';
    blockedCountries: string[];
    certificateDays: number;
    urlSecret: Uint8Array;
    urlTtlSeconds: number;
  };
}

/** How this server uses its PostgreSQL connections (README, decision 020). */
export interface PostgresPoolSettings {
  /** Names the connections in `pg_stat_activity`, so an operator (or a test) can tell them apart. */
  applicationName: string;
  size: number;
  /** How long a query waits for a connection, pooled or new, before it fails; 0 waits for ever. */
  connectTimeoutMs: number;
  /** PostgreSQL cancels a statement, and ends a transaction left idle, after this; 0: no limit. */
  statementTimeoutMs: number;
}

/**
 * Where the data lives. Without `pool` (tests, benchmarks, tools) PostgreSQL connections keep the
 * driver's defaults: no timeouts; the server always sets them (DATABASE_* settings).
 */
export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string; pool?: Partial<PostgresPoolSettings> };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Spec section 7: the error-reporting service samples 5% of traces. */
export const TRACES_SAMPLE_RATE = 0.05;

/**
 * Parses the environment once. Every bad variable is listed together so an operator fixes them in one
 * go. Without JWT_SECRET, the server generates one on its first start and keeps it in the database,
 * where every server reads it (modules/auth/jwt-secret.ts): it opens the database with this
 * configuration, then loads it again with `storedJwtSecret`. A production deployment must set it.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, storedJwtSecret?: string): AppConfig {
  // A variable set to nothing (`SMTP_URL=` in an env file, `${X:-}` in compose.yaml) counts as unset.
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS',
    );
  }
  const isProduction = env.APP_ENV === 'PROD';
  if (isProduction && !env.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when APP_ENV is PROD');
  }
  const dataDir = resolve(env.DATA_DIR);
  const database = parseDatabase(env, dataDir);
  const jwtSecretFrom = env.JWT_SECRET ? 'environment' : storedJwtSecret ? 'database' : 'unset';
  const jwtSecret = env.JWT_SECRET ?? storedJwtSecret ?? randomBytes(48).toString('base64url');
  return {
    env: env.APP_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    jwtSecretFrom,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    allowBreakingMigrations: env.ALLOW_BREAKING_MIGRATIONS.split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    webDistDir: resolve(env.WEB_DIST_DIR),
    geoCountryHeader: env.GEO_COUNTRY_HEADER.toLowerCase(),
    defaultCountry: env.DEFAULT_COUNTRY.toUpperCase(),
    trustProxy: env.TRUST_PROXY,
    sentry: {
      serverDsn: env.SENTRY_DSN ?? null,
      webDsn: env.SENTRY_WEB_DSN ?? null,
      tracesSampleRate: TRACES_SAMPLE_RATE,
    },
    observe: {
      metricsToken: env.METRICS_TOKEN ?? null,
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
      serviceName: env.OTEL_SERVICE_NAME,
    },
    release: env.RELEASE,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    payments: paymentsConfig(env, jwtSecret),
    assetsDir: resolve(serverRoot, 'assets'),
    media: {
      urlSecret: env.MEDIA_URL_SECRET
        ? new TextEncoder().encode(env.MEDIA_URL_SECRET)
        : deriveKey(jwtSecret, 'media-url-signing'),
      urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
      demoDir: resolve(serverRoot, 'media/demo'),
      importedDir: resolve(env.MEDIA_DIR ?? resolve(dataDir, 'media'), 'imported'),
    },
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      connectionTimeoutMs: env.CONNECTION_TIMEOUT_SECONDS * 1000,
      maxConnections: env.MAX_CONNECTIONS,
      maxRequestsPerSocket: env.MAX_REQUESTS_PER_SOCKET,
    },
    redis: { url: env.REDIS_URL ?? null, keyPrefix: env.REDIS_KEY_PREFIX },
    vpn: {
      caDir: resolve(env.VPN_CA_DIR ?? resolve(dataDir, 'vpn')),
      remoteHost: env.VPN_REMOTE_HOST ?? null,
      remotePort: env.VPN_REMOTE_PORT,
      protocol: env.VPN_PROTOCOL,
      blockedCountries: parseCountryList(env.VPN_BLOCKED_COUNTRIES),
      certificateDays: env.VPN_CERTIFICATE_DAYS,
      urlSecret: deriveKey(jwtSecret, 'vpn-url-signing'),
      urlTtlSeconds: env.VPN_URL_TTL_SECONDS,
    },
  };
}

function paymentsConfig(env: Env, jwtSecret: string): AppConfig['payments'] {
  if (env.PAYMENT_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.PAYMENT_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and PAYMENT_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is stripe',
    );
  }
  const testKey = /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY ?? '');
  const testMode = env.PAYMENT_PROVIDER === 'sandbox' || testKey;
  // Like Stripe, which keeps test and live keys apart: a production start never takes test payments by default.
  if (env.APP_ENV === 'PROD' && testMode && !env.ALLOW_SANDBOX_PAYMENTS_IN_PROD) {
    throw new ConfigError(
      env.PAYMENT_PROVIDER === 'sandbox'
        ? 'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox accepts the public test cards as payment; in PROD set PAYMENT_PROVIDER=stripe with live keys, or ALLOW_SANDBOX_PAYMENTS_IN_PROD=true to take test payments on purpose'
        : 'Invalid configuration:\n  STRIPE_SECRET_KEY: a test key takes no real payments; in PROD use a live key (sk_live_ or rk_live_), or ALLOW_SANDBOX_PAYMENTS_IN_PROD=true to take test payments on purpose',
    );
  }
  return {
    provider: env.PAYMENT_PROVIDER,
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret:
      env.PAYMENT_WEBHOOK_SECRET ??
      `whsec_${createHmac('sha256', jwtSecret).update('sandbox-webhooks').digest('hex')}`,
    testMode,
    jobIntervalSeconds: env.BILLING_JOB_INTERVAL_SECONDS,
  };
}

function parseDatabase(env: Env, dataDir: string): DatabaseTarget {
  const url = env.DATABASE_URL;
  if (url?.startsWith('postgres')) {
    const pool: PostgresPoolSettings = {
      applicationName: env.DATABASE_APPLICATION_NAME,
      size: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: Math.round(env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
      statementTimeoutMs: Math.round(env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
    };
    return { kind: 'postgres', url, pool };
  }
  if (url?.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { kind: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
  }
  return { kind: 'sqlite', file: resolve(dataDir, 'member-area.sqlite') };
}

/** A separate key per purpose, so a leaked media key never signs a session token. */
function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(purpose).digest());
}
