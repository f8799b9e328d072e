import { loadConfig } from '../config';
import { createDb } from '../db/database';
import { blockedMessage, migrateGuarded, withStartupLock } from '../db/migrate';
import { createServices } from '../services';
import { createSharedStore } from '../shared/shared-store';
import { consoleOutput } from './admin-output';
import { AdminUsageError } from './admin-command';
import { runAdmin } from './admin-runner';

/*
 * npm run admin -- <command> [options]     (npm run admin -- --help lists the commands)
 *
 * The operator's one entry point. It uses the server's configuration (DATABASE_URL or DATA_DIR...),
 * brings the database to the latest migration (not past one the previous release cannot read, unless
 * ALLOW_BREAKING_MIGRATIONS names it; the db:* and backup:* commands leave it as it is) and runs one
 * command with the server's own services, so an operator's change follows the same rules as a
 * member's. Exit codes: see AdminCommand.
 */

async function main(): Promise<number> {
  const opened: { destroy?: () => Promise<void>; close?: () => Promise<void> } = {};
  try {
    return await runAdmin(process.argv.slice(2), async (command) => {
      const config = loadConfig();
      // An operator's long work (imports, draws, exports) runs without a request's statement timeout,
      // as migrations do.
      const target = config.database;
      const db = createDb(
        target.kind === 'postgres'
          ? {
              ...target,
              // Named apart from the servers' connections (backup:restore counts those).
              pool: {
                ...target.pool,
                statementTimeoutMs: 0,
                applicationName: `${target.pool?.applicationName ?? 'member-area'}-admin`.slice(0, 63),
              },
            }
          : target,
      );
      opened.destroy = () => db.destroy();
      if (command.database !== 'as-is') {
        // Servers and other commands take turns at migrating (decision 020).
        const { result } = await withStartupLock(db, (locked) =>
          migrateGuarded(locked.kysely, locked.dialect, locked.schema, config.allowBreakingMigrations),
        );
        if (result.blocked) throw new AdminUsageError(blockedMessage(result.blocked));
      }
      // With REDIS_URL, a brand or plan change reaches every running server's cache at once (decision 027).
      const shared = await createSharedStore({
        redisUrl: config.redis.url,
        keyPrefix: config.redis.keyPrefix,
      });
      opened.close = () => shared.close();
      const services = createServices(db, config, { invalidation: shared.invalidation });
      return { db, config, services, out: consoleOutput() };
    });
  } finally {
    await opened.close?.();
    await opened.destroy?.();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
