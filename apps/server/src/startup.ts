import type { AppConfig } from './config';
import type { Db } from './db/database';
import { migrateToLatest, withStartupLock } from './db/migrate';
import { keepJwtSecret } from './modules/auth/jwt-secret';
import { refreshSearchIndex } from './modules/catalog/catalog.search-maintenance';
import { seedDemoData } from './seed/demo';

export interface PreparedDatabase {
  /** The migrations this start applied. */
  migrations: string[];
  /** The JWT secret kept in the database, when the configuration has none (decision 012). */
  storedJwtSecret: string | null;
  /** Titles whose search rows were rewritten for the current text analysis. */
  reindexed: number;
  /** What the demo seed made on a first start, and how long it took. */
  seeded: (NonNullable<Awaited<ReturnType<typeof seedDemoData>>> & { ms: number }) | null;
  /** How long this server waited for another one's start-up work. */
  waitedMs: number;
}

/**
 * The start-up work before a server takes requests: migrations, the stored JWT secret, the search
 * index and the demo seed (when configured), done by one server at a time, so servers started together
 * on an empty database all come up and find one seed (decision 020).
 */
export async function prepareDatabase(
  db: Db,
  settings: Pick<AppConfig, 'jwtSecretFrom' | 'dataDir' | 'seedDemo'>,
): Promise<PreparedDatabase> {
  const { result, waitedMs } = await withStartupLock(db, async (locked) => {
    const migrations = await migrateToLatest(locked.kysely, locked.dialect, locked.schema);
    const storedJwtSecret =
      settings.jwtSecretFrom === 'unset' ? await keepJwtSecret(locked.kysely, settings.dataDir) : null;
    const reindexed = await refreshSearchIndex(locked);
    const seedStarted = performance.now();
    const made = settings.seedDemo ? await seedDemoData(locked) : null;
    const seeded = made ? { ...made, ms: Math.round(performance.now() - seedStarted) } : null;
    return { migrations, storedJwtSecret, reindexed, seeded };
  });
  return { ...result, waitedMs };
}
