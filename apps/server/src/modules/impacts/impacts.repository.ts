import { type Kysely, sql } from 'kysely';

import { isoNow, readJson, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { ImpactCategoryRow } from '../../db/tables/impact-categories';
import type { ImpactItemRow } from '../../db/tables/impact-items';
import type { DbExecutor } from '../../db/transaction';

/** An item's texts in one language. */
export interface ImpactItemText {
  name: string;
  description: string;
  unit: string;
  /** Several units (`trees`), where the language has a plural; `unit` otherwise. */
  unitPlural: string;
}

export interface ImpactCategoryRecord {
  id: number;
  slug: string;
  name: string;
  langs: Record<string, string>;
  position: number;
}

export interface ImpactItemRecord {
  id: number;
  categoryId: number;
  slug: string;
  name: string;
  description: string;
  unit: string;
  langs: Record<string, Partial<ImpactItemText>>;
  pricePerUnit: number;
  /** Unit quantities offered as quick choices. */
  prices: number[];
  targetQuantity: number;
  images: string[];
  position: number;
  active: boolean;
}

export interface ContributionRecord {
  id: number;
  itemId: number;
  quantity: number;
  coins: number;
  createdAt: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toCategory(row: ImpactCategoryRow): ImpactCategoryRecord {
  const langs = readJson<unknown>(row.langs, {});
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    langs: isObject(langs)
      ? Object.fromEntries(
          Object.entries(langs).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : {},
    position: row.position,
  };
}

function toItem(row: ImpactItemRow): ImpactItemRecord {
  const langs = readJson<unknown>(row.langs, {});
  const prices = readJson<unknown>(row.prices, []);
  const images = readJson<unknown>(row.images, []);
  return {
    id: row.id,
    categoryId: row.category_id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    unit: row.unit,
    langs: isObject(langs)
      ? Object.fromEntries(
          Object.entries(langs).flatMap(([locale, text]) => {
            if (!isObject(text)) return [];
            const pick = (key: string) => (typeof text[key] === 'string' ? { [key]: text[key] } : {});
            return [
              [locale, { ...pick('name'), ...pick('description'), ...pick('unit'), ...pick('unitPlural') }],
            ];
          }),
        )
      : {},
    pricePerUnit: row.price_per_unit,
    prices: Array.isArray(prices) ? prices.filter((p): p is number => Number.isSafeInteger(p) && p > 0) : [],
    targetQuantity: row.target_quantity,
    images: Array.isArray(images) ? images.filter((i): i is string => typeof i === 'string') : [],
    position: row.position,
    active: row.active === 1,
  };
}

export interface CategoryInput {
  slug: string;
  name: string;
  langs: Record<string, string>;
  position: number;
}

export interface ItemInput {
  categoryId: number;
  slug: string;
  name: string;
  description: string;
  unit: string;
  langs: Record<string, Partial<ImpactItemText>>;
  pricePerUnit: number;
  prices: number[];
  targetQuantity: number;
  images: string[];
  position: number;
  active: boolean;
}

/**
 * Impact categories, items, contributions and member targets. Reads are scoped by brand; the
 * contribution insert takes the transaction of the service that pays for it with coins.
 */
export function createImpactsRepository(db: Kysely<Database>) {
  return {
    listCategories: async (brandId: number): Promise<ImpactCategoryRecord[]> => {
      const rows = await db
        .selectFrom('impact_categories')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map(toCategory);
    },

    findCategory: async (brandId: number, slug: string): Promise<ImpactCategoryRecord | undefined> => {
      const row = await db
        .selectFrom('impact_categories')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row ? toCategory(row) : undefined;
    },

    /** Active items of the brand in list order (category, then item position). */
    listItems: async (
      brandId: number,
      options: { includeRetired?: boolean } = {},
    ): Promise<ImpactItemRecord[]> => {
      let query = db
        .selectFrom('impact_items as i')
        .innerJoin('impact_categories as c', 'c.id', 'i.category_id')
        .selectAll('i')
        .where('i.brand_id', '=', brandId);
      if (!options.includeRetired) query = query.where('i.active', '=', 1);
      const rows = await query
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('i.position')
        .orderBy('i.id')
        .execute();
      return rows.map(toItem);
    },

    findItem: async (brandId: number, itemId: number): Promise<ImpactItemRecord | undefined> => {
      const row = await db
        .selectFrom('impact_items')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', itemId)
        .executeTakeFirst();
      return row ? toItem(row) : undefined;
    },

    findItemBySlug: async (brandId: number, slug: string): Promise<ImpactItemRecord | undefined> => {
      const row = await db
        .selectFrom('impact_items')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row ? toItem(row) : undefined;
    },

    /** Units funded per item by every member, for the given items. */
    fundedByItem: async (itemIds: readonly number[]): Promise<Map<number, number>> => {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('impact_contributions')
        .select(['item_id', sql<number | string>`sum(quantity)`.as('units')])
        .where('item_id', 'in', itemIds)
        .groupBy('item_id')
        .execute();
      return new Map(rows.map((row) => [row.item_id, Number(row.units)]));
    },

    /** Units and coins the member gave per item, with the last contribution's time. */
    memberTotals: async (brandId: number, memberId: number) => {
      const rows = await db
        .selectFrom('impact_contributions')
        .select([
          'item_id',
          sql<number | string>`sum(quantity)`.as('units'),
          sql<number | string>`sum(coins)`.as('coins'),
          sql<string>`max(created_at)`.as('last_at'),
        ])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .groupBy('item_id')
        .execute();
      return rows.map((row) => ({
        itemId: row.item_id,
        quantity: Number(row.units),
        coins: Number(row.coins),
        lastAt: row.last_at,
      }));
    },

    memberTargets: async (brandId: number, memberId: number): Promise<Map<number, number>> => {
      const rows = await db
        .selectFrom('impact_member_targets')
        .select(['item_id', 'target_quantity'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .execute();
      return new Map(rows.map((row) => [row.item_id, row.target_quantity]));
    },

    setMemberTarget: async (brandId: number, memberId: number, itemId: number, target: number | null) => {
      if (target === null) {
        await db
          .deleteFrom('impact_member_targets')
          .where('member_id', '=', memberId)
          .where('item_id', '=', itemId)
          .execute();
        return;
      }
      const now = isoNow();
      await db
        .insertInto('impact_member_targets')
        .values({
          member_id: memberId,
          item_id: itemId,
          brand_id: brandId,
          target_quantity: target,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['member_id', 'item_id']).doUpdateSet({ target_quantity: target, updated_at: now }),
        )
        .execute();
    },

    /** The member's contributions, newest first (to one item when `itemId` is given). */
    listContributions: async (
      brandId: number,
      memberId: number,
      limit: number,
      itemId?: number,
    ): Promise<ContributionRecord[]> => {
      let query = db
        .selectFrom('impact_contributions')
        .select(['id', 'item_id', 'quantity', 'coins', 'created_at'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId);
      if (itemId !== undefined) query = query.where('item_id', '=', itemId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        itemId: row.item_id,
        quantity: row.quantity,
        coins: row.coins,
        createdAt: row.created_at,
      }));
    },

    hasContributed: async (brandId: number, memberId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('impact_contributions')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Writes the contribution unless the member used its request key before (`on conflict do
     * nothing`, so a repeated request does not abort the caller's transaction). Answers the new id,
     * or null for a known key.
     */
    insertContribution: async (
      contribution: {
        brandId: number;
        memberId: number;
        itemId: number;
        quantity: number;
        coins: number;
        requestKey: string;
      },
      executor: DbExecutor = db,
    ): Promise<number | null> => {
      const row = await executor
        .insertInto('impact_contributions')
        .values({
          brand_id: contribution.brandId,
          member_id: contribution.memberId,
          item_id: contribution.itemId,
          quantity: contribution.quantity,
          coins: contribution.coins,
          request_key: contribution.requestKey,
          created_at: isoNow(),
        })
        .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'request_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? row.id : null;
    },

    findContributionByKey: (
      brandId: number,
      memberId: number,
      requestKey: string,
      executor: DbExecutor = db,
    ) =>
      executor
        .selectFrom('impact_contributions')
        .select(['id', 'item_id as itemId', 'quantity', 'coins'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst(),

    /** Adds a category or, for a known slug, updates it; answers its id. */
    upsertCategory: async (brandId: number, input: CategoryInput): Promise<number> => {
      const now = isoNow();
      const row = await db
        .insertInto('impact_categories')
        .values({
          brand_id: brandId,
          slug: input.slug,
          name: input.name,
          langs: writeJson(input.langs),
          position: input.position,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['brand_id', 'slug']).doUpdateSet({
            name: input.name,
            langs: writeJson(input.langs),
            position: input.position,
            updated_at: now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Adds an item or, for a known slug, updates it; answers its id. */
    upsertItem: async (brandId: number, input: ItemInput): Promise<number> => {
      const now = isoNow();
      const values = {
        category_id: input.categoryId,
        name: input.name,
        description: input.description,
        unit: input.unit,
        langs: writeJson(input.langs),
        price_per_unit: input.pricePerUnit,
        prices: writeJson(input.prices),
        target_quantity: input.targetQuantity,
        images: writeJson(input.images),
        position: input.position,
        active: input.active ? 1 : 0,
        updated_at: now,
      };
      const row = await db
        .insertInto('impact_items')
        .values({ ...values, brand_id: brandId, slug: input.slug, created_at: now })
        .onConflict((oc) => oc.columns(['brand_id', 'slug']).doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type ImpactsRepository = ReturnType<typeof createImpactsRepository>;
