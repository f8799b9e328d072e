import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { type SharedStore, createSharedStore, localSharedStore } from '../../shared/shared-store';
import { buildBrand } from '../../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../../test/harness';
import { genericToken, graphql } from '../../test/http';

// Issue 15, item 7 (decision 034): plan:add and plan:edit, seen at once by a server that had read the
// plans before (servers keep no copy of plans; the command still publishes the plans topic through the
// shared store: Redis when REDIS_URL is set, the command line and the server two stores as two
// processes are; without it one bus of this process).

const redisUrl = process.env.REDIS_URL ?? null;

interface PlanResult {
  id: number;
  name: string;
  priceRecurring: number;
  currency: string;
  recurring: { interval: string; interval_count: number };
  mediaTypes: string[];
}

describe.each(ENGINES)('plan commands (%s)', (engine) => {
  let testDb: TestDb;
  let server: FastifyInstance;
  let stores: SharedStore[];
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const config = testConfig();
    const prefix = `test-plans-${randomBytes(4).toString('hex')}:`;
    const shared = redisUrl
      ? await Promise.all([0, 1].map(() => createSharedStore({ redisUrl, keyPrefix: prefix })))
      : [localSharedStore()];
    stores = shared;
    const [serverStore, secondStore] = shared;
    if (!serverStore) throw new Error('no store');
    const operatorStore = secondStore ?? serverStore;
    server = await buildApp({ config, db: testDb, logger: false, shared: serverStore });
    await server.ready();
    context = {
      db: testDb,
      config,
      services: createServices(testDb, config, { invalidation: operatorStore.invalidation }),
      out: memoryOutput(),
    };
  });
  afterAll(async () => {
    await server.close();
    for (const store of stores) await store.close();
    await testDb.cleanup();
  });

  const run = async (...argv: string[]) => {
    context.out = memoryOutput();
    const code = await runAdmin(argv, context);
    return { code, lines: context.out.lines.join('\n'), errors: context.out.errors.join('\n') };
  };
  const plansOf = async (hostname: string) => {
    const token = await genericToken(server, hostname);
    const result = await graphql<{ plan: { getPlans: PlanResult[] } }>(
      server,
      { host: hostname, token },
      '{ plan { getPlans { id name priceRecurring currency recurring { interval interval_count } mediaTypes } } }',
    );
    return result.data?.plan.getPlans ?? [];
  };

  it('adds a plan the brand offers at once, and an edit shows on the server at once', async () => {
    const brand = await buildBrand(testDb);
    const other = await buildBrand(testDb);
    // The server has read (and cached) the brand's plans before the operator changes them.
    expect(await plansOf(brand.hostname)).toEqual([]);

    const added = await run(
      'plan:add',
      ...['--brand', brand.slug, '--name', 'Jazz Monthly', '--price', '999', '--currency', 'usd'],
      ...['--symbol', '$', '--media-types', 'music,audiobook', '--local', 'CAD=1299/0/CA$'],
    );
    expect(added).toMatchObject({ code: 0 });
    const id = Number(/#(\d+)/.exec(added.lines)?.[1]);
    expect(await plansOf(brand.hostname)).toEqual([
      {
        id,
        name: 'Jazz Monthly',
        priceRecurring: 999,
        currency: 'USD',
        recurring: { interval: 'month', interval_count: 1 },
        mediaTypes: ['music', 'audiobook'],
      },
    ]);
    expect(await plansOf(other.hostname)).toEqual([]);

    const edited = await run(
      'plan:edit',
      ...['--id', String(id), '--price', '1099', '--interval', 'year', '--name', 'Jazz Yearly'],
    );
    expect(edited).toMatchObject({ code: 0 });
    expect((await plansOf(brand.hostname))[0]).toMatchObject({
      id,
      name: 'Jazz Yearly',
      priceRecurring: 1099,
      recurring: { interval: 'year', interval_count: 1 },
    });
    expect((await run('plan:list', '--brand', brand.slug)).lines).toContain(`#${String(id)}  Jazz Yearly`);
  });

  it('refuses bad values, an unknown plan or brand, and a taken id, changing nothing', async () => {
    const brand = await buildBrand(testDb);
    const base = ['--brand', brand.slug, '--name', 'X', '--currency', 'USD', '--symbol', '$'];
    expect((await run('plan:add', ...base, '--price', '5.5')).errors).toContain(
      '--price must be a whole number',
    );
    expect((await run('plan:add', ...base, '--price', '5', '--interval', 'fortnight')).errors).toContain(
      'Refused (invalid_plan)',
    );
    expect((await run('plan:add', ...base, '--price', '5', '--media-types', 'music,films')).errors).toContain(
      'Not a media type: films',
    );
    expect((await run('plan:add', ...base, '--price', '5', '--all-brands')).errors).toContain(
      'Give --brand <slug> or --all-brands',
    );
    expect(
      (
        await run(
          'plan:add',
          '--brand',
          'nope',
          '--name',
          'X',
          '--price',
          '5',
          '--currency',
          'USD',
          '--symbol',
          '$',
        )
      ).errors,
    ).toContain('Refused (brand_not_found)');
    expect((await plansOf(brand.hostname)).length).toBe(0);

    const first = await run('plan:add', ...base, '--price', '5', '--id', '987654');
    expect(first.code).toBe(0);
    expect((await run('plan:add', ...base, '--price', '6', '--id', '987654')).errors).toContain(
      'Refused (plan_id_taken)',
    );
    expect((await run('plan:edit', '--id', '987653', '--price', '1')).errors).toContain(
      'Refused (plan_not_found)',
    );
    expect((await run('plan:edit', '--id', '987654')).errors).toContain('Refused (nothing_to_change)');
    expect((await plansOf(brand.hostname)).map((plan) => plan.priceRecurring)).toEqual([5]);
  });
});
