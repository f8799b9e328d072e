// The whole check, as CI runs it: types, lint, format, unit and integration tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), the production build, then the browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['types', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['format', 'npm', ['run', 'format:check']],
  ['unit and integration tests', 'npm', ['run', 'test:unit']],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end tests', 'npm', ['run', 'test', '-w', '@member/e2e']],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n✗ ${name} failed after ${seconds}s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✓ ${name} (${seconds}s)\n`);
}
