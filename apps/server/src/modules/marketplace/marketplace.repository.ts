import type { Kysely } from 'kysely';

import { isoNow, readJson, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { ShopCheckoutRow, ShopCheckoutStatus } from '../../db/tables/shop-checkouts';
import type { ShopProductRow } from '../../db/tables/shop-products';
import type { DbExecutor } from '../../db/transaction';

/** Text per locale, e.g. {"en-us": "Mug", "fr-ca": "Tasse"}. */
export type LocalizedText = Record<string, string>;

export interface ProductRecord {
  id: number;
  brandId: number;
  categoryId: number;
  categorySlug: string;
  slug: string;
  names: LocalizedText;
  descriptions: LocalizedText;
  /** List price per currency in minor units. */
  prices: Record<string, number>;
  images: string[];
  stock: number;
  shippable: boolean;
  freeGiftEligible: boolean;
}

export interface CategoryRecord {
  id: number;
  slug: string;
  names: LocalizedText;
  position: number;
  productCount: number;
}

/** A line the server priced when the member went to pay: what the order is placed from. */
export interface CheckoutLine {
  productId: number;
  name: string;
  image: string | null;
  quantity: number;
  /** The member's unit price in minor units (the Champion price for Champions). */
  unitPrice: number;
}

export interface CheckoutRecord {
  id: string;
  brandId: number;
  memberId: number;
  status: ShopCheckoutStatus;
  information: Record<string, unknown> | null;
  shippingMethod: string | null;
  lines: CheckoutLine[] | null;
  currency: string | null;
  total: number | null;
  /** The coins the server decided to take when the member went to pay, and what they pay (decision 031). */
  coins: number;
  coinsValueMinor: number;
  paymentCheckoutId: string | null;
  orderId: number | null;
  failureCode: string | null;
  createdAt: string;
}

export type CheckoutChanges = Partial<{
  status: ShopCheckoutStatus;
  information: Record<string, unknown>;
  shippingMethod: string;
  lines: CheckoutLine[];
  currency: string;
  total: number;
  coins: number;
  coinsValueMinor: number;
  paymentCheckoutId: string;
  orderId: number;
  failureCode: string | null;
}>;

type ProductWithCategory = ShopProductRow & { category_slug: string };

function toProduct(row: ProductWithCategory): ProductRecord {
  return {
    id: row.id,
    brandId: row.brand_id,
    categoryId: row.category_id,
    categorySlug: row.category_slug,
    slug: row.slug,
    names: readJson<LocalizedText>(row.names, {}),
    descriptions: readJson<LocalizedText>(row.descriptions, {}),
    prices: readJson<Record<string, number>>(row.prices, {}),
    images: readJson<string[]>(row.images, []),
    stock: row.stock,
    shippable: row.shippable === 1,
    freeGiftEligible: row.free_gift_eligible === 1,
  };
}

function toCheckout(row: ShopCheckoutRow): CheckoutRecord {
  return {
    id: row.id,
    brandId: row.brand_id,
    memberId: row.member_id,
    status: row.status,
    information: readJson<Record<string, unknown> | null>(row.information, null),
    shippingMethod: row.shipping_method,
    lines: readJson<CheckoutLine[] | null>(row.lines, null),
    currency: row.currency,
    total: row.total,
    coins: row.coins,
    coinsValueMinor: row.coins_value_minor,
    paymentCheckoutId: row.payment_checkout_id,
    orderId: row.order_id,
    failureCode: row.failure_code,
    createdAt: row.created_at,
  };
}

/**
 * The marketplace's tables: catalogue, reviews, carts and checkouts, and the stock and order changes
 * a placed, cancelled or shipped order makes. Reads are scoped by brand (and member where the row is
 * a member's). Writes that belong to an order take the service's transaction.
 */
export function createMarketplaceRepository(db: Kysely<Database>) {
  const products = (executor: DbExecutor) =>
    executor
      .selectFrom('shop_products')
      .innerJoin('shop_categories', 'shop_categories.id', 'shop_products.category_id')
      .selectAll('shop_products')
      .select('shop_categories.slug as category_slug');

  return {
    listCategories: async (brandId: number): Promise<CategoryRecord[]> => {
      const rows = await db
        .selectFrom('shop_categories')
        .leftJoin('shop_products', 'shop_products.category_id', 'shop_categories.id')
        .select([
          'shop_categories.id',
          'shop_categories.slug',
          'shop_categories.names',
          'shop_categories.position',
        ])
        .select((eb) => eb.fn.count<string | number>('shop_products.id').as('product_count'))
        .where('shop_categories.brand_id', '=', brandId)
        .groupBy([
          'shop_categories.id',
          'shop_categories.slug',
          'shop_categories.names',
          'shop_categories.position',
        ])
        .orderBy('shop_categories.position', 'asc')
        .orderBy('shop_categories.id', 'asc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        names: readJson<LocalizedText>(row.names, {}),
        position: row.position,
        productCount: Number(row.product_count),
      }));
    },

    findCategoryBySlug: (brandId: number, slug: string) =>
      db
        .selectFrom('shop_categories')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('slug', '=', slug)
        .executeTakeFirst(),

    listProducts: async (
      brandId: number,
      filter: { categoryId?: number; shippableOnly?: boolean; limit: number; offset: number },
    ): Promise<ProductRecord[]> => {
      let query = products(db).where('shop_products.brand_id', '=', brandId);
      if (filter.categoryId !== undefined)
        query = query.where('shop_products.category_id', '=', filter.categoryId);
      if (filter.shippableOnly) query = query.where('shop_products.shippable', '=', 1);
      const rows = await query
        .orderBy('shop_products.id', 'asc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return rows.map(toProduct);
    },

    findProduct: async (brandId: number, id: number, executor: DbExecutor = db) => {
      const row = await products(executor)
        .where('shop_products.brand_id', '=', brandId)
        .where('shop_products.id', '=', id)
        .executeTakeFirst();
      return row ? toProduct(row) : undefined;
    },

    findProducts: async (brandId: number, ids: readonly number[], executor: DbExecutor = db) => {
      if (ids.length === 0) return [];
      const rows = await products(executor)
        .where('shop_products.brand_id', '=', brandId)
        .where('shop_products.id', 'in', ids)
        .execute();
      return rows.map(toProduct);
    },

    /** The free-gift-eligible product with the most stock left, if any. */
    findFreeGift: async (brandId: number, executor: DbExecutor = db) => {
      const row = await products(executor)
        .where('shop_products.brand_id', '=', brandId)
        .where('shop_products.free_gift_eligible', '=', 1)
        .where('shop_products.stock', '>', 0)
        .orderBy('shop_products.stock', 'desc')
        .orderBy('shop_products.id', 'asc')
        .executeTakeFirst();
      return row ? toProduct(row) : undefined;
    },

    /**
     * Takes `quantity` units of stock if that many are left: one conditional UPDATE, so concurrent
     * orders never take more than there is (on PostgreSQL the second waits for the first's row lock,
     * then re-reads the stock). False when there is not enough.
     */
    reserveStock: async (productId: number, quantity: number, executor: DbExecutor): Promise<boolean> => {
      const result = await executor
        .updateTable('shop_products')
        .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: isoNow() }))
        .where('id', '=', productId)
        .where('stock', '>=', quantity)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    restock: async (brandId: number, productId: number, quantity: number, executor: DbExecutor) => {
      await executor
        .updateTable('shop_products')
        .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: isoNow() }))
        .where('brand_id', '=', brandId)
        .where('id', '=', productId)
        .execute();
    },

    reviewStats: async (productIds: readonly number[]) => {
      if (productIds.length === 0) return new Map<number, { average: number; count: number }>();
      const rows = await db
        .selectFrom('shop_reviews')
        .select('product_id')
        .select((eb) => [
          eb.fn.count<string | number>('id').as('count'),
          eb.fn.sum<string | number>('rating').as('total'),
        ])
        .where('product_id', 'in', productIds)
        .groupBy('product_id')
        .execute();
      return new Map(
        rows.map((row) => {
          const count = Number(row.count);
          return [row.product_id, { count, average: count ? Number(row.total) / count : 0 }];
        }),
      );
    },

    listReviews: (productId: number, limit: number) =>
      db
        .selectFrom('shop_reviews')
        .innerJoin('members', 'members.id', 'shop_reviews.member_id')
        .select([
          'shop_reviews.id',
          'shop_reviews.rating',
          'shop_reviews.text',
          'shop_reviews.created_at as createdAt',
          'members.name as authorName',
        ])
        .where('shop_reviews.product_id', '=', productId)
        .orderBy('shop_reviews.id', 'desc')
        .limit(limit)
        .execute(),

    /** Whether the member has an order of this product that was shipped or delivered. */
    hasReceived: async (brandId: number, memberId: number, productId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select('orders.id')
        .where('orders.brand_id', '=', brandId)
        .where('orders.member_id', '=', memberId)
        .where('orders.status', 'in', ['shipped', 'delivered'])
        .where('order_items.product_id', '=', String(productId))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the member has reviewed this product (one review per member and product). */
    hasReviewed: async (brandId: number, memberId: number, productId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('shop_reviews')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes the member's review unless they reviewed the product before; true when written. */
    insertReview: async (review: {
      brandId: number;
      memberId: number;
      productId: number;
      rating: number;
      text: string;
    }): Promise<boolean> => {
      const row = await db
        .insertInto('shop_reviews')
        .values({
          brand_id: review.brandId,
          member_id: review.memberId,
          product_id: review.productId,
          rating: review.rating,
          text: review.text,
          created_at: isoNow(),
        })
        .onConflict((oc) => oc.columns(['product_id', 'member_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    listCart: (brandId: number, memberId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('cart_items')
        .select(['product_id as productId', 'quantity'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('updated_at', 'asc')
        .orderBy('product_id', 'asc')
        .execute(),

    setCartQuantity: async (brandId: number, memberId: number, productId: number, quantity: number) => {
      if (quantity <= 0) {
        await db
          .deleteFrom('cart_items')
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .where('product_id', '=', productId)
          .execute();
        return;
      }
      const at = isoNow();
      await db
        .insertInto('cart_items')
        .values({ brand_id: brandId, member_id: memberId, product_id: productId, quantity, updated_at: at })
        .onConflict((oc) => oc.columns(['member_id', 'product_id']).doUpdateSet({ quantity }))
        .execute();
    },

    removeFromCart: async (
      brandId: number,
      memberId: number,
      productIds: readonly number[],
      executor: DbExecutor,
    ) => {
      if (productIds.length === 0) return;
      await executor
        .deleteFrom('cart_items')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('product_id', 'in', productIds)
        .execute();
    },

    /** The member's newest checkout on this brand. */
    latestCheckout: async (brandId: number, memberId: number) => {
      const row = await db
        .selectFrom('shop_checkouts')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? toCheckout(row) : undefined;
    },

    findCheckout: async (id: string, executor: DbExecutor = db) => {
      const row = await executor
        .selectFrom('shop_checkouts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toCheckout(row) : undefined;
    },

    insertCheckout: async (checkout: {
      id: string;
      brandId: number;
      memberId: number;
      status: ShopCheckoutStatus;
      information: Record<string, unknown> | null;
      shippingMethod: string | null;
      createdAt: string;
    }) => {
      await db
        .insertInto('shop_checkouts')
        .values({
          id: checkout.id,
          brand_id: checkout.brandId,
          member_id: checkout.memberId,
          status: checkout.status,
          information: checkout.information ? writeJson(checkout.information) : null,
          shipping_method: checkout.shippingMethod,
          lines: null,
          currency: null,
          total: null,
          payment_checkout_id: null,
          order_id: null,
          failure_code: null,
          created_at: checkout.createdAt,
          updated_at: checkout.createdAt,
        })
        .execute();
    },

    /**
     * Changes a checkout only while it has one of the `from` statuses (a conditional UPDATE), so two
     * runs racing for it cannot both move it on. True when it changed.
     */
    updateCheckout: async (
      id: string,
      from: readonly ShopCheckoutStatus[],
      changes: CheckoutChanges,
      executor: DbExecutor = db,
    ): Promise<boolean> => {
      const result = await executor
        .updateTable('shop_checkouts')
        .set({
          ...(changes.status !== undefined ? { status: changes.status } : {}),
          ...(changes.information !== undefined ? { information: writeJson(changes.information) } : {}),
          ...(changes.shippingMethod !== undefined ? { shipping_method: changes.shippingMethod } : {}),
          ...(changes.lines !== undefined ? { lines: writeJson(changes.lines) } : {}),
          ...(changes.currency !== undefined ? { currency: changes.currency } : {}),
          ...(changes.total !== undefined ? { total: changes.total } : {}),
          ...(changes.coins !== undefined ? { coins: changes.coins } : {}),
          ...(changes.coinsValueMinor !== undefined ? { coins_value_minor: changes.coinsValueMinor } : {}),
          ...(changes.paymentCheckoutId !== undefined
            ? { payment_checkout_id: changes.paymentCheckoutId }
            : {}),
          ...(changes.orderId !== undefined ? { order_id: changes.orderId } : {}),
          ...(changes.failureCode !== undefined ? { failure_code: changes.failureCode } : {}),
          updated_at: isoNow(),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The plans of the member's active subscriptions on this brand (Champion prices). */
    activePlanIds: async (brandId: number, memberId: number): Promise<(number | null)[]> => {
      const rows = await db
        .selectFrom('subscriptions')
        .select('plan_id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('is_active', '=', 1)
        .execute();
      return rows.map((row) => row.plan_id);
    },

    findOrder: (brandId: number, memberId: number | null, id: number, executor: DbExecutor = db) => {
      let query = executor
        .selectFrom('orders')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', id);
      if (memberId !== null) query = query.where('member_id', '=', memberId);
      return query.executeTakeFirst();
    },

    findOrderByReference: (reference: string) =>
      db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst(),

    orderItems: (orderId: number, executor: DbExecutor = db) =>
      executor.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute(),

    /** Moves an order on only from one of the `from` statuses; true when it changed. */
    updateOrder: async (
      id: number,
      from: readonly string[],
      changes: Partial<{
        status: string;
        tracking: string;
        shippedAt: string;
        cancelledAt: string;
        refundedMinor: number;
        shippingInfo: Record<string, unknown>;
      }>,
      executor: DbExecutor = db,
    ): Promise<boolean> => {
      const result = await executor
        .updateTable('orders')
        .set({
          ...(changes.status !== undefined ? { status: changes.status } : {}),
          ...(changes.tracking !== undefined ? { tracking: changes.tracking } : {}),
          ...(changes.shippedAt !== undefined ? { shipped_at: changes.shippedAt } : {}),
          ...(changes.cancelledAt !== undefined ? { cancelled_at: changes.cancelledAt } : {}),
          ...(changes.refundedMinor !== undefined ? { refunded_minor: changes.refundedMinor } : {}),
          ...(changes.shippingInfo !== undefined ? { shipping_info: writeJson(changes.shippingInfo) } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Writes a paid order unless its reference exists (`on conflict do nothing`: a replay does not abort
     * the transaction). Answers the new id, or null for a reference placed before.
     */
    insertPaidOrder: async (
      order: {
        brandId: number;
        memberId: number;
        reference: string;
        currency: string;
        subtotal: number;
        deliveryFee: number;
        total: number;
        shippingInfo: Record<string, unknown>;
        /** Null when coins paid all of it (no card payment). */
        paymentId: string | null;
        coins: number;
        coinsValueMinor: number;
      },
      executor: DbExecutor,
    ): Promise<number | null> => {
      const row = await executor
        .insertInto('orders')
        .values({
          brand_id: order.brandId,
          member_id: order.memberId,
          reference: order.reference,
          status: 'placed',
          currency: order.currency,
          subtotal: order.subtotal,
          delivery_fee: order.deliveryFee,
          total: order.total,
          free_gift: null,
          shipping_info: writeJson(order.shippingInfo),
          created_at: isoNow(),
          payment_id: order.paymentId,
          coins: order.coins,
          coins_value_minor: order.coinsValueMinor,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? row.id : null;
    },

    insertOrderItems: async (orderId: number, lines: readonly CheckoutLine[], executor: DbExecutor) => {
      if (lines.length === 0) return;
      await executor
        .insertInto('order_items')
        .values(
          lines.map((line) => ({
            order_id: orderId,
            product_id: String(line.productId),
            name: line.name,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            image: line.image,
          })),
        )
        .execute();
    },

    /** The member's order with this reference (the welcome gift's is fixed per member), if placed. */
    findMemberOrderByReference: async (brandId: number, memberId: number, reference: string) =>
      db
        .selectFrom('orders')
        .select(['id', 'free_gift'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('reference', '=', reference)
        .executeTakeFirst(),

    setFreeGift: async (orderId: number, freeGift: string, executor: DbExecutor) => {
      await executor.updateTable('orders').set({ free_gift: freeGift }).where('id', '=', orderId).execute();
    },

    findMemberEmail: async (brandId: number, memberId: number) => {
      const row = await db
        .selectFrom('members')
        .select(['email', 'name', 'language'])
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row;
    },

    /** Operator: a category by slug, created or renamed. */
    upsertCategory: async (brandId: number, slug: string, names: LocalizedText, position: number) => {
      await db
        .insertInto('shop_categories')
        .values({ brand_id: brandId, slug, names: writeJson(names), position, created_at: isoNow() })
        .onConflict((oc) =>
          oc.columns(['brand_id', 'slug']).doUpdateSet({ names: writeJson(names), position }),
        )
        .execute();
      return db
        .selectFrom('shop_categories')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
    },

    /** Operator: a product by slug, created or changed. */
    upsertProduct: async (product: Omit<ProductRecord, 'id' | 'categorySlug'>) => {
      const at = isoNow();
      const values = {
        category_id: product.categoryId,
        names: writeJson(product.names),
        descriptions: writeJson(product.descriptions),
        prices: writeJson(product.prices),
        images: writeJson(product.images),
        stock: product.stock,
        shippable: product.shippable ? 1 : 0,
        free_gift_eligible: product.freeGiftEligible ? 1 : 0,
        updated_at: at,
      };
      const row = await db
        .insertInto('shop_products')
        .values({ ...values, brand_id: product.brandId, slug: product.slug, created_at: at })
        .onConflict((oc) => oc.columns(['brand_id', 'slug']).doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    setStock: async (brandId: number, productId: number, stock: number) => {
      const result = await db
        .updateTable('shop_products')
        .set({ stock, updated_at: isoNow() })
        .where('brand_id', '=', brandId)
        .where('id', '=', productId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    countProducts: async (brandId: number) => {
      const row = await db
        .selectFrom('shop_products')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('brand_id', '=', brandId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type MarketplaceRepository = ReturnType<typeof createMarketplaceRepository>;
