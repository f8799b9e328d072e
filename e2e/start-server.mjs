// Starts the built server on a fresh embedded database for the end-to-end tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'member-area-e2e-'));
// Where this port's server keeps its database, for the tests that run an operator command on it
// (tests/operator.ts).
writeFileSync(join(tmpdir(), `member-area-e2e-${process.env.E2E_PORT ?? '4780'}.datadir`), dataDir);
// E2E_SERVER_DIR and WEB_DIST_DIR point at a private build (see apps/server/build.mjs) when several
// builds share one checkout.
const serverDir = process.env.E2E_SERVER_DIR ?? 'dist';
const child = spawn(process.execPath, [join(root, 'apps/server', serverDir, 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_ENV: 'LOCAL',
    PORT: process.env.E2E_PORT ?? '4780',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1; the per-account limit still applies.
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
