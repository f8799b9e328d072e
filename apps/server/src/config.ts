import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ENVIRONMENTS } from '@member/domain';
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
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanString.optional(),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  /** Header a trusted CDN or proxy sets with the client's ISO country (for geo rules and events). */
  GEO_COUNTRY_HEADER: z.string().min(1).default('x-country-code'),
  DEFAULT_COUNTRY: z.string().length(2).default('US'),
  TRUST_PROXY: booleanString.default(false),
  SENTRY_DSN: z.url().optional(),
  SENTRY_WEB_DSN: z.url().optional(),
  RELEASE: z.string().default('dev'),
  /** Sign-in attempts allowed per minute from one client address (end-to-end tests raise it). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
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
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  jwtSecret: Uint8Array;
  seedDemo: boolean;
  webDistDir: string;
  geoCountryHeader: string;
  defaultCountry: string;
  trustProxy: boolean;
  sentry: { serverDsn: string | null; webDsn: string | null; tracesSampleRate: number };
  release: string;
  loginRateLimitPerMinute: number;
  /** Static files shipped with the server (brand logos). */
  assetsDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Spec section 7: the error-reporting service samples 5% of traces. */
export const TRACES_SAMPLE_RATE = 0.05;

/**
 * Parses the environment once. Every bad variable is listed together so an operator fixes them in one
 * go. Without JWT_SECRET, the embedded setup generates one into the data folder on first start; a
 * production deployment must set it.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.APP_ENV === 'PROD';
  if (isProduction && !env.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when APP_ENV is PROD');
  }
  const dataDir = resolve(env.DATA_DIR);
  const database = parseDatabase(env.DATABASE_URL, dataDir);
  return {
    env: env.APP_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database,
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET ?? readOrCreateSecret(dataDir)),
    seedDemo: env.SEED_DEMO ?? !isProduction,
    webDistDir: resolve(env.WEB_DIST_DIR),
    geoCountryHeader: env.GEO_COUNTRY_HEADER.toLowerCase(),
    defaultCountry: env.DEFAULT_COUNTRY.toUpperCase(),
    trustProxy: env.TRUST_PROXY,
    sentry: {
      serverDsn: env.SENTRY_DSN ?? null,
      webDsn: env.SENTRY_WEB_DSN ?? null,
      tracesSampleRate: TRACES_SAMPLE_RATE,
    },
    release: env.RELEASE,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    assetsDir: resolve(serverRoot, 'assets'),
  };
}

function parseDatabase(url: string | undefined, dataDir: string): AppConfig['database'] {
  if (url?.startsWith('postgres')) return { kind: 'postgres', url };
  if (url?.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { kind: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
  }
  return { kind: 'sqlite', file: resolve(dataDir, 'member-area.sqlite') };
}

function readOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
