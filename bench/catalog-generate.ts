/**
 * Generates the 1,000,000-title benchmark catalog (lib/catalog-data.ts): on SQLite into
 * results/catalog-1m.sqlite, on PostgreSQL into schema bench_catalog of BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test). Deterministic: the same command gives the same rows.
 *
 * Usage: npm run bench:catalog:generate -- [--engine sqlite|postgres|both] [--titles 1000000]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { BENCH_TITLES, generatePostgres, generateSqlite } from './lib/catalog-data';
import { RESULTS_DIR, machineInfo, writeResults } from './lib/report';

export const SQLITE_FILE = resolve(RESULTS_DIR, 'catalog-1m.sqlite');

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    titles: { type: 'string', default: String(BENCH_TITLES) },
  },
});
const engine = values.engine ?? 'both';
const titles = Number(values.titles);
if (!['sqlite', 'postgres', 'both'].includes(engine) || !Number.isInteger(titles) || titles < 1_000) {
  console.error(
    'Usage: npm run bench:catalog:generate -- [--engine sqlite|postgres|both] [--titles 1000000]',
  );
  process.exit(1);
}
const machine = machineInfo();
const results = [];
if (engine !== 'postgres') results.push(await generateSqlite(SQLITE_FILE, titles));
if (engine !== 'sqlite') results.push(await generatePostgres(titles));
for (const result of results)
  console.log(`${result.engine}: ${String(result.titles)} titles in ${result.seconds.toFixed(1)} s`);
console.log(`written to ${writeResults('catalog-generate', { machine, results })}`);
