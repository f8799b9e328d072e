import { type RefundState, orderRefundKey, orderRefundState } from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import type { DbTransaction, TransactionRunner } from '../../db/transaction';
import { badInput } from '../../errors';
import type { LedgerResult, SpendInput } from '../wallet/wallet.service';
import type { OrderItemRecord, OrdersRepository } from './orders.repository';

export interface OrderProduct {
  productId: string;
  name: string;
  quantity: number;
  unitPrice: number;
  image: string | null;
}

export interface OrderShippingInfo {
  name: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  method: string | null;
  /** The marketplace's address fields (issue 17); a coin order may leave them out. */
  firstName?: string | null;
  lastName?: string | null;
  apartment?: string | null;
  region?: string | null;
  phone?: string | null;
}

export interface MemberOrder {
  id: number;
  reference: string;
  status: string;
  createdAt: string;
  currency: string;
  products: OrderProduct[];
  shippingInfo: OrderShippingInfo;
  subtotal: number;
  deliveryFee: number;
  orderTotal: number;
  freeGift: string | null;
  tracking: string | null;
  refundedMinor: number;
  /** Where the cancelled order's money stands (decision 038); null when nothing goes back. */
  refundStatus: RefundState | null;
  /** Coins that paid part of the order (decision 031) and what they paid, minor units. */
  coinsApplied: number;
  coinsValueMinor: number;
}

/** The currency of an order paid with coins: its amounts are whole coins. */
export const COIN_CURRENCY = 'COINS';

/** An order paid with coins; prices are whole coins, set by the server (never the member's word). */
export interface CoinOrderInput {
  brandId: number;
  memberId: number;
  /** The order's public reference, unique: placing the same reference again places nothing twice. */
  reference: string;
  products: OrderProduct[];
  shippingInfo: OrderShippingInfo;
  deliveryFee: number;
  freeGift: string | null;
}

/** What the wallet offers this module (modules/wallet): a spend in the caller's transaction. */
export interface CoinSpender {
  spend(input: SpendInput, tx?: DbTransaction): Promise<LedgerResult>;
}

/**
 * What the payments module offers this one (modules/payments/refunds.service.ts): where one member's
 * refunds stand, by the key that owes them (`order-refund:<orderId>`).
 */
export interface OrderRefundStatuses {
  refundStatusesOf(
    brandId: number,
    memberId: number,
    keys: readonly string[],
  ): Promise<ReadonlyMap<string, RefundState>>;
}

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  wallet: CoinSpender;
  transactions: TransactionRunner;
  /** Absent in tests of orders alone: a cancelled order's card part then reads as refunded. */
  refunds?: OrderRefundStatuses | undefined;
}

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** The member's orders (spec section 3) and orders paid with coins. */
export function createOrdersService({ repository, wallet, transactions, refunds }: OrdersServiceDeps) {
  /** The id of the member's order with the input's reference; refused when the reference is someone else's. */
  async function placedBefore(input: CoinOrderInput, tx: DbTransaction): Promise<number> {
    const existing = await repository.findOrderByReference(input.reference, tx);
    if (existing?.brandId !== input.brandId || existing.memberId !== input.memberId) {
      throw badInput('This order reference is already taken.', 'order_reference_taken');
    }
    return existing.id;
  }

  return {
    /** The signed-in member's last 100 orders on this brand, newest first. */
    listOrders: async (ctx: RequestContext, member: MemberAuth): Promise<MemberOrder[]> => {
      const brandId = ctx.brand.config.id;
      const orders = await repository.listOrders(brandId, member.claims.id, 100);
      const items = await repository.listOrderItems(orders.map((order) => order.id));
      const cancelled = orders.filter(
        (order) => order.status === 'cancelled' && (order.refundedMinor ?? 0) > 0,
      );
      const cardRefunds =
        refunds && cancelled.length > 0
          ? await refunds.refundStatusesOf(
              brandId,
              member.claims.id,
              cancelled.map((order) => orderRefundKey(order.id)),
            )
          : new Map<string, RefundState>();
      return orders.map((order) => {
        const text = (key: string) =>
          typeof order.shippingInfo[key] === 'string' ? order.shippingInfo[key] : null;
        return {
          id: order.id,
          reference: order.reference,
          status: order.status,
          createdAt: order.createdAt,
          currency: order.currency,
          products: items
            .filter((item) => item.orderId === order.id)
            .map(({ orderId: _orderId, ...product }) => product),
          shippingInfo: {
            name: text('name'),
            address: text('address'),
            city: text('city'),
            postcode: text('postcode'),
            country: text('country'),
            method: text('method'),
            firstName: text('firstName'),
            lastName: text('lastName'),
            apartment: text('apartment'),
            region: text('region'),
            phone: text('phone'),
          },
          subtotal: order.subtotal,
          deliveryFee: order.deliveryFee,
          orderTotal: order.total,
          freeGift: order.freeGift,
          tracking: order.tracking ?? null,
          refundedMinor: order.refundedMinor ?? 0,
          refundStatus: orderRefundState(
            { status: order.status, refundedMinor: order.refundedMinor ?? 0, coinsApplied: order.coins ?? 0 },
            cardRefunds.get(orderRefundKey(order.id)) ?? null,
          ),
          coinsApplied: order.coins ?? 0,
          coinsValueMinor: order.coinsValueMinor ?? 0,
        };
      });
    },

    /**
     * Places an order paid with coins: the order, the coin spend that pays for it (its ledger line
     * references the order) and the order's products commit together, or none of them does (decision
     * 018). Refused with `insufficient_coins` when the balance does not cover the total. A reference
     * placed before answers that order again and spends nothing (the spend's key is the reference).
     */
    placeCoinOrder: (input: CoinOrderInput): Promise<{ orderId: number; balance: number }> => {
      if (
        input.products.length === 0 ||
        !input.products.every((product) => product.quantity >= 1 && isCount(product.quantity)) ||
        !input.products.every((product) => isCount(product.unitPrice)) ||
        !isCount(input.deliveryFee)
      ) {
        throw badInput('An order needs products with whole quantities and prices.', 'invalid_order');
      }
      const subtotal = input.products.reduce((sum, product) => sum + product.quantity * product.unitPrice, 0);
      const total = subtotal + input.deliveryFee;
      return transactions(async (tx) => {
        const placed = await repository.insertOrder(
          {
            brandId: input.brandId,
            memberId: input.memberId,
            reference: input.reference,
            status: 'paid',
            currency: COIN_CURRENCY,
            subtotal,
            deliveryFee: input.deliveryFee,
            total,
            freeGift: input.freeGift,
            shippingInfo: { ...input.shippingInfo },
            createdAt: isoNow(),
          },
          tx,
        );
        const orderId = placed ?? (await placedBefore(input, tx));
        // A reference placed before replays the spend by its key: nothing is taken twice (and another
        // total for the same reference is refused as a key conflict).
        const { balance } = await wallet.spend(
          {
            brandId: input.brandId,
            memberId: input.memberId,
            amount: total,
            description: `Order ${input.reference}`,
            idempotencyKey: `order:${input.reference}`,
            reference: { kind: 'order', id: String(orderId) },
          },
          tx,
        );
        if (placed !== null) {
          const items: OrderItemRecord[] = input.products.map((product) => ({ ...product, orderId }));
          await repository.insertOrderItems(items, tx);
        }
        return { orderId, balance };
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
