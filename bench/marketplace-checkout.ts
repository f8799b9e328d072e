/**
 * Marketplace checkout completions per second (issue 17), on SQLite and on PostgreSQL.
 *
 * For each engine: a fresh test database, one brand and member, one product with `--orders` in stock,
 * and `--orders` checkouts frozen at the payment step (status `paying`, as `payCheckout` leaves them).
 * Each is completed through the real `order` purpose handler (marketplace.fulfilOrderPayment): the
 * order, the stock reservation, the items and the checkout update in one transaction. Measured twice:
 * one completion at a time, and `--concurrency` at once (all for the same product, so they contend on
 * its stock row). A final check: orders = stock sold = `--orders`, stock left 0.
 *
 * Usage: npx tsx bench/marketplace-checkout.ts [--orders 500] [--concurrency 20] [--engines sqlite,postgres]
 * PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a schema of its own is made
 * and dropped). Not run in CI; figures go into the note.
 */
import { parseArgs } from 'node:util';

import { createServices } from '../apps/server/src/services';
import { buildBrand, buildMember } from '../apps/server/src/test/factories';
import { type Engine, createTestDb, testConfig } from '../apps/server/src/test/harness';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '20' },
    engines: { type: 'string', default: process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite' },
  },
});
const ORDERS = Number(values.orders);
const CONCURRENCY = Number(values.concurrency);
const engines = String(values.engines).split(',') as Engine[];

async function run(engine: Engine, mode: 'sequential' | 'concurrent') {
  const db = await createTestDb(engine);
  try {
    const services = createServices(db, testConfig());
    const brand = await buildBrand(db, { brandTags: ['ecommerce'] });
    const member = await buildMember(db, brand.id);
    const { id: categoryId } = await services.marketplace.upsertCategory(
      brand.id,
      'bench',
      { 'en-us': 'Bench' },
      0,
    );
    const productId = await services.marketplace.upsertProduct({
      brandId: brand.id,
      categoryId,
      slug: 'bench-product',
      names: { 'en-us': 'Bench product' },
      descriptions: { 'en-us': '' },
      prices: { USD: 1000 },
      images: [],
      stock: ORDERS,
      shippable: true,
      freeGiftEligible: false,
    });
    const at = new Date().toISOString();
    const ids = Array.from({ length: ORDERS }, (_, i) => `mk_bench-${mode}-${i}`);
    for (let start = 0; start < ids.length; start += 100) {
      await db.kysely
        .insertInto('shop_checkouts')
        .values(
          ids.slice(start, start + 100).map((id) => ({
            id,
            brand_id: brand.id,
            member_id: member.id,
            status: 'paying' as const,
            information: '{}',
            shipping_method: 'standard',
            lines: JSON.stringify([
              { productId, name: 'Bench product', image: null, quantity: 1, unitPrice: 1000 },
            ]),
            currency: 'USD',
            total: 1499,
            payment_checkout_id: null,
            order_id: null,
            failure_code: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    const complete = (id: string, i: number) =>
      services.marketplace.fulfilOrderPayment({
        id: `pi_bench_${mode}_${i}`,
        brandId: brand.id,
        memberId: member.id,
        amountMinor: 1499,
        currency: 'USD',
        metadata: { shopCheckoutId: id },
        purpose: 'order',
        checkoutId: null,
        createdAt: at,
      });
    const started = performance.now();
    if (mode === 'sequential') {
      for (const [i, id] of ids.entries()) await complete(id, i);
    } else {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < ids.length) {
            const i = next++;
            await complete(ids[i] ?? '', i);
          }
        }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    const orders = await db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('brand_id', '=', brand.id)
      .executeTakeFirstOrThrow();
    const product = await db.kysely
      .selectFrom('shop_products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return {
      engine,
      mode,
      perSecond: ORDERS / seconds,
      orders: Number(orders.count),
      stockLeft: product.stock,
    };
  } finally {
    await db.cleanup();
  }
}

const rows = [];
for (const engine of engines) {
  for (const mode of ['sequential', 'concurrent'] as const) rows.push(await run(engine, mode));
}
console.table(rows.map((row) => ({ ...row, perSecond: row.perSecond.toFixed(1) })));
const broken = rows.filter((row) => row.orders !== ORDERS || row.stockLeft !== 0);
if (broken.length > 0) {
  console.error('Integrity check failed:', broken);
  process.exitCode = 1;
}
