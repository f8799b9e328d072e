import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

import SQLite from 'better-sqlite3';
import { sql } from 'kysely';

import type { AdminOutput } from '../cli/admin-command';
import type { AppConfig } from '../config';
import {
  type BackupFile,
  copyFolder,
  copyWithDigest,
  digestOf,
  listFiles,
  moveAside,
} from './backup-folders';
import type { Db } from './database';
import { migrationCatalog, withStartupLock } from './migrate';

/*
 * Backup and restore of a deployment (issue 15, item 6; decision 034). A backup is a folder:
 *
 *   manifest.json      what is inside, with the size and SHA-256 of every file, written last
 *   database.sqlite    SQLite: a copy made with SQLite's online backup API (consistent while servers run)
 *   database.dump      PostgreSQL: pg_dump's custom format of the application's schema
 *   vpn/               the VPN certificate authorities (VPN_CA_DIR, default DATA_DIR/vpn)
 *   media/             MEDIA_DIR (default DATA_DIR/media): the imported media and covers
 *
 * The JWT secret kept in the database (decision 012) comes with the database; a JWT_SECRET set in the
 * environment is not copied (it lives with the deployment's other secrets), only a fingerprint of it,
 * so a restore can say when the running configuration's secret differs.
 */

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'member-area-backup';
const VERSION = 1;

export type BackupFolderName = 'vpn' | 'media';

export interface BackupManifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  release: string;
  engine: 'sqlite' | 'postgres';
  /** PostgreSQL: the schema dumped (restored into the same one). */
  schema: string | null;
  /** The migrations the database had, in order. */
  migrations: string[];
  /** Where the JWT secret was, and a fingerprint of it (never the secret). */
  jwtSecret: { from: 'environment' | 'database' | 'none'; fingerprint: string | null };
  database: BackupFile;
  folders: { name: BackupFolderName; source: string; files: BackupFile[] }[];
}

/** A refusal of the backup commands: printed as it is, exit code 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** 16 hex characters that tell two secrets apart and reveal nothing of them. */
export function secretFingerprint(secret: string | Uint8Array): string {
  return createHash('sha256')
    .update('member-area jwt secret fingerprint\0')
    .update(secret)
    .digest('hex')
    .slice(0, 16);
}

function folderSources(config: AppConfig): Record<BackupFolderName, string> {
  return { vpn: config.vpn.caDir, media: dirname(config.media.importedDir) };
}

async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db.kysely);
    return rows.map((row) => row.name);
  } catch {
    return [];
  }
}

async function storedJwtSecret(db: Db): Promise<string | null> {
  try {
    const row = await db.kysely
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'jwt_secret')
      .executeTakeFirst();
    return row?.value ?? null;
  } catch {
    return null;
  }
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  const schema = rows[0]?.schema;
  if (!schema || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new BackupError(`Cannot back up the schema "${String(schema)}": not a plain identifier`);
  }
  return schema;
}

/**
 * The libpq connection of `url` for a PostgreSQL tool: the URL without its password, which goes in
 * PGPASSWORD (so no process listing shows it).
 */
function postgresTool(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a tool to its end; refuses with its message when it is missing or fails. */
function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: (input: NodeJS.WritableStream) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 8_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) of the server's major version or newer`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${command} failed (exit ${String(code)}): ${stderr.trim()}`));
    });
    if (stdin && child.stdin) stdin(child.stdin);
  });
}

/**
 * Writes a backup into `folder` (which must not exist): first into `<folder>.partial`, renamed when
 * complete, so a folder with the final name is always a whole backup.
 */
export async function createBackup(
  db: Db,
  config: AppConfig,
  folder: string,
  out: AdminOutput,
): Promise<BackupManifest> {
  const target = resolve(folder);
  if (await stat(target).catch(() => null)) throw new BackupError(`${target} already exists`);
  const partial = `${target}.partial`;
  for (const source of Object.values(folderSources(config))) {
    if (partial.startsWith(`${resolve(source)}${sep}`)) {
      throw new BackupError(`${target} is inside ${source}, which the backup copies: write it elsewhere`);
    }
  }
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const migrations = await appliedMigrations(db);
    const stored = config.jwtSecretFrom === 'environment' ? null : await storedJwtSecret(db);
    const jwtSecret: BackupManifest['jwtSecret'] =
      config.jwtSecretFrom === 'environment'
        ? { from: 'environment', fingerprint: secretFingerprint(config.jwtSecret) }
        : stored
          ? { from: 'database', fingerprint: secretFingerprint(stored) }
          : { from: 'none', fingerprint: null };
    let schema: string | null = null;
    let database: BackupFile;
    if (config.database.kind === 'sqlite') {
      if (config.database.file === ':memory:')
        throw new BackupError('An in-memory database cannot be backed up');
      database = {
        path: 'database.sqlite',
        ...(await backupSqlite(config.database.file, join(partial, 'database.sqlite'), out)),
      };
    } else {
      schema = await currentSchema(db);
      const file = join(partial, 'database.dump');
      const tool = postgresTool(config.database.url);
      out.error(`database: pg_dump of schema ${schema}`);
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--schema=${schema}`,
          `--file=${file}`,
          `--dbname=${tool.dbname}`,
        ],
        tool.env,
      );
      database = { path: 'database.dump', ...(await digestOf(file)) };
    }
    const folders: BackupManifest['folders'] = [];
    for (const [name, source] of Object.entries(folderSources(config)) as [BackupFolderName, string][]) {
      const count = (await listFiles(source)).length;
      const progress = out.progress(`${name} files`, count);
      const files = await copyFolder(source, join(partial, name), () => {
        progress.tick();
      });
      progress.done();
      folders.push({ name, source, files });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      release: config.release,
      engine: config.database.kind,
      schema,
      migrations,
      jwtSecret,
      database,
      folders,
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, target);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** SQLite's online backup API from a connection of its own, with a bar by pages. */
async function backupSqlite(
  from: string,
  to: string,
  out: AdminOutput,
): Promise<{ bytes: number; sha256: string }> {
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    await copySqlite(source, to, out, 'database pages');
  } finally {
    source.close();
  }
  // The copy keeps the server's WAL mode; in rollback-journal mode it is one self-contained file that
  // opens read-only (a restore, sqlite3 by hand) without -wal or -shm beside it.
  const copy = new SQLite(to);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  await chmod(to, 0o600);
  return digestOf(to);
}

async function copySqlite(
  source: SQLite.Database,
  to: string,
  out: AdminOutput,
  label: string,
): Promise<void> {
  let bar: ReturnType<AdminOutput['progress']> | null = null;
  let done = 0;
  await source.backup(to, {
    progress: ({ totalPages, remainingPages }) => {
      bar ??= out.progress(label, totalPages);
      bar.tick(totalPages - remainingPages - done);
      done = totalPages - remainingPages;
      return 1_000;
    },
  });
  (bar as ReturnType<AdminOutput['progress']> | null)?.done();
}

/** Reads and checks a backup's manifest and every file's size and SHA-256. */
export async function verifyBackup(folder: string, out: AdminOutput): Promise<BackupManifest> {
  const root = resolve(folder);
  const text = await readFile(join(root, MANIFEST_FILE), 'utf8').catch(() => {
    throw new BackupError(`${root} is not a backup: no ${MANIFEST_FILE} (an unfinished backup has none)`);
  });
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupError(`${root}: not a member-area backup of format version ${String(VERSION)}`);
  }
  const whole = manifest as BackupManifest;
  const files = [
    whole.database,
    ...whole.folders.flatMap((entry) =>
      entry.files.map((file) => ({ ...file, path: `${entry.name}/${file.path}` })),
    ),
  ];
  const progress = out.progress('checking files', files.length);
  if (!['database.sqlite', 'database.dump'].includes(whole.database.path)) {
    throw new BackupError(`${whole.database.path}: not a database file of a backup`);
  }
  for (const file of files) {
    if (file.path.split('/').includes('..') || file.path.startsWith('/'))
      throw new BackupError(`${file.path}: not a path inside the backup`);
    const digest = await digestOf(join(root, file.path)).catch(() => null);
    if (digest?.sha256 !== file.sha256 || digest.bytes !== file.bytes) {
      throw new BackupError(`${file.path} is missing or differs from the manifest: the backup is damaged`);
    }
    progress.tick();
  }
  progress.done();
  return whole;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** Where each replaced folder was moved. */
  movedAside: string[];
  /** What the operator must know: a JWT secret that differs, and so on. */
  warnings: string[];
}

/**
 * Puts a backup back: the database (replaced whole) and the folders (the current ones moved aside,
 * never deleted). Every file is checked first; a backup made by a newer release (migrations this one
 * does not know), of the other engine or of another schema is refused. With PostgreSQL, connections of
 * running servers (by DATABASE_APPLICATION_NAME) refuse the restore unless `force`. Stop the servers
 * first and start them after: they read the JWT secret at start.
 */
export async function restoreBackup(
  db: Db,
  config: AppConfig,
  folder: string,
  out: AdminOutput,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  const root = resolve(folder);
  const manifest = await verifyBackup(root, out);
  if (manifest.engine !== config.database.kind) {
    throw new BackupError(
      `The backup is of ${manifest.engine}; this configuration uses ${config.database.kind}`,
    );
  }
  const known = new Set(migrationCatalog().map((entry) => entry.name));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup was made by a newer release (migrations this one does not know: ${unknown.join(', ')}); restore it with that release`,
    );
  }
  const warnings: string[] = [];
  if (manifest.jwtSecret.from === 'environment') {
    const now = config.jwtSecretFrom === 'environment' ? secretFingerprint(config.jwtSecret) : null;
    if (now !== manifest.jwtSecret.fingerprint) {
      warnings.push(
        'JWT_SECRET differs from the one the backup was made with: sessions and links of that time will not be accepted. Set the JWT_SECRET of that time to keep them.',
      );
    }
  } else if (manifest.jwtSecret.from === 'database' && config.jwtSecretFrom === 'environment') {
    warnings.push(
      'The backup kept its JWT secret in the database, but JWT_SECRET is set and wins: unset it to accept the sessions of that time.',
    );
  }

  if (config.database.kind === 'sqlite') {
    const file = config.database.file;
    if (file === ':memory:') throw new BackupError('Cannot restore into an in-memory database');
    await mkdir(dirname(file), { recursive: true });
    const source = new SQLite(join(root, manifest.database.path), { readonly: true, fileMustExist: true });
    try {
      // Through SQLite, into the live file: its WAL and any reader stay consistent.
      await copySqlite(source, file, out, 'database pages');
    } finally {
      source.close();
    }
  } else {
    const url = config.database.url;
    const schema = await currentSchema(db);
    if (manifest.schema !== schema) {
      throw new BackupError(
        `The backup is of the schema ${String(manifest.schema)}; this database uses ${schema}`,
      );
    }
    if (!options.force) {
      const name = config.database.pool?.applicationName ?? 'member-area';
      const { rows } = await sql<{ count: string | number }>`select count(*) as count from pg_stat_activity
        where datname = current_database() and application_name = ${name} and pid <> pg_backend_pid()`.execute(
        db.kysely,
      );
      const count = Number(rows[0]?.count ?? 0);
      if (count > 0) {
        throw new BackupError(
          `${String(count)} connection(s) named ${name} are open: stop the app servers first (or --force)`,
        );
      }
    }
    // Servers that start meanwhile wait for it, as for each other's start-up (decision 020).
    await withStartupLock(db, async () => {
      out.error(`database: pg_restore into schema ${schema} (one transaction)`);
      await restorePostgres(url, schema, join(root, manifest.database.path));
    });
  }

  const movedAside: string[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const targets = folderSources(config);
  for (const entry of manifest.folders) {
    const target = targets[entry.name];
    const aside = await moveAside(target, stamp);
    if (aside) movedAside.push(aside);
    const progress = out.progress(`${entry.name} files`, entry.files.length);
    await mkdir(target, { recursive: true, mode: 0o700 });
    for (const file of entry.files) {
      const restored = join(target, file.path);
      await mkdir(dirname(restored), { recursive: true });
      await copyWithDigest(join(root, entry.name, file.path), restored, file.mode ?? 0o600);
      progress.tick();
    }
    progress.done();
  }
  return { manifest, movedAside, warnings };
}

/**
 * The dump's schema dropped and restored in one transaction: pg_restore writes the SQL, psql runs it
 * after the drop with `--single-transaction` and stops at the first error, so a failed restore leaves
 * the database as it was.
 */
async function restorePostgres(url: string, schema: string, dump: string): Promise<void> {
  const tool = postgresTool(url);
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dump], {
    env: tool.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let restoreError = '';
  restore.stderr.on('data', (chunk: Buffer) => {
    if (restoreError.length < 8_000) restoreError += chunk.toString('utf8');
  });
  const restored = new Promise<void>((resolvePromise, reject) => {
    restore.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError('pg_restore was not found: install postgresql-client')
          : error,
      );
    });
    restore.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`pg_restore failed (exit ${String(code)}): ${restoreError.trim()}`));
    });
  });
  const applied = runTool(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      '--file=-',
      `--dbname=${tool.dbname}`,
    ],
    tool.env,
    (input) => {
      // psql stopping at an error closes its input; its exit code tells that, not a broken pipe.
      input.on('error', () => undefined);
      input.write(`DROP SCHEMA IF EXISTS "${schema}" CASCADE;\n`);
      restore.stdout.pipe(input);
    },
  );
  await Promise.all([restored, applied]);
}
