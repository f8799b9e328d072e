import { minorUnitDigits } from './payment-return';
import { CHAMPION_DISCOUNT, isChampionPlan } from './subscription';

/*
 * Marketplace prices (spec sections 3 and 6). Every amount is an integer in the minor units of its
 * currency (cents for USD, yen for JPY): the rules below never use fractions of a minor unit, so the
 * server and the web compute the same numbers, and the server's are the ones charged.
 */

/** Shipping methods a shippable order can take; `standard` is free for Champion members. */
export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export function isShippingMethod(value: unknown): value is ShippingMethod {
  return typeof value === 'string' && (SHIPPING_METHODS as readonly string[]).includes(value);
}

/** Most of one product a cart may hold (and the stock bound below it). */
export const MAX_CART_QUANTITY = 20;
/** Most distinct products a cart may hold. */
export const MAX_CART_LINES = 50;

/** The Champion discount in whole percent (30): integer arithmetic only. */
const CHAMPION_PERCENT = Math.round(CHAMPION_DISCOUNT * 100);

/** True when any of the member's active subscriptions is on a Champion plan (ids 147 to 151). */
export function isChampionMember(activePlanIds: readonly (number | null)[]): boolean {
  return activePlanIds.some((planId) => planId !== null && isChampionPlan(planId));
}

function checkMinor(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`An amount must be a whole, non-negative number of minor units: ${amount}`);
  }
}

/**
 * A Champion member's price: 30% off, rounded half up to a whole minor unit (1999 → 1399 cents;
 * 1000 yen → 700 yen). Never more than the list price and never below zero.
 */
export function championPrice(listPriceMinor: number): number {
  checkMinor(listPriceMinor);
  return Math.floor((listPriceMinor * (100 - CHAMPION_PERCENT) + 50) / 100);
}

/** What this member pays for one unit: the Champion price for Champions, the list price otherwise. */
export function memberUnitPrice(listPriceMinor: number, champion: boolean): number {
  return champion ? championPrice(listPriceMinor) : (checkMinor(listPriceMinor), listPriceMinor);
}

/**
 * Delivery fees in major units per method; converted to minor units with the currency's digits, so
 * a currency without cents (JPY) and one with three decimals (KWD) get whole minor units too.
 */
const FEES_MAJOR: Readonly<Record<string, Readonly<Record<ShippingMethod, number>>>> = {
  USD: { standard: 4.99, express: 14.99 },
  CAD: { standard: 5.99, express: 16.99 },
  EUR: { standard: 4.9, express: 13.9 },
  GBP: { standard: 3.99, express: 11.99 },
  JPY: { standard: 700, express: 2000 },
  MYR: { standard: 15, express: 40 },
};
const DEFAULT_FEES_MAJOR: Readonly<Record<ShippingMethod, number>> = { standard: 5, express: 15 };

/** The list delivery fee of a method in minor units of `currency`. */
export function listDeliveryFee(method: ShippingMethod, currency: string): number {
  const major = (FEES_MAJOR[currency.toUpperCase()] ?? DEFAULT_FEES_MAJOR)[method];
  return Math.round(major * 10 ** minorUnitDigits(currency));
}

/**
 * The delivery fee the member pays: nothing when nothing ships, standard shipping free for Champion
 * members (spec section 6), the list fee otherwise.
 */
export function deliveryFee(
  method: ShippingMethod,
  currency: string,
  options: { champion: boolean; shipsAnything: boolean },
): number {
  if (!options.shipsAnything) return 0;
  if (options.champion && method === 'standard') return 0;
  return listDeliveryFee(method, currency);
}

export interface PricedLine {
  /** The list price of one unit. */
  listPriceMinor: number;
  quantity: number;
}

export interface OrderTotals {
  /** The list prices' sum. */
  listSubtotal: number;
  /** What the member pays for the products (member prices). */
  subtotal: number;
  /** `listSubtotal - subtotal`: what the Champion price saved. */
  memberSavings: number;
  deliveryFee: number;
  total: number;
}

/** The totals of an order, all in minor units: member prices per unit, times quantities, plus delivery. */
export function orderTotals(
  lines: readonly PricedLine[],
  options: { champion: boolean; deliveryFee: number },
): OrderTotals {
  checkMinor(options.deliveryFee);
  let listSubtotal = 0;
  let subtotal = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`A quantity must be a whole number of at least 1: ${line.quantity}`);
    }
    listSubtotal += line.listPriceMinor * line.quantity;
    subtotal += memberUnitPrice(line.listPriceMinor, options.champion) * line.quantity;
  }
  const total = subtotal + options.deliveryFee;
  if (!Number.isSafeInteger(total)) throw new RangeError('The order total is too large.');
  return {
    listSubtotal,
    subtotal,
    memberSavings: listSubtotal - subtotal,
    deliveryFee: options.deliveryFee,
    total,
  };
}

/** The quantity a cart may hold: 0 to the stock, at most MAX_CART_QUANTITY; anything else is 0. */
export function boundedQuantity(requested: number, stock: number): number {
  if (!Number.isFinite(requested) || requested <= 0) return 0;
  return Math.max(0, Math.min(Math.trunc(requested), Math.trunc(stock), MAX_CART_QUANTITY));
}

/** Order statuses (spec section 3); a member may cancel only before shipping. */
export const ORDER_STATUSES = ['placed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order the member may still cancel or re-address: placed (or the coin orders' `paid`), not shipped. */
export function isOrderChangeable(status: string): boolean {
  return status === 'placed' || status === 'paid';
}

/**
 * Where the money of a cancelled order stands (decision 038): `pending` (owed, not yet accepted by the
 * payment provider), `succeeded` (accepted), `failed` (accepted, then the provider could not return it:
 * support follows up).
 */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export function isRefundState(value: unknown): value is RefundState {
  return typeof value === 'string' && (REFUND_STATES as readonly string[]).includes(value);
}

/**
 * The keys refunds are owed under (decision 038): what owes one names it, so a repeat owes nothing more,
 * and the order screens find a cancelled order's refund by the same key.
 */
export const orderRefundKey = (orderId: number): string => `order-refund:${String(orderId)}`;
/** A paid checkout that placed nothing (sold out, coins spent meanwhile, a giveaway's cap full). */
export const checkoutRefundKey = (checkoutId: string): string => `checkout-refund:${checkoutId}`;

/**
 * The refund a member sees on an order: none unless it is cancelled and something goes back. The card's
 * part is the provider's refund's state; coins alone go back in the cancelling transaction, so they are
 * refunded at once. A card part without a refund row (cancelled before refunds went to the provider) is
 * read as refunded, as it was shown then.
 */
export function orderRefundState(
  order: { status: string; refundedMinor: number; coinsApplied: number },
  cardRefund: RefundState | null,
): RefundState | null {
  if (order.status !== 'cancelled') return null;
  if (order.refundedMinor > 0) return cardRefund ?? 'succeeded';
  return order.coinsApplied > 0 ? 'succeeded' : null;
}

/** Checkout steps at marketplace/checkout/{step} (spec section 4), in order. */
export const CHECKOUT_STEPS = ['information', 'shipping', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export function isCheckoutStep(value: unknown): value is CheckoutStep {
  return typeof value === 'string' && (CHECKOUT_STEPS as readonly string[]).includes(value);
}

/**
 * The furthest step a checkout may show, from what it holds: no address → information; no method →
 * shipping; not paid → payment. A reload or a typed URL never skips a step.
 */
export function reachableStep(checkout: {
  hasInformation: boolean;
  hasShipping: boolean;
  placed: boolean;
}): CheckoutStep {
  if (checkout.placed) return 'confirmation';
  if (!checkout.hasInformation) return 'information';
  if (!checkout.hasShipping) return 'shipping';
  return 'payment';
}

/** Whether a wanted step may be shown now: at or before the reachable one (confirmation only once placed). */
export function resolveStep(wanted: unknown, reachable: CheckoutStep): CheckoutStep {
  if (!isCheckoutStep(wanted)) return reachable;
  if (reachable === 'confirmation') return 'confirmation';
  if (wanted === 'confirmation') return reachable;
  return CHECKOUT_STEPS.indexOf(wanted) <= CHECKOUT_STEPS.indexOf(reachable) ? wanted : reachable;
}

/** A review's rating: whole stars 1 to 5. */
export function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** Most coins one order may take (the wallet's largest single entry). */
export const MAX_ORDER_COINS = 1_000_000;

/**
 * What one coin is worth when it pays part of an order, in minor units of `currency` (decision 031):
 * one hundredth of a major unit (a cent, a euro cent), and never less than one minor unit, so a
 * currency without cents (JPY) takes one coin per yen and one with three decimals (KWD) ten fils.
 */
export function coinValueMinor(currency: string): number {
  return 10 ** Math.max(minorUnitDigits(currency) - 2, 0);
}

export interface CoinPart {
  /** Whole coins taken from the wallet. */
  coins: number;
  /** What they pay, in minor units: `coins × coinValueMinor`. */
  valueMinor: number;
  /** What is left for the card: `total − valueMinor` (0: no card payment at all). */
  cardMinor: number;
}

/**
 * The coins that pay part of an order: as many as the balance holds, but never worth more than the
 * total (no change is given in coins) nor more than MAX_ORDER_COINS. Whole coins and whole minor units
 * only; the card pays the rest. The server computes this; the browser only asks to use coins.
 */
export function coinPart(totalMinor: number, balance: number, currency: string): CoinPart {
  checkMinor(totalMinor);
  const unit = coinValueMinor(currency);
  const usable = Number.isSafeInteger(balance) && balance > 0 ? balance : 0;
  const coins = Math.min(usable, Math.floor(totalMinor / unit), MAX_ORDER_COINS);
  const valueMinor = coins * unit;
  return { coins, valueMinor, cardMinor: totalMinor - valueMinor };
}
