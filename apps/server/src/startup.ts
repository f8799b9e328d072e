import Fastify, { type FastifyInstance } from 'fastify';

import type { AppConfig } from './config';
import type { Db } from './db/database';
import {
  type BlockedMigration,
  type MigrationEntry,
  blockedMessage,
  latestMigration,
  migrateGuarded,
  migrationCatalog,
  migrationStatus,
  withStartupLock,
} from './db/migrate';
import { registerHealth } from './http/health';
import { keepJwtSecret } from './modules/auth/jwt-secret';
import { refreshSearchIndex } from './modules/catalog/catalog.search-maintenance';
import { loggerOptions } from './observability';
import { seedDemoData } from './seed/demo';

export interface PreparedDatabase {
  /** The migrations this start applied. */
  migrations: string[];
  /**
   * A pending migration the previous release cannot read, not allowed by ALLOW_BREAKING_MIGRATIONS:
   * the database stays before it and none of the rest of the start-up work ran (decision 034).
   */
  blocked: BlockedMigration | null;
  /** The JWT secret kept in the database, when the configuration has none (decision 012). */
  storedJwtSecret: string | null;
  /** Titles whose search rows were rewritten for the current text analysis. */
  reindexed: number;
  /** What the demo seed made on a first start, and how long it took. */
  seeded: (NonNullable<Awaited<ReturnType<typeof seedDemoData>>> & { ms: number }) | null;
  /** How long this server waited for another one's start-up work. */
  waitedMs: number;
}

export type StartupSettings = Pick<
  AppConfig,
  'jwtSecretFrom' | 'dataDir' | 'seedDemo' | 'allowBreakingMigrations'
>;

/**
 * The start-up work before a server takes requests: migrations, the stored JWT secret, the search
 * index and the demo seed (when configured), done by one server at a time, so servers started together
 * on an empty database all come up and find one seed (decision 020). A migration the previous release
 * cannot read runs only when ALLOW_BREAKING_MIGRATIONS names it; otherwise the work stops before it
 * and `blocked` says which (decision 034).
 */
export async function prepareDatabase(
  db: Db,
  settings: StartupSettings,
  catalog: readonly MigrationEntry[] = migrationCatalog(),
): Promise<PreparedDatabase> {
  const { result, waitedMs } = await withStartupLock(db, async (locked) => {
    const { applied, blocked } = await migrateGuarded(
      locked.kysely,
      locked.dialect,
      locked.schema,
      settings.allowBreakingMigrations,
      catalog,
    );
    if (blocked) {
      return { migrations: applied, blocked, storedJwtSecret: null, reindexed: 0, seeded: null };
    }
    const storedJwtSecret =
      settings.jwtSecretFrom === 'unset' ? await keepJwtSecret(locked.kysely, settings.dataDir) : null;
    const reindexed = await refreshSearchIndex(locked);
    const seedStarted = performance.now();
    const made = settings.seedDemo ? await seedDemoData(locked) : null;
    const seeded = made ? { ...made, ms: Math.round(performance.now() - seedStarted) } : null;
    return { migrations: applied, blocked: null, storedJwtSecret, reindexed, seeded };
  });
  return { ...result, waitedMs };
}

/** How often a held server asks whether the operator applied the migration. */
export const HOLD_POLL_MS = 5_000;

/**
 * While a migration the previous release cannot read waits for the operator, the server does not run
 * this release's code on the older database: it answers `/healthz` (alive), `/readyz` 503
 * `migrations_pending` and every other request 503 with the same code, runs no job, and asks the
 * database every `pollMs` whether the migration was applied (`db:migrate --allow-breaking`, from any
 * machine). Then it stops listening and resolves, and the caller runs the start-up work again.
 */
export async function holdUntilMigrated(
  db: Db,
  config: AppConfig,
  blocked: BlockedMigration,
  options: {
    pollMs?: number;
    catalog?: readonly MigrationEntry[];
    logger?: false;
    /** Told the address the held server listens on (tests). */
    onListening?: (app: FastifyInstance) => void;
  } = {},
): Promise<void> {
  const catalog = options.catalog ?? migrationCatalog();
  const app = Fastify({ logger: options.logger ?? loggerOptions(config), return503OnClosing: true });
  registerHealth(app, db, config, latestMigration(catalog));
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(503)
      .header('retry-after', '30')
      .send({
        error: { code: 'migrations_pending', message: 'The server is waiting for a database migration.' },
      }),
  );
  app.log.error({ migration: blocked.name, reason: blocked.reason }, blockedMessage(blocked));
  await app.listen({ host: config.host, port: config.port });
  options.onListening?.(app);
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? HOLD_POLL_MS));
      try {
        const states = await migrationStatus(db.kysely, db.dialect, db.schema, catalog);
        if (states.find((state) => state.name === blocked.name)?.appliedAt) break;
      } catch (error) {
        app.log.warn({ err: error }, 'waiting for the migration: the database did not answer');
      }
    }
    app.log.info({ migration: blocked.name }, 'the migration was applied; starting');
  } finally {
    await app.close();
  }
}
