import type { Kysely } from 'kysely';

import { readJson, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { OrderItemRow } from '../../db/tables/order-items';
import type { OrderRow } from '../../db/tables/orders';
import type { DbExecutor } from '../../db/transaction';

/** An order as the service reasons on it; amounts in minor units of `currency`. */
export interface OrderRecord {
  id: number;
  reference: string;
  status: string;
  currency: string;
  subtotal: number;
  deliveryFee: number;
  total: number;
  freeGift: string | null;
  /** The shipping address and method the order ships with (stored as JSON). */
  shippingInfo: Record<string, unknown>;
  createdAt: string;
  /** Set once a marketplace order shipped (migration 0018). */
  tracking?: string | null;
  /** What a cancellation refunded, minor units (migration 0018). */
  refundedMinor?: number;
  /** Coins that paid part of a marketplace order, and what they paid in minor units (migration 0021). */
  coins?: number;
  coinsValueMinor?: number;
}

export interface OrderItemRecord {
  orderId: number;
  productId: string;
  name: string;
  quantity: number;
  unitPrice: number;
  image: string | null;
}

export type NewOrder = Omit<OrderRecord, 'id'> & { brandId: number; memberId: number };

function toOrder(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    currency: row.currency,
    subtotal: row.subtotal,
    deliveryFee: row.delivery_fee,
    total: row.total,
    freeGift: row.free_gift,
    shippingInfo: readJson<Record<string, unknown>>(row.shipping_info, {}),
    createdAt: row.created_at,
    tracking: row.tracking,
    refundedMinor: row.refunded_minor,
    coins: row.coins,
    coinsValueMinor: row.coins_value_minor,
  };
}

function toOrderItem(row: OrderItemRow): OrderItemRecord {
  return {
    orderId: row.order_id,
    productId: row.product_id,
    name: row.name,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    image: row.image,
  };
}

/**
 * Orders and their items; reads are scoped by brand and member. The writes take the transaction of
 * the service that places an order, so the order commits or rolls back with what pays for it.
 */
export function createOrdersRepository(db: Kysely<Database>) {
  return {
    listOrders: async (brandId: number, memberId: number, limit: number): Promise<OrderRecord[]> => {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },

    listOrderItems: async (orderIds: readonly number[]): Promise<OrderItemRecord[]> => {
      if (orderIds.length === 0) return [];
      const rows = await db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toOrderItem);
    },

    /** The order with this reference (unique across brands) and who placed it, if there is one. */
    findOrderByReference: (reference: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('orders')
        .select(['id', 'brand_id as brandId', 'member_id as memberId'])
        .where('reference', '=', reference)
        .executeTakeFirst(),

    /**
     * Writes the order unless its reference exists (`on conflict do nothing`, so a retried placement
     * does not abort the caller's transaction). Answers the new id, or null for a known reference.
     */
    insertOrder: async (order: NewOrder, executor: DbExecutor = db): Promise<number | null> => {
      const row = await executor
        .insertInto('orders')
        .values({
          brand_id: order.brandId,
          member_id: order.memberId,
          reference: order.reference,
          status: order.status,
          currency: order.currency,
          subtotal: order.subtotal,
          delivery_fee: order.deliveryFee,
          total: order.total,
          free_gift: order.freeGift,
          shipping_info: writeJson(order.shippingInfo),
          created_at: order.createdAt,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? row.id : null;
    },

    insertOrderItems: async (items: readonly OrderItemRecord[], executor: DbExecutor = db): Promise<void> => {
      if (items.length === 0) return;
      await executor
        .insertInto('order_items')
        .values(
          items.map((item) => ({
            order_id: item.orderId,
            product_id: item.productId,
            name: item.name,
            quantity: item.quantity,
            unit_price: item.unitPrice,
            image: item.image,
          })),
        )
        .execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
