/*
 * Time to draw a period of 1,000,000 entries (issue 16) on SQLite and PostgreSQL: the real migrations
 * and the server's own sweeps service (pool query, canonical pool, pool hash, draw, recorded in one
 * transaction), over 1,000,000 one-entry entrants written straight into `sweep_entries`.
 *
 *   npx tsx giveaways-draw.ts [--entries 1000000] [--engine sqlite|postgres|both]
 *
 * Databases come from the server's test harness: PostgreSQL needs TEST_DATABASE_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/test) and runs in a schema of its own, dropped afterwards. Writing the entries takes most of the time (several minutes).
 */
import { parseArgs } from 'node:util';

import { createServices } from '../apps/server/src/services';
import { createSweepsRepository } from '../apps/server/src/modules/sweeps/sweeps.repository';
import { buildBrand } from '../apps/server/src/test/factories';
import { type Engine, createTestDb, testConfig } from '../apps/server/src/test/harness';
import { fixed, formatTable, machineInfo, writeResults } from './lib/report';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '1000000' }, engine: { type: 'string', default: 'both' } },
});
const ENTRIES = Number(values.entries);
const engines: Engine[] =
  values.engine === 'both' ? ['sqlite', 'postgres'] : [values.engine === 'postgres' ? 'postgres' : 'sqlite'];

async function bench(engine: Engine): Promise<string[]> {
  const db = await createTestDb(engine);
  const config = testConfig();
  try {
    const brandId = (await buildBrand(db, { brandTags: ['sweeps_for_all'] })).id;
    const services = createServices(db, config);
    const repository = createSweepsRepository(db.kysely);
    const past = new Date(Date.now() - 40 * 86_400_000);
    const period = `${past.getUTCFullYear()}-${String(past.getUTCMonth() + 1).padStart(2, '0')}`;
    const { id: sweepId } = await services.sweeps.createSweep({
      brandId,
      refNumber: `S-BENCH-${Date.now()}`,
      name: 'Bench',
      productName: 'Bench',
      description: 'Bench',
      image: '',
      startDate: new Date(past.getTime() - 86_400_000).toISOString(),
      endDate: past.toISOString(),
      startAvailableDate: new Date(past.getTime() - 86_400_000).toISOString(),
      endAvailableDate: past.toISOString(),
      monthlyExclusive: false,
      tags: [],
      entries: null,
      prices: [],
      multipliers: [],
      drawPeriod: period,
    });
    const writeStarted = performance.now();
    const batch = 5_000;
    for (let start = 0; start < ENTRIES; start += batch) {
      await repository.insertEntries(
        Array.from({ length: Math.min(batch, ENTRIES - start) }, (_, i) => ({
          brandId,
          sweepId,
          memberId: null,
          entrant: `P-${String(start + i).padStart(8, '0')}`,
          entries: 1,
          amountMinor: null,
          currency: null,
          source: 'postal' as const,
          referenceKind: 'bench',
          referenceId: String(start + i),
          idempotencyKey: `bench:${start + i}`,
          periodKey: period,
        })),
      );
    }
    await db.kysely.updateTable('sweep_entries').set({ created_at: past.toISOString() }).execute();
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    const drawStarted = performance.now();
    const counts = await services.sweeps.runDraws();
    const drawSeconds = (performance.now() - drawStarted) / 1000;
    if (counts.drawn !== 1) throw new Error(`expected one draw, got ${JSON.stringify(counts)}`);
    const ref = (await repository.findSweep(brandId, sweepId))?.ref_number ?? '';
    const verifyStarted = performance.now();
    const verified = await services.sweeps.verifyDraw(brandId, ref);
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    return [
      engine,
      String(ENTRIES),
      fixed(writeSeconds),
      fixed(drawSeconds, 2),
      fixed(verifySeconds, 2),
      String(verified.poolHashMatches && verified.roundsMatch),
    ];
  } finally {
    await db.cleanup();
  }
}

const rows: string[][] = [];
for (const engine of engines) rows.push(await bench(engine));
console.log(formatTable(['engine', 'entries', 'write s', 'draw s', 'verify s', 'verified'], rows));
writeResults('giveaways-draw', { machine: machineInfo(), rows });
