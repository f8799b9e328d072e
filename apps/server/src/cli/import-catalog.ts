import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { loadConfig } from '../config';
import { createDb } from '../db/database';
import { blockedMessage, migrateGuarded, withStartupLock } from '../db/migrate';
import { type ImportOutcome, importCatalogFolder } from '../modules/catalog/catalog.import';

/*
 * npm run catalog:import -- --brand <slug> <folder>
 *
 * Imports a folder of media (MP3, M4A, M4B, MP4, M4V, EPUB) into a brand's catalog, reading the
 * metadata from the files (modules/catalog/catalog.import.ts). Uses the server's configuration:
 * DATABASE_URL or DATA_DIR for the database, MEDIA_DIR or DATA_DIR/media for the copies.
 *
 * Exit codes: 0 every file imported or already there; 2 some files were rejected (listed with their
 * reason, nothing of them kept); 1 the command could not run (arguments, brand, folder, database).
 */

const USAGE = 'Usage: npm run catalog:import -- --brand <slug> <folder>';

function line(outcome: ImportOutcome): string {
  switch (outcome.status) {
    case 'imported':
      return `imported  ${outcome.path} -> ${outcome.mediaType} #${String(outcome.mediaId)} "${outcome.title}"${
        outcome.chapters > 0 ? ` (${String(outcome.chapters)} chapters)` : ''
      }${outcome.notes.map((note) => `\n          ${note}`).join('')}`;
    case 'duplicate':
      return `unchanged ${outcome.path} (already imported as #${String(outcome.mediaId)})`;
    case 'rejected':
      return `REJECTED  ${outcome.path}: ${outcome.reason}`;
  }
}

async function main(): Promise<number> {
  let brand: string | undefined;
  let folder: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      options: { brand: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    brand = values.brand;
    folder = positionals.length === 1 ? positionals[0] : undefined;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  if (!brand || !folder) {
    console.error(USAGE);
    return 1;
  }

  const config = loadConfig();
  // An import's statements (a whole folder's search rows) may outlast a request's statement timeout:
  // the tool runs without one, as migrations do.
  const target = config.database;
  const db = createDb(
    target.kind === 'postgres' ? { ...target, pool: { ...target.pool, statementTimeoutMs: 0 } } : target,
  );
  try {
    // As the admin command line does: in turn with starting servers, and never past a migration the
    // previous release cannot read unless ALLOW_BREAKING_MIGRATIONS names it (decision 034).
    const { result } = await withStartupLock(db, (locked) =>
      migrateGuarded(locked.kysely, locked.dialect, locked.schema, config.allowBreakingMigrations),
    );
    if (result.blocked) throw new Error(blockedMessage(result.blocked));
    const report = await importCatalogFolder(db, {
      brandSlug: brand,
      folder: resolve(folder),
      importedDir: config.media.importedDir,
      onFile: (outcome) => {
        const text = line(outcome);
        if (outcome.status === 'rejected') console.error(text);
        else console.log(text);
      },
    });
    const count = (status: ImportOutcome['status']) =>
      report.outcomes.filter((outcome) => outcome.status === status).length;
    console.log(
      `${String(count('imported'))} imported, ${String(count('duplicate'))} unchanged, ${String(count('rejected'))} rejected`,
    );
    return count('rejected') > 0 ? 2 : 0;
  } finally {
    await db.destroy();
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
