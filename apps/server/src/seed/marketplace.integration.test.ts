import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../test/harness';
import { seedMarketplace } from './marketplace';

describe.each(ENGINES)('demo marketplace seed (%s)', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  it('makes 60 pictured products in 6 categories, priced in every demo currency, once', async () => {
    const brand = await buildBrand(db, { brandTags: ['ecommerce'] });
    expect(await seedMarketplace(db, [brand.id])).toBe(60);
    expect(await seedMarketplace(db, [brand.id])).toBe(0);
    const categories = await db.kysely
      .selectFrom('shop_categories')
      .select('id')
      .where('brand_id', '=', brand.id)
      .execute();
    expect(categories).toHaveLength(6);
    const products = await db.kysely
      .selectFrom('shop_products')
      .selectAll()
      .where('brand_id', '=', brand.id)
      .execute();
    expect(products).toHaveLength(60);
    for (const product of products) {
      const prices = JSON.parse(product.prices) as Record<string, number>;
      expect(Object.keys(prices).sort()).toEqual(['CAD', 'EUR', 'GBP', 'JPY', 'MYR', 'USD']);
      expect(Object.values(prices).every((price) => Number.isSafeInteger(price) && price > 0)).toBe(true);
      expect((JSON.parse(product.images) as string[])[0]).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Object.keys(JSON.parse(product.names) as object)).toContain('fr-ca');
    }
  });
});
