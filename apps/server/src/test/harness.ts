import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type Db, createDb } from '../db/database';
import { createMigrator, migrateToLatest } from '../db/migrate';

export type Engine = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const ENGINES: Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends Db {
  /** Drops what the test made (its PostgreSQL schema) and closes the connections. */
  cleanup: () => Promise<void>;
}

/**
 * A migrated, empty database: in memory for SQLite, a fresh schema for PostgreSQL. `upTo` stops at
 * that migration (a migration's test fills the tables it changes before running it).
 */
export async function createTestDb(engine: Engine, upTo?: string): Promise<TestDb> {
  const migrate = async (db: Db, schema?: string) => {
    if (!upTo) {
      await migrateToLatest(db.kysely, db.dialect, schema);
      return;
    }
    const { error } = await createMigrator(db.kysely, db.dialect, schema).migrateTo(upTo);
    if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  };
  if (engine === 'sqlite') {
    const db = createDb({ kind: 'sqlite', file: ':memory:' });
    await migrate(db);
    return { ...db, cleanup: () => db.destroy() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDb({ kind: 'postgres', url: postgresUrl, schema });
  await migrate(db, schema);
  return {
    ...db,
    cleanup: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * Two connections to one migrated database, as two servers behind a load balancer have: a fresh
 * PostgreSQL schema, or a SQLite file in a temporary folder (in-memory databases are not shared).
 */
export async function openSharedTestDb(
  engine: Engine,
): Promise<{ first: Db; second: Db; close: () => Promise<void> }> {
  if (engine === 'postgres') {
    const first = await createTestDb('postgres');
    if (!postgresUrl || !first.schema) throw new Error('TEST_DATABASE_URL is not set');
    const second = createDb({ kind: 'postgres', url: postgresUrl, schema: first.schema });
    return {
      first,
      second,
      close: async () => {
        await second.destroy();
        await first.cleanup();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'member-area-shared-'));
  const file = join(folder, 'shared.sqlite');
  const first = createDb({ kind: 'sqlite', file });
  await migrateToLatest(first.kysely, first.dialect);
  const second = createDb({ kind: 'sqlite', file });
  return {
    first,
    second,
    close: async () => {
      await second.destroy();
      await first.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    APP_ENV: 'LOCAL',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: '/tmp/member-area-tests',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
  });
  return { ...base, ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: AppConfig;
  close: () => Promise<void>;
}

export async function createTestApp(engine: Engine, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const db = await createTestDb(engine);
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    db,
    logger: false,
    errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
  });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
}
