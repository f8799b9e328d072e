import type { Kysely } from 'kysely';

import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { NewPlanPrice } from '../../db/tables/plan-prices';
import type { NewPlan, PlanRow, PlansTable } from '../../db/tables/plans';

/** A plan's prices in one currency, in minor units of `currency`. */
export interface PlanPrice {
  currency: string;
  symbol: string;
  priceRecurring: number;
  priceInitial: number;
}

/** A plan as offered on a brand: its list price and, when that is in another currency, the local one. */
export interface PlanOffer {
  id: number;
  name: string;
  group: string;
  description: string;
  trialPeriodDays: number;
  recurringInterval: PlansTable['recurring_interval'];
  recurringIntervalCount: number;
  /** The media types a subscription to the plan includes ('vpn' for a VPN plan). */
  mediaTypes: string[];
  listPrice: PlanPrice;
  /** The `plan_prices` price in the asked currency when the list currency differs; else null. */
  localPrice: PlanPrice | null;
}

/** Plan rows. Prices are read in the brand's billing currency. */
export function createPlansRepository(db: Kysely<Database>) {
  return {
    /**
     * Plans a brand offers: its own and those offered on every brand (null brand), that have a price
     * in `currency` (their list price, or a `plan_prices` row), in display order.
     */
    listForBrand: async (brandId: number, currency: string): Promise<PlanOffer[]> => {
      const rows = await db
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
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        group: row.group_name,
        description: row.description,
        trialPeriodDays: row.trial_period_days,
        recurringInterval: row.recurring_interval,
        recurringIntervalCount: row.recurring_interval_count,
        mediaTypes: [
          ...readJson<string[]>(row.media_types, []).filter((type) => typeof type === 'string'),
          ...(row.is_vpn === 1 ? ['vpn'] : []),
        ],
        listPrice: {
          currency: row.currency,
          symbol: row.symbol,
          priceRecurring: row.price_recurring,
          priceInitial: row.price_initial,
        },
        localPrice:
          row.local_currency !== null &&
          row.local_symbol !== null &&
          row.local_price_recurring !== null &&
          row.local_price_initial !== null &&
          row.local_currency !== row.currency
            ? {
                currency: row.local_currency,
                symbol: row.local_symbol,
                priceRecurring: row.local_price_recurring,
                priceInitial: row.local_price_initial,
              }
            : null,
      }));
    },

    /** The operator's reads and writes (plans.operator.ts). Every plan, or a brand's and those on every brand. */
    listAll: (brandId?: number): Promise<PlanRow[]> => {
      let query = db.selectFrom('plans').selectAll();
      if (brandId !== undefined) {
        query = query.where((eb) => eb.or([eb('brand_id', 'is', null), eb('brand_id', '=', brandId)]));
      }
      return query.orderBy('sort_order').orderBy('id').execute();
    },
    findById: (id: number): Promise<PlanRow | undefined> =>
      db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The next free id (plan ids are fixed by the catalogue, not generated; decision 006). */
    nextId: async (): Promise<number> => {
      const row = await db
        .selectFrom('plans')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      return (row?.max ?? 0) + 1;
    },
    /** A new plan with its prices in other currencies, in one transaction; false when the id is taken. */
    insert: (plan: NewPlan, prices: Omit<NewPlanPrice, 'plan_id'>[]): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('plans')
          .values(plan)
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        for (const price of prices) {
          await tx
            .insertInto('plan_prices')
            .values({ ...price, plan_id: plan.id })
            .execute();
        }
        return true;
      }),
    /** Changes a plan and sets (adds or replaces) the given prices in other currencies, in one transaction. */
    update: (
      id: number,
      changes: Partial<Omit<NewPlan, 'id'>>,
      prices: Omit<NewPlanPrice, 'plan_id'>[],
    ): Promise<void> =>
      db.transaction().execute(async (tx) => {
        if (Object.keys(changes).length > 0) {
          await tx.updateTable('plans').set(changes).where('id', '=', id).execute();
        }
        for (const price of prices) {
          await tx
            .deleteFrom('plan_prices')
            .where('plan_id', '=', id)
            .where('currency', '=', price.currency)
            .execute();
          await tx
            .insertInto('plan_prices')
            .values({ ...price, plan_id: id })
            .execute();
        }
      }),
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
