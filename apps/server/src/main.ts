import { loadConfig } from './config';
import { createDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { keepJwtSecret } from './modules/auth/jwt-secret';
import { refreshSearchIndex } from './modules/catalog/catalog.search-maintenance';
import { seedDemoData } from './seed/demo';
import { buildApp } from './app';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const settings = loadConfig();
  const db = createDb(settings.database);
  const applied = await migrateToLatest(db.kysely, db.dialect, db.schema);
  // Without JWT_SECRET, every server uses the one secret kept in the database (decision 012).
  const config =
    settings.jwtSecretFrom === 'unset'
      ? loadConfig(process.env, await keepJwtSecret(db.kysely, settings.dataDir))
      : settings;
  const app = await buildApp({ config, db });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const reindexed = await refreshSearchIndex(db);
  if (reindexed > 0)
    app.log.info({ titles: reindexed }, 'search index rewritten for the current text analysis');
  if (config.seedDemo) {
    const started = performance.now();
    const seeded = await seedDemoData(db);
    if (seeded)
      app.log.info(
        {
          brands: seeded.brands,
          members: seeded.members,
          titles: seeded.titles,
          ms: Math.round(performance.now() - started),
        },
        'demo data seeded (first start)',
      );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
