import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { E2E_PORT } from '../playwright.config';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs one operator command (`npm run admin -- <args>`) on the database of the server under test, as
 * an operator would on the same host: the built admin entry point, the server's data directory
 * (start-server.mjs writes where it is). Answers the command's output; a non-zero exit fails the test.
 */
export function runOperatorCommand(args: readonly string[]): string {
  const dataDir = readFileSync(join(tmpdir(), `member-area-e2e-${String(E2E_PORT)}.datadir`), 'utf8').trim();
  const serverDir = process.env.E2E_SERVER_DIR ?? 'dist';
  const run = spawnSync(process.execPath, [join(root, 'apps/server', serverDir, 'admin.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, APP_ENV: 'LOCAL', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  if (run.status !== 0) {
    throw new Error(`admin ${args.join(' ')} exited ${String(run.status)}: ${run.stderr}${run.stdout}`);
  }
  return run.stdout;
}
