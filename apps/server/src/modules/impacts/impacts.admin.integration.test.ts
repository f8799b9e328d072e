import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand } from '../../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../../test/harness';

describe.each(ENGINES)('impact admin commands (%s)', (engine) => {
  let testDb: TestDb;
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };
  let brand: { id: number; slug: string };

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const config = testConfig();
    context = { db: testDb, config, services: createServices(testDb, config), out: memoryOutput() };
    brand = await buildBrand(testDb);
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('adds and edits a category and an item, then lists it', async () => {
    const category = [
      'impact:category',
      '--brand',
      brand.slug,
      '--slug',
      'forests',
      '--name',
      'Forests',
      '--lang',
      'fr-ca=Forêts',
    ];
    expect(await runAdmin(category, context)).toBe(0);
    const item = [
      'impact:item',
      '--brand',
      brand.slug,
      '--category',
      'forests',
      '--slug',
      'trees',
      '--name',
      'Plant trees',
      '--unit',
      'tree',
      '--unit-plural',
      'trees',
      '--price',
      '20',
      '--target',
      '1000',
      '--prices',
      '1,5',
      '--image',
      '/static/impacts/trees.svg',
    ];
    expect(await runAdmin(item, context)).toBe(0);
    expect(await runAdmin([...item.slice(0, -2), '--retire'], context)).toBe(0);
    context.out = memoryOutput();
    expect(await runAdmin(['impact:list', '--brand', brand.slug, '--json'], context)).toBe(0);
    const listed = JSON.parse(context.out.lines.join('\n')) as {
      slug: string;
      pricePerUnit: number;
      active: boolean;
      prices: number[];
    }[];
    expect(listed).toEqual([
      expect.objectContaining({ slug: 'trees', pricePerUnit: 20, active: false, prices: [1, 5] }),
    ]);
    const stored = await testDb.kysely
      .selectFrom('impact_items')
      .select('langs')
      .where('brand_id', '=', brand.id)
      .where('slug', '=', 'trees')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.langs)).toEqual({ 'en-us': { unitPlural: 'trees' } });
  });

  it('refuses a bad price, an unknown category and a missing brand', async () => {
    const base = [
      'impact:item',
      '--brand',
      brand.slug,
      '--slug',
      'x-item',
      '--name',
      'X',
      '--unit',
      'u',
      '--target',
      '1',
    ];
    expect(await runAdmin([...base, '--category', 'forests', '--price', '0'], context)).not.toBe(0);
    expect(await runAdmin([...base, '--category', 'nope', '--price', '5'], context)).not.toBe(0);
    expect(await runAdmin(['impact:list', '--brand', 'no-such-brand'], context)).toBe(1);
  });
});
