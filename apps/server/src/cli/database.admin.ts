import {
  blockedMessage,
  migrateGuarded,
  migrationCatalog,
  migrationStatus,
  withStartupLock,
} from '../db/migrate';
import type { AdminCommand } from './admin-command';

/**
 * The operator's database commands (decision 034): what migrations are pending, which of them the
 * previous release cannot read, and applying them. They leave the database as they find it until asked.
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
];
