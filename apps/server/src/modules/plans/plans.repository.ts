import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';

/** Plan rows. Prices are read in the brand's billing currency. */
export function createPlansRepository(db: Kysely<Database>) {
  return {
    /**
     * Plans a brand offers: its own and those offered on every brand (null brand), that have a price
     * in `currency` (their list price, or a `plan_prices` row), in display order. `local_*` is the
     * `plan_prices` price when the list currency differs.
     */
    listForBrand: (brandId: number, currency: string) =>
      db
        .selectFrom('plans')
        .leftJoin('plan_prices', (join) =>
          join.onRef('plan_prices.plan_id', '=', 'plans.id').on('plan_prices.currency', '=', currency),
        )
        .selectAll('plans')
        .select([
          'plan_prices.currency as local_currency',
          'plan_prices.symbol as local_symbol',
          'plan_prices.price_recurring as local_price_recurring',
          'plan_prices.price_initial as local_price_initial',
        ])
        .where((eb) => eb.or([eb('plans.brand_id', 'is', null), eb('plans.brand_id', '=', brandId)]))
        .where((eb) =>
          eb.or([eb('plans.currency', '=', currency), eb('plan_prices.plan_id', 'is not', null)]),
        )
        .orderBy('plans.sort_order')
        .orderBy('plans.id')
        .execute(),
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
export type PlanWithLocalPrice = Awaited<ReturnType<PlansRepository['listForBrand']>>[number];
