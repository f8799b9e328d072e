import {
  blockedMessage,
  migrateGuarded,
  migrationCatalog,
  migrationStatus,
  newerMigrations,
  withStartupLock,
} from '../db/migrate';
import { join } from 'node:path';

import { BackupError, createBackup, restoreBackup, verifyBackup } from '../db/backup';
import { type AdminCommand, AdminUsageError, optionalOption } from './admin-command';

/** A backup refusal (damaged, newer release, servers running) prints its reason, exit code 1. */
async function refusing(run: () => Promise<number>, error: (text: string) => void): Promise<number> {
  try {
    return await run();
  } catch (caught) {
    if (caught instanceof BackupError) {
      error(`Refused: ${caught.message}`);
      return 1;
    }
    throw caught;
  }
}

function folderArgument(positionals: string[]): string {
  const [folder, ...rest] = positionals;
  if (!folder || rest.length > 0) throw new AdminUsageError('Name one backup folder');
  return folder;
}

/**
 * The operator's database commands (decision 034): what migrations are pending, which of them the
 * previous release cannot read, and applying them; backup and restore of the database with the VPN
 * certificate authorities and the media folder. They leave the database as they find it until asked.
 */
export const databaseAdminCommands: AdminCommand[] = [
  {
    name: 'db:status',
    summary: 'Pending migrations, with those the previous release cannot read marked BREAKING',
    usage: '[--all] [--json]',
    options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
    database: 'as-is',
    run: async ({ db, out, migrations }, args) => {
      const states = await migrationStatus(
        db.kysely,
        db.dialect,
        db.schema,
        migrations ?? migrationCatalog(),
      );
      if (args.values.json === true) {
        out.line(JSON.stringify(states, null, 2));
        return 0;
      }
      const pending = states.filter((state) => state.appliedAt === null);
      const shown = args.values.all === true ? states : pending;
      for (const state of shown) {
        const mark = state.breaking ? `  BREAKING: ${state.breaking}` : '';
        const when = state.appliedAt ? `applied ${state.appliedAt.toISOString()}` : 'pending';
        out.line(`${state.name}  ${when}${mark}`);
      }
      // A release rolled back to finds the newer release's migrations (decision 034).
      for (const newer of await newerMigrations(db.kysely, migrations ?? migrationCatalog())) {
        const mark = newer.breaking
          ? `  BREAKING: ${newer.breaking} (this release cannot read the database)`
          : '';
        out.line(`${newer.name}  applied by a newer release${mark}`);
      }
      if (pending.length === 0) {
        out.line(`The database is current (${states.at(-1)?.name ?? 'no migrations'}).`);
      } else {
        const breaking = pending.filter((state) => state.breaking !== null).length;
        out.line(
          `${String(pending.length)} pending, ${String(breaking)} the previous release cannot read.` +
            (breaking > 0 ? ' Back up (backup:create) before db:migrate --allow-breaking.' : ''),
        );
      }
      return 0;
    },
  },
  {
    name: 'db:migrate',
    summary: 'Apply pending migrations; one the previous release cannot read needs --allow-breaking',
    usage: '[--allow-breaking]',
    options: { 'allow-breaking': { type: 'boolean' } },
    database: 'as-is',
    run: async ({ db, config, out, migrations }, args) => {
      const allowance = args.values['allow-breaking'] === true ? 'all' : config.allowBreakingMigrations;
      // Servers starting meanwhile wait for this, as they wait for each other (decision 020).
      const { result } = await withStartupLock(db, (locked) =>
        migrateGuarded(
          locked.kysely,
          locked.dialect,
          locked.schema,
          allowance,
          migrations ?? migrationCatalog(),
        ),
      );
      for (const name of result.applied) out.line(`applied ${name}`);
      if (result.blocked) {
        out.error(blockedMessage(result.blocked));
        return result.applied.length > 0 ? 2 : 1;
      }
      if (result.applied.length === 0) out.line('Nothing to apply: the database is current.');
      return 0;
    },
  },
  {
    name: 'backup:create',
    summary: 'Back up the database (with its JWT secret), the VPN authorities and the media folder',
    usage: '[--to <folder>]   (default DATA_DIR/backups/<date-time>; must not exist)',
    options: { to: { type: 'string' } },
    database: 'as-is',
    run: ({ db, config, out }, args) =>
      refusing(
        async () => {
          const folder =
            optionalOption(args, 'to') ??
            join(config.dataDir, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
          const manifest = await createBackup(db, config, folder, out);
          const files = manifest.folders.reduce((sum, entry) => sum + entry.files.length, 0);
          out.line(
            `backup written to ${folder}: ${manifest.engine} database (${String(manifest.database.bytes)} bytes, ` +
              `${String(manifest.migrations.length)} migrations), ${String(files)} files`,
          );
          if (manifest.jwtSecret.from === 'environment') {
            out.error(
              'JWT_SECRET is set in the environment and is not in the backup: keep it with this backup.',
            );
          }
          return 0;
        },
        (text) => {
          out.error(text);
        },
      ),
  },
  {
    name: 'backup:verify',
    summary: "Check a backup's manifest and every file's size and checksum",
    usage: '<folder>',
    options: {},
    positionals: true,
    database: 'as-is',
    run: ({ out }, args) =>
      refusing(
        async () => {
          const manifest = await verifyBackup(folderArgument(args.positionals), out);
          out.line(
            `backup of ${manifest.createdAt} (release ${manifest.release}, ${manifest.engine}, ` +
              `latest migration ${manifest.migrations.at(-1) ?? 'none'}) is whole`,
          );
          return 0;
        },
        (text) => {
          out.error(text);
        },
      ),
  },
  {
    name: 'backup:restore',
    summary: 'Replace the database and the VPN and media folders with a backup (stop the servers first)',
    usage: '<folder> --yes [--force]   (--force: even with app servers connected, PostgreSQL)',
    options: { yes: { type: 'boolean' }, force: { type: 'boolean' } },
    positionals: true,
    database: 'as-is',
    run: ({ db, config, out }, args) =>
      refusing(
        async () => {
          const folder = folderArgument(args.positionals);
          if (args.values.yes !== true) {
            throw new AdminUsageError('A restore replaces the database and folders: add --yes to go ahead');
          }
          const report = await restoreBackup(db, config, folder, out, { force: args.values.force === true });
          out.line(
            `restored the backup of ${report.manifest.createdAt} (release ${report.manifest.release}, ` +
              `latest migration ${report.manifest.migrations.at(-1) ?? 'none'})`,
          );
          for (const aside of report.movedAside) out.line(`the folder before the restore is now ${aside}`);
          for (const warning of report.warnings) out.error(`Warning: ${warning}`);
          out.error('Start the app servers now: they read the JWT secret at start.');
          return 0;
        },
        (text) => {
          out.error(text);
        },
      ),
  },
];
