import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand } from '../../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../../test/harness';

describe.each(ENGINES)('giveaway admin commands (%s)', (engine) => {
  let testDb: TestDb;
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };
  let slug: string;

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const config = testConfig();
    context = { db: testDb, config, services: createServices(testDb, config), out: memoryOutput() };
    slug = (await buildBrand(testDb, { brandTags: ['sweeps_for_all'] })).slug;
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  const fresh = () => {
    context.out = memoryOutput();
    return context;
  };

  it('creates a giveaway, records envelopes, refuses a PO box and prints the pool', async () => {
    const now = Date.now();
    const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
    let ctx = fresh();
    const created = await runAdmin(
      [
        'sweep:create',
        ...['--brand', slug, '--ref', 'S-ADMIN', '--name', 'Win a bike', '--product', 'Bike'],
        ...['--description', 'A bike.', '--image', '/static/sweeps/bike.webp'],
        ...['--start', iso(-1), '--end', iso(10), '--sale-start', iso(-1), '--sale-end', iso(10)],
        ...['--price', 'USD:$:-:10:500', '--multiplier', 'USD:$:-:500:2', '--cap', '1000'],
      ],
      ctx,
    );
    expect(created).toBe(0);
    expect(ctx.out.lines.join('\n')).toMatch(/seed commitment [0-9a-f]{64}/);

    const postal = (envelope: string, address: string) =>
      runAdmin(
        [
          'sweep:postal',
          ...['--brand', slug, '--ref', 'S-ADMIN', '--envelope', envelope, '--name', 'Jane Doe'],
          ...[
            '--address',
            address,
            '--city',
            'Springfield',
            '--postcode',
            '12345',
            '--email',
            'jane@example.com',
          ],
        ],
        fresh(),
      );
    expect(await postal('env-1', '12 Main Street')).toBe(0);
    expect(await postal('env-1', '12 Main Street')).toBe(0);
    expect(context.out.lines.join('\n')).toContain('recorded before');
    expect(await postal('env-2', 'PO Box 7')).toBe(2);
    expect(context.out.errors.join('\n')).toContain('postal_po_box');

    ctx = fresh();
    expect(await runAdmin(['sweep:pool', '--brand', slug, '--ref', 'S-ADMIN'], ctx)).toBe(0);
    const printed = ctx.out.lines.join('\n').split('\n');
    expect(printed[0]).toBe('giveaway-pool v1');
    expect(printed.some((line) => /^P-[0-9a-f]{16} 1$/.test(line))).toBe(true);

    ctx = fresh();
    expect(await runAdmin(['sweep:verify', '--brand', slug, '--ref', 'S-ADMIN'], ctx)).toBe(2);
    expect(ctx.out.errors.join('\n')).toContain('sweep_not_drawn');
    expect(await runAdmin(['sweep:draw'], fresh())).toBe(0);

    // Tags, such as the bonus offer's default giveaway (decision 032); malformed ones are refused.
    expect(
      await runAdmin(
        ['sweep:edit', '--brand', slug, '--ref', 'S-ADMIN', '--tags', 'bonus_offer_default'],
        fresh(),
      ),
    ).toBe(0);
    const tagged = await testDb.kysely
      .selectFrom('sweeps')
      .select('tags')
      .where('ref_number', '=', 'S-ADMIN')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(tagged.tags)).toEqual(['bonus_offer_default']);
    expect(
      await runAdmin(['sweep:edit', '--brand', slug, '--ref', 'S-ADMIN', '--tags', 'Bad Tag,<x>'], fresh()),
    ).not.toBe(0);
  });
});
