import { loadConfig } from './config';
import { createDb } from './db/database';
import { holdUntilMigrated, prepareDatabase } from './startup';
import { buildApp } from './app';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const settings = loadConfig();
  const db = createDb(settings.database);
  let prepared = await prepareDatabase(db, settings);
  // A migration the previous release cannot read waits for the operator (decision 034): the server
  // answers /readyz with migrations_pending meanwhile, then does its start-up work once it is applied.
  while (prepared.blocked) {
    await holdUntilMigrated(db, settings, prepared.blocked);
    prepared = await prepareDatabase(db, settings);
  }
  // Without JWT_SECRET, every server uses the one secret kept in the database (decision 012).
  const config = prepared.storedJwtSecret ? loadConfig(process.env, prepared.storedJwtSecret) : settings;
  const app = await buildApp({ config, db });
  if (prepared.waitedMs >= 1_000)
    app.log.info({ ms: prepared.waitedMs }, "waited for another server's start-up work");
  if (prepared.migrations.length > 0) app.log.info({ migrations: prepared.migrations }, 'database migrated');
  if (prepared.reindexed > 0)
    app.log.info({ titles: prepared.reindexed }, 'search index rewritten for the current text analysis');
  if (prepared.seeded) app.log.info(prepared.seeded, 'demo data seeded (first start)');

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
