import { randomUUID } from 'node:crypto';

import {
  type CheckoutStep,
  MAX_CART_LINES,
  SHIPPING_METHODS,
  boundedQuantity,
  checkoutRefundKey,
  coinPart,
  deliveryFee,
  featureFlags,
  isChampionMember,
  isOrderChangeable,
  isRating,
  isShippingMethod,
  memberUnitPrice,
  minorUnitDigits,
  orderRefundKey,
  orderTotals,
  reachableStep,
} from '@member/domain';
import { type Address, parseAddress } from '@member/domain/address';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, readJson } from '../../db/json';
import type { DbTransaction, TransactionRunner } from '../../db/transaction';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { VerifiedPayment } from '../payments/payment-purposes';
import {
  type CreditInput,
  INSUFFICIENT_COINS,
  type LedgerResult,
  type SpendInput,
} from '../wallet/wallet.service';
import type {
  CheckoutLine,
  CheckoutRecord,
  LocalizedText,
  MarketplaceRepository,
  ProductRecord,
} from './marketplace.repository';
import { composeMail, mailTexts } from '../mail/mail-texts';

/** What the payments module offers the marketplace: a hosted checkout for an amount the server decided. */
export interface OrderPayments {
  createCheckout(input: {
    brandId: number;
    memberId: number;
    purpose: 'order';
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string | number>;
    returnPath: string;
    locale?: MemberAuth['claims']['language'];
  }): Promise<{ checkoutId: string; url: string }>;
}

/** Mail through the outbox (modules/mail). */
export interface OrderMail {
  deliver(mail: {
    brandId: number;
    memberId: number | null;
    kind: string;
    to: string;
    subject: string;
    text: string;
  }): Promise<void>;
}

/** What the wallet offers the marketplace (modules/wallet): balance, and entries in the caller's transaction. */
export interface OrderCoins {
  balance(brandId: number, memberId: number): Promise<number>;
  spend(input: SpendInput, tx?: DbTransaction): Promise<LedgerResult>;
  credit(input: CreditInput, tx?: DbTransaction): Promise<LedgerResult>;
}

/**
 * What the payments module offers for money going back (docs/decisions/038): a refund owed, written in
 * the caller's transaction (once per key), then sent to the provider after that commits.
 */
export interface OrderRefunds {
  oweRefund(
    input: { paymentId: string; amountMinor: number; reason: string; idempotencyKey: string },
    tx?: DbTransaction,
  ): Promise<string>;
  sendRefund(refundId: string): Promise<'pending' | 'succeeded' | 'failed'>;
}

export interface MarketplaceServiceDeps {
  repository: MarketplaceRepository;
  transactions: TransactionRunner;
  /** Absent in tests of the catalogue alone; coins then pay nothing. */
  wallet?: OrderCoins | undefined;
  /** Absent in tests of the catalogue alone; paying is then refused as unavailable. */
  payments?: OrderPayments | undefined;
  /** Absent in tests of the catalogue alone; a refund is then only recorded on the order. */
  refunds?: OrderRefunds | undefined;
  mail?: OrderMail | undefined;
}

/** Where the payment page sends the member back to. */
export const ORDER_RETURN_PATH = '/marketplace/checkout/confirmation';
/** An order at or above this many major units of its currency comes with a free gift. */
export const FREE_GIFT_THRESHOLD_MAJOR = 50;
const MAX_PAGE = 60;
const MAX_REVIEW_TEXT = 2000;
const MAX_EMAIL = 254;

interface Viewer {
  brandId: number;
  memberId: number;
  currency: string;
  locale: string;
  champion: boolean;
}

/** A product as the member sees it: their currency, their language, their price. */
export interface ProductView {
  id: number;
  slug: string;
  name: string;
  description: string;
  categorySlug: string;
  images: string[];
  currency: string;
  price: number;
  memberPrice: number;
  /** Whether `memberPrice` is this member's price (a Champion member). */
  isMemberPriceApplied: boolean;
  stock: number;
  inStock: boolean;
  shippable: boolean;
  freeGiftEligible: boolean;
  rating: number | null;
  reviewCount: number;
}

export interface CartView {
  lines: {
    product: ProductView;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
  }[];
  count: number;
  currency: string;
  subtotal: number;
  listSubtotal: number;
  memberSavings: number;
  isEmpty: boolean;
}

const text = (values: LocalizedText, locale: string) =>
  values[locale] ?? values['en-us'] ?? Object.values(values)[0] ?? '';

/**
 * Thrown inside the placing transaction to roll it back: the stock ran out, the coins meant to pay part
 * of it are no longer in the wallet, or another run placed it.
 */
class PlacementStop extends Error {
  constructor(readonly reason: 'sold_out' | 'coins_short' | 'placed_before') {
    super(reason);
  }
}

/** A checkout priced for payment: its lines, currency and total are set. */
type PricedCheckout = CheckoutRecord & { lines: CheckoutLine[]; currency: string; total: number };

/** The order's public reference, derived from its checkout's id (unique, so placing twice inserts once). */
const orderReference = (checkoutId: string) =>
  `MK-${checkoutId.slice(3, 11).toUpperCase()}-${checkoutId.slice(-4).toUpperCase()}`;

/**
 * The marketplace (issue 17): catalogue, reviews, the member's server-side cart, the four-step
 * checkout and the order it places once, and only once, a verified payment of it arrives. Every price,
 * fee and total is the server's (packages/domain/src/marketplace.ts); the browser sends ids and
 * quantities only.
 */
export function createMarketplaceService({
  repository,
  transactions,
  wallet,
  payments,
  refunds,
  mail,
}: MarketplaceServiceDeps) {
  /** The marketplace is open where the `ecommerce` flag (brand tags) or the clickcoins layout says. */
  function requireMarketplace(ctx: RequestContext): void {
    const brand = ctx.brand.config;
    if (brand.layout === 'clickcoins' || featureFlags(brand.brandTags).ecommerce) return;
    throw forbidden('The marketplace is not offered here.', 'marketplace_unavailable');
  }

  async function viewer(ctx: RequestContext, member: MemberAuth): Promise<Viewer> {
    requireMarketplace(ctx);
    const brandId = ctx.brand.config.id;
    return {
      brandId,
      memberId: member.claims.id,
      currency: ctx.brand.config.billing.currency.toUpperCase(),
      locale: member.claims.language,
      champion: isChampionMember(await repository.activePlanIds(brandId, member.claims.id)),
    };
  }

  /** A product's list price in the viewer's currency; a product without one is not sold there. */
  const listPrice = (product: ProductRecord, currency: string): number | null => {
    const price = product.prices[currency];
    return typeof price === 'number' && Number.isSafeInteger(price) && price >= 0 ? price : null;
  };

  async function views(who: Viewer, products: ProductRecord[]): Promise<ProductView[]> {
    const stats = await repository.reviewStats(products.map((product) => product.id));
    return products.flatMap((product) => {
      const price = listPrice(product, who.currency);
      if (price === null) return [];
      const stat = stats.get(product.id);
      return [
        {
          id: product.id,
          slug: product.slug,
          name: text(product.names, who.locale),
          description: text(product.descriptions, who.locale),
          categorySlug: product.categorySlug,
          images: product.images,
          currency: who.currency,
          price,
          memberPrice: memberUnitPrice(price, true),
          isMemberPriceApplied: who.champion,
          stock: product.stock,
          inStock: product.stock > 0,
          shippable: product.shippable,
          freeGiftEligible: product.freeGiftEligible,
          rating: stat ? Math.round(stat.average * 10) / 10 : null,
          reviewCount: stat?.count ?? 0,
        },
      ];
    });
  }

  async function cartOf(who: Viewer): Promise<CartView & { products: ProductRecord[] }> {
    const lines = await repository.listCart(who.brandId, who.memberId);
    const products = await repository.findProducts(
      who.brandId,
      lines.map((line) => line.productId),
    );
    const shown = await views(who, products);
    const cartLines = lines.flatMap((line) => {
      const product = shown.find((view) => view.id === line.productId);
      // A line whose product is gone or no longer sold in this currency is left out; the quantity
      // shown is bounded by the stock now.
      const quantity = product ? boundedQuantity(line.quantity, product.stock) : 0;
      if (!product || quantity === 0) return [];
      const unitPrice = memberUnitPrice(product.price, who.champion);
      return [{ product, quantity, unitPrice, lineTotal: unitPrice * quantity }];
    });
    const totals = orderTotals(
      cartLines.map((line) => ({ listPriceMinor: line.product.price, quantity: line.quantity })),
      { champion: who.champion, deliveryFee: 0 },
    );
    return {
      lines: cartLines,
      count: cartLines.reduce((sum, line) => sum + line.quantity, 0),
      currency: who.currency,
      subtotal: totals.subtotal,
      listSubtotal: totals.listSubtotal,
      memberSavings: totals.memberSavings,
      isEmpty: cartLines.length === 0,
      products,
    };
  }

  /** The member's current checkout: the newest, or a new one (carrying the last address and method over). */
  async function currentCheckout(who: Viewer, fresh: boolean): Promise<CheckoutRecord> {
    const latest = await repository.latestCheckout(who.brandId, who.memberId);
    if (latest && (latest.status === 'open' || !fresh)) return latest;
    const id = `mk_${randomUUID()}`;
    await repository.insertCheckout({
      id,
      brandId: who.brandId,
      memberId: who.memberId,
      status: 'open',
      information: latest?.information ?? null,
      shippingMethod: latest?.shippingMethod ?? null,
      createdAt: isoNow(),
    });
    const created = await repository.findCheckout(id);
    if (!created) throw new AppError('INTERNAL', 'The checkout could not be started.');
    return created;
  }

  function shippingOptions(who: Viewer, shipsAnything: boolean) {
    return SHIPPING_METHODS.map((method) => ({
      method,
      fee: deliveryFee(method, who.currency, { champion: who.champion, shipsAnything }),
      listFee: deliveryFee(method, who.currency, { champion: false, shipsAnything }),
    }));
  }

  async function checkoutView(who: Viewer, checkout: CheckoutRecord) {
    const cart = await cartOf(who);
    const placed = checkout.status === 'placed';
    const shipsAnything = cart.lines.some((line) => line.product.shippable);
    const method = isShippingMethod(checkout.shippingMethod) ? checkout.shippingMethod : null;
    const liveFee = method ? deliveryFee(method, who.currency, { champion: who.champion, shipsAnything }) : 0;
    // Once priced for payment, the checkout shows what was priced (the cart may have moved on since).
    const priced = checkout.status !== 'open' && checkout.lines !== null && checkout.total !== null;
    const pricedSubtotal = (checkout.lines ?? []).reduce(
      (sum, line) => sum + line.unitPrice * line.quantity,
      0,
    );
    const fee = priced ? (checkout.total ?? 0) - pricedSubtotal : liveFee;
    const total = priced ? (checkout.total ?? 0) : cart.subtotal + liveFee;
    const coinBalance = wallet ? await wallet.balance(who.brandId, who.memberId) : 0;
    const step: CheckoutStep = reachableStep({
      hasInformation: checkout.information !== null,
      hasShipping: method !== null,
      placed,
    });
    return {
      id: checkout.id,
      status: checkout.status,
      step,
      information: checkout.information,
      shippingMethod: method,
      shippingOptions: shippingOptions(who, shipsAnything || !placed),
      cart: { ...cart, products: undefined },
      deliveryFee: fee,
      total,
      currency: who.currency,
      isChampion: who.champion,
      orderId: checkout.orderId,
      failureCode: checkout.failureCode,
      coinBalance,
      /** What the coins would pay of this total if the member chose to use them (the server decides). */
      coinOffer: coinPart(total, wallet ? coinBalance : 0, who.currency),
      coinsApplied: priced ? checkout.coins : 0,
      coinsValueMinor: priced ? checkout.coinsValueMinor : 0,
    };
  }

  async function editableCheckout(who: Viewer): Promise<CheckoutRecord> {
    const checkout = await currentCheckout(who, true);
    if (checkout.status !== 'open') {
      throw badInput('This checkout can no longer be changed.', 'checkout_closed');
    }
    return checkout;
  }

  /**
   * Places the order of a checkout priced for payment, inside the caller's transaction: the order (its
   * reference is the checkout's, unique, so a replay inserts nothing and stops), the coins that pay part
   * of it (one ledger line, keyed by the checkout), the stock each line takes (never below zero), the
   * free gift, the cart lines bought, and the checkout marked placed. The wallet's row is locked before
   * the products' rows, as a cancellation does, so two of them never wait on each other.
   */
  async function placeOrder(checkout: PricedCheckout, paymentId: string | null, tx: DbTransaction) {
    const { lines, total, currency } = checkout;
    const info = checkout.information ?? {};
    const reference = orderReference(checkout.id);
    const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const orderId = await repository.insertPaidOrder(
      {
        brandId: checkout.brandId,
        memberId: checkout.memberId,
        reference,
        currency,
        subtotal,
        deliveryFee: total - subtotal,
        total,
        shippingInfo: { ...info, method: checkout.shippingMethod },
        paymentId,
        coins: checkout.coins,
        coinsValueMinor: checkout.coinsValueMinor,
      },
      tx,
    );
    if (orderId === null) throw new PlacementStop('placed_before');
    if (checkout.coins > 0) {
      if (!wallet) throw new PlacementStop('coins_short');
      try {
        await wallet.spend(
          {
            brandId: checkout.brandId,
            memberId: checkout.memberId,
            amount: checkout.coins,
            description: `Order ${reference}`,
            idempotencyKey: `shop:${checkout.id}`,
            reference: { kind: 'order', id: String(orderId) },
          },
          tx,
        );
      } catch (error) {
        if (error instanceof AppError && error.slug === INSUFFICIENT_COINS)
          throw new PlacementStop('coins_short');
        throw error;
      }
    }
    // In product order, so two orders sharing products take their row locks in the same order.
    for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
      if (!(await repository.reserveStock(line.productId, line.quantity, tx))) {
        throw new PlacementStop('sold_out');
      }
    }
    await repository.insertOrderItems(orderId, lines, tx);
    if (subtotal >= FREE_GIFT_THRESHOLD_MAJOR * 10 ** minorUnitDigits(currency)) {
      const gift = await repository.findFreeGift(checkout.brandId, tx);
      if (gift && (await repository.reserveStock(gift.id, 1, tx))) {
        const locale = typeof info.locale === 'string' ? info.locale : 'en-us';
        await repository.setFreeGift(orderId, text(gift.names, locale), tx);
      }
    }
    await repository.removeFromCart(
      checkout.brandId,
      checkout.memberId,
      lines.map((line) => line.productId),
      tx,
    );
    if (!(await repository.updateCheckout(checkout.id, ['paying'], { status: 'placed', orderId }, tx))) {
      throw new PlacementStop('placed_before');
    }
    return orderId;
  }

  /**
   * A verified payment that placed no order goes back whole: the checkout's failure and the refund owed
   * (once per checkout) commit together, then the refund is sent; a refusal leaves it pending for the
   * billing job (decision 038). A replayed payment of such a checkout owes nothing more and sends again.
   */
  async function refundUnplaced(
    payment: VerifiedPayment,
    checkoutId: string,
    failure: { status: 'sold_out' | 'refused'; failureCode: string } | null,
  ): Promise<void> {
    const refundId = await transactions(async (tx) => {
      if (failure) await repository.updateCheckout(checkoutId, ['paying'], failure, tx);
      return refunds
        ? refunds.oweRefund(
            {
              paymentId: payment.id,
              amountMinor: payment.amountMinor,
              reason: 'order_not_placed',
              idempotencyKey: checkoutRefundKey(checkoutId),
            },
            tx,
          )
        : null;
    });
    if (refundId && refunds) await refunds.sendRefund(refundId);
  }

  /**
   * The `order` purpose's handler: places the order the member paid for, from the lines and total the
   * server priced when they went to pay (the card paid the total less the coins' part). When the stock
   * ran out meanwhile, or the coins are no longer there, nothing of the order commits and no coin is
   * taken: the checkout records the refund the card payment is owed.
   */
  async function fulfilOrderPayment(payment: VerifiedPayment): Promise<{ orderId: number | null }> {
    const checkoutId = payment.metadata.shopCheckoutId ?? '';
    const checkout = await repository.findCheckout(checkoutId);
    if (
      checkout?.brandId !== payment.brandId ||
      checkout.memberId !== payment.memberId ||
      !checkout.lines ||
      checkout.total === null ||
      checkout.total - checkout.coinsValueMinor !== payment.amountMinor ||
      checkout.currency !== payment.currency.toUpperCase()
    ) {
      throw badInput('The payment does not match a checkout the server priced.', 'order_payment_mismatch');
    }
    if (checkout.status === 'sold_out' || checkout.status === 'refused') {
      // Handled before (a replay, or a run interrupted after the checkout's failure committed).
      await refundUnplaced(payment, checkout.id, null);
      return { orderId: null };
    }
    if (checkout.status !== 'paying') return { orderId: checkout.orderId };
    const priced: PricedCheckout = {
      ...checkout,
      lines: checkout.lines,
      currency: checkout.currency,
      total: checkout.total,
    };
    try {
      const orderId = await transactions((tx) => placeOrder(priced, payment.id, tx));
      return { orderId };
    } catch (error) {
      if (!(error instanceof PlacementStop)) throw error;
      if (error.reason === 'sold_out') {
        // Paid, but the stock is gone: no order; the card's payment goes back.
        await refundUnplaced(payment, checkout.id, {
          status: 'sold_out',
          failureCode: 'out_of_stock_refunded',
        });
        return { orderId: null };
      }
      if (error.reason === 'coins_short') {
        // The card paid its part, but the coins for the rest were spent meanwhile: no order, no coin
        // taken, and the card's payment goes back.
        await refundUnplaced(payment, checkout.id, {
          status: 'refused',
          failureCode: 'coins_short_refunded',
        });
        return { orderId: null };
      }
      const again = await repository.findCheckout(checkout.id);
      return { orderId: again?.orderId ?? null };
    }
  }

  return {
    requireMarketplace,
    fulfilOrderPayment,

    listCategories: async (ctx: RequestContext, member: MemberAuth) => {
      const who = await viewer(ctx, member);
      const categories = await repository.listCategories(who.brandId);
      return categories.map((category) => ({
        id: category.id,
        slug: category.slug,
        name: text(category.names, who.locale),
        productCount: category.productCount,
      }));
    },

    listProducts: async (
      ctx: RequestContext,
      member: MemberAuth,
      filter: {
        categorySlug?: string | null;
        shippableOnly?: boolean | null;
        limit?: number | null;
        offset?: number | null;
      },
    ) => {
      const who = await viewer(ctx, member);
      let categoryId: number | undefined;
      if (filter.categorySlug) {
        const category = await repository.findCategoryBySlug(who.brandId, filter.categorySlug.slice(0, 100));
        if (!category) throw notFound('This category does not exist.', 'category_not_found');
        categoryId = category.id;
      }
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 24), 1), MAX_PAGE);
      const offset = Math.min(Math.max(Math.trunc(filter.offset ?? 0), 0), 100_000);
      const products = await repository.listProducts(who.brandId, {
        ...(categoryId !== undefined ? { categoryId } : {}),
        shippableOnly: filter.shippableOnly === true,
        limit,
        offset,
      });
      return views(who, products);
    },

    product: async (ctx: RequestContext, member: MemberAuth, id: number) => {
      const who = await viewer(ctx, member);
      const product = Number.isSafeInteger(id) ? await repository.findProduct(who.brandId, id) : undefined;
      const [view] = product ? await views(who, [product]) : [];
      if (!view) throw notFound('This product does not exist.', 'product_not_found');
      const reviews = await repository.listReviews(view.id, 20);
      const [received, hasReviewed] = await Promise.all([
        repository.hasReceived(who.brandId, who.memberId, view.id),
        repository.hasReviewed(who.brandId, who.memberId, view.id),
      ]);
      return { ...view, reviews, canReview: received && !hasReviewed, hasReviewed };
    },

    /** A review, only from a member who received the product; one per member and product. */
    addReview: async (
      ctx: RequestContext,
      member: MemberAuth,
      productId: number,
      rating: number,
      body: string,
    ) => {
      const who = await viewer(ctx, member);
      if (!isRating(rating)) throw badInput('A rating is 1 to 5 stars.', 'invalid_rating');
      const trimmed = body.slice(0, MAX_REVIEW_TEXT + 1).trim();
      if (trimmed.length === 0 || trimmed.length > MAX_REVIEW_TEXT) {
        throw badInput(`A review has 1 to ${MAX_REVIEW_TEXT} characters.`, 'invalid_review');
      }
      const product = Number.isSafeInteger(productId)
        ? await repository.findProduct(who.brandId, productId)
        : undefined;
      if (!product) throw notFound('This product does not exist.', 'product_not_found');
      if (!(await repository.hasReceived(who.brandId, who.memberId, product.id))) {
        throw forbidden('Only members who received this product can review it.', 'review_not_received');
      }
      if (
        !(await repository.insertReview({
          brandId: who.brandId,
          memberId: who.memberId,
          productId: product.id,
          rating,
          text: trimmed,
        }))
      ) {
        throw badInput('You have reviewed this product already.', 'review_exists');
      }
      return { reviewed: true };
    },

    cart: async (ctx: RequestContext, member: MemberAuth): Promise<CartView> => {
      const { products: _products, ...cart } = await cartOf(await viewer(ctx, member));
      return cart;
    },

    /** Sets a product's quantity in the cart (0 removes it), bounded by the stock; answers the cart. */
    setCartQuantity: async (ctx: RequestContext, member: MemberAuth, productId: number, quantity: number) => {
      const who = await viewer(ctx, member);
      if (!Number.isSafeInteger(quantity) || quantity < 0) {
        throw badInput('A quantity is a whole number from 0.', 'invalid_quantity');
      }
      const product = Number.isSafeInteger(productId)
        ? await repository.findProduct(who.brandId, productId)
        : undefined;
      if (!product || listPrice(product, who.currency) === null) {
        throw notFound('This product does not exist.', 'product_not_found');
      }
      if (quantity > 0 && product.stock === 0)
        throw badInput('This product is out of stock.', 'out_of_stock');
      const lines = await repository.listCart(who.brandId, who.memberId);
      if (
        quantity > 0 &&
        lines.length >= MAX_CART_LINES &&
        !lines.some((line) => line.productId === product.id)
      ) {
        throw badInput(`A cart holds at most ${MAX_CART_LINES} products.`, 'cart_full');
      }
      await repository.setCartQuantity(
        who.brandId,
        who.memberId,
        product.id,
        boundedQuantity(quantity, product.stock),
      );
      const { products: _products, ...cart } = await cartOf(who);
      return cart;
    },

    checkout: async (ctx: RequestContext, member: MemberAuth) => {
      const who = await viewer(ctx, member);
      return checkoutView(who, await currentCheckout(who, false));
    },

    /** The information step: contact email and a shipping address validated per the address rules. */
    saveInformation: async (
      ctx: RequestContext,
      member: MemberAuth,
      input: { email: string; address: unknown },
    ) => {
      const who = await viewer(ctx, member);
      const email = input.email.slice(0, MAX_EMAIL + 1).trim();
      if (email.length > MAX_EMAIL || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        throw badInput('Enter a valid email address.', 'invalid_email');
      }
      const parsed = parseAddress(input.address);
      if (!parsed.ok) {
        const first = parsed.issues[0];
        throw badInput(
          `The address is not valid (${first?.field}: ${first?.issue}).`,
          `invalid_address:${first?.field}:${first?.issue}`,
        );
      }
      const checkout = await editableCheckout(who);
      const information = { email, locale: who.locale, ...shippingInfo(parsed.address) };
      await repository.updateCheckout(checkout.id, ['open'], { information });
      return checkoutView(who, { ...checkout, information });
    },

    chooseShipping: async (ctx: RequestContext, member: MemberAuth, method: string) => {
      const who = await viewer(ctx, member);
      if (!isShippingMethod(method))
        throw badInput('Choose one of the shipping methods.', 'invalid_shipping_method');
      const checkout = await editableCheckout(who);
      if (!checkout.information) throw badInput('Enter your information first.', 'checkout_incomplete');
      await repository.updateCheckout(checkout.id, ['open'], { shippingMethod: method });
      return checkoutView(who, { ...checkout, shippingMethod: method });
    },

    /**
     * The payment step: prices the cart now (stock-bounded, Champion prices, the delivery fee) and keeps
     * those lines and that total on the checkout. With `useCoins`, the server takes as many coins as the
     * wallet holds, up to the total (decision 031); the card pays the rest through the hosted payment
     * page, or, when the coins pay it all, the order is placed now, in one transaction with its coin
     * spend. `checkoutId` names the checkout the member is paying: a repeat of a checkout already placed
     * answers the confirmation again and places nothing. Paying again after a declined card prices a
     * fresh checkout (the last address carried).
     */
    pay: async (
      ctx: RequestContext,
      member: MemberAuth,
      options: { checkoutId?: string | null; useCoins?: boolean | null } = {},
    ) => {
      const who = await viewer(ctx, member);
      if (options.checkoutId) {
        const named = await repository.findCheckout(options.checkoutId.slice(0, 100));
        if (named?.brandId !== who.brandId || named.memberId !== who.memberId) {
          throw notFound('This checkout does not exist.', 'checkout_not_found');
        }
        if (named.status === 'placed') return { url: ORDER_RETURN_PATH };
      }
      const cart = await cartOf(who);
      if (cart.isEmpty) throw badInput('Your cart is empty.', 'cart_empty');
      const checkout = await currentCheckout(who, true);
      const method = checkout.shippingMethod;
      if (!checkout.information || !isShippingMethod(method)) {
        throw badInput('Complete the information and shipping steps first.', 'checkout_incomplete');
      }
      // What the member asked for, against what the stock lets the priced cart hold.
      const held = await repository.listCart(who.brandId, who.memberId);
      for (const line of cart.lines) {
        const requested = held.find((row) => row.productId === line.product.id);
        if (requested && requested.quantity > line.quantity) {
          throw badInput(`Only ${line.product.stock} of ${line.product.name} left.`, 'out_of_stock');
        }
      }
      const shipsAnything = cart.lines.some((line) => line.product.shippable);
      const fee = deliveryFee(method, who.currency, {
        champion: who.champion,
        shipsAnything,
      });
      const total = cart.subtotal + fee;
      const lines: CheckoutLine[] = cart.lines.map((line) => ({
        productId: line.product.id,
        name: line.product.name,
        image: line.product.images[0] ?? null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      }));
      if (total <= 0) throw badInput('This order has nothing to pay.', 'invalid_amount');
      const part =
        options.useCoins === true && wallet
          ? coinPart(total, await wallet.balance(who.brandId, who.memberId), who.currency)
          : coinPart(total, 0, who.currency);
      const priced = {
        status: 'paying' as const,
        lines,
        currency: who.currency,
        total,
        coins: part.coins,
        coinsValueMinor: part.valueMinor,
        failureCode: null,
      };

      if (part.cardMinor === 0) {
        // Coins pay it all: no card payment; the order, its coin spend and its stock commit together.
        try {
          await transactions(async (tx) => {
            if (!(await repository.updateCheckout(checkout.id, ['open'], priced, tx))) {
              throw new PlacementStop('placed_before');
            }
            await placeOrder({ ...checkout, ...priced }, null, tx);
          });
        } catch (error) {
          if (!(error instanceof PlacementStop)) throw error;
          if (error.reason === 'sold_out') {
            throw badInput('A product of your cart sold out meanwhile.', 'out_of_stock');
          }
          if (error.reason === 'coins_short') {
            throw new AppError('BAD_USER_INPUT', 'Not enough coins for this order.', INSUFFICIENT_COINS);
          }
          throw badInput('This checkout is being paid already.', 'checkout_closed');
        }
        return { url: ORDER_RETURN_PATH };
      }

      if (!payments)
        throw new AppError('UNAVAILABLE', 'Payments are not available right now.', 'payments_unavailable');
      const opened = await payments.createCheckout({
        brandId: who.brandId,
        memberId: who.memberId,
        purpose: 'order',
        amountMinor: part.cardMinor,
        currency: who.currency,
        description: `Order of ${cart.count} item${cart.count === 1 ? '' : 's'}`,
        metadata: { shopCheckoutId: checkout.id, coins: part.coins },
        returnPath: ORDER_RETURN_PATH,
        locale: member.claims.language,
      });
      const moved = await repository.updateCheckout(checkout.id, ['open'], {
        ...priced,
        paymentCheckoutId: opened.checkoutId,
      });
      if (!moved) throw badInput('This checkout is being paid already.', 'checkout_closed');
      return { url: opened.url };
    },

    /**
     * The member cancels an order that has not shipped: the card's part is owed back (a refund row,
     * keyed by the order), the coins that paid the rest go back to the wallet (one ledger line, keyed by
     * the order), and the stock goes back, all in one transaction whose conditional `placed → cancelled`
     * lets one request through however many arrive. Once that committed, the refund is sent to the
     * provider; if it does not accept it, the order stays cancelled and the refund pending, sent again by
     * the billing job (decision 038). The wallet's row is locked before the products', as placing does.
     */
    cancelOrder: async (ctx: RequestContext, member: MemberAuth, orderId: number) => {
      const who = await viewer(ctx, member);
      const cancelled = await transactions(async (tx) => {
        const order = await repository.findOrder(who.brandId, who.memberId, orderId, tx);
        if (!order) throw notFound('This order does not exist.', 'order_not_found');
        if (!isOrderChangeable(order.status))
          throw badInput('This order has shipped already.', 'order_not_cancellable');
        const refundedMinor = order.total - order.coins_value_minor;
        const changed = await repository.updateOrder(
          order.id,
          ['placed', 'paid'],
          { status: 'cancelled', cancelledAt: isoNow(), refundedMinor },
          tx,
        );
        if (!changed) throw badInput('This order has shipped already.', 'order_not_cancellable');
        if (order.coins > 0) {
          if (!wallet) throw new AppError('UNAVAILABLE', 'The wallet is not available right now.');
          await wallet.credit(
            {
              brandId: who.brandId,
              memberId: who.memberId,
              amount: order.coins,
              description: `Order ${order.reference} cancelled`,
              idempotencyKey: orderRefundKey(order.id),
              source: 'refund',
              reference: { kind: 'order', id: String(order.id) },
            },
            tx,
          );
        }
        const refundId =
          refunds && order.payment_id && refundedMinor > 0
            ? await refunds.oweRefund(
                {
                  paymentId: order.payment_id,
                  amountMinor: refundedMinor,
                  reason: 'order_cancelled',
                  idempotencyKey: orderRefundKey(order.id),
                },
                tx,
              )
            : null;
        for (const item of await repository.orderItems(order.id, tx)) {
          const productId = Number(item.product_id);
          if (Number.isSafeInteger(productId))
            await repository.restock(who.brandId, productId, item.quantity, tx);
        }
        return { refundedMinor, refundedCoins: order.coins, refundId };
      });
      const refundStatus = cancelled.refundId ? await refunds?.sendRefund(cancelled.refundId) : null;
      return {
        cancelled: true,
        refundedMinor: cancelled.refundedMinor,
        refundedCoins: cancelled.refundedCoins,
        refundStatus: refundStatus ?? null,
      };
    },

    /** A new shipping address for an order that has not shipped (account/change-address/{id}). */
    changeOrderAddress: async (
      ctx: RequestContext,
      member: MemberAuth,
      orderId: number,
      address: unknown,
    ) => {
      const who = await viewer(ctx, member);
      const parsed = parseAddress(address);
      if (!parsed.ok) {
        const first = parsed.issues[0];
        throw badInput(
          `The address is not valid (${first?.field}: ${first?.issue}).`,
          `invalid_address:${first?.field}:${first?.issue}`,
        );
      }
      const order = await repository.findOrder(who.brandId, who.memberId, orderId);
      if (!order) throw notFound('This order does not exist.', 'order_not_found');
      const current = readJson<Record<string, unknown>>(order.shipping_info, {});
      const changed = await repository.updateOrder(order.id, ['placed', 'paid'], {
        shippingInfo: { ...current, ...shippingInfo(parsed.address) },
      });
      if (!changed) throw badInput('This order has shipped already.', 'order_not_changeable');
      return { changed: true };
    },

    /** Operator: marks an order shipped with its tracking reference and tells the member by mail. */
    markShipped: async (reference: string, tracking: string) => {
      const trimmed = tracking.trim();
      if (trimmed.length === 0 || trimmed.length > 100)
        throw badInput('A tracking reference has 1 to 100 characters.');
      const order = await repository.findOrderByReference(reference);
      if (!order) throw notFound(`No order ${reference}.`, 'order_not_found');
      const changed = await repository.updateOrder(order.id, ['placed', 'paid'], {
        status: 'shipped',
        tracking: trimmed,
        shippedAt: isoNow(),
      });
      if (!changed)
        throw badInput(
          `Order ${reference} is ${order.status}; only a placed order ships.`,
          'order_not_shippable',
        );
      const to = await repository.findMemberEmail(order.brand_id, order.member_id);
      if (to && mail) {
        await mail.deliver({
          brandId: order.brand_id,
          memberId: order.member_id,
          kind: 'order_shipped',
          to: to.email,
          // In the member's stored language (issue 14 item 9).
          ...composeMail(
            to.language,
            to.name,
            mailTexts(to.language).orderShipped({ reference: order.reference, tracking: trimmed }),
          ),
        });
      }
      return { orderId: order.id };
    },

    /** Operator: marks a shipped order delivered (the last of the spec's statuses); the member may then review it. */
    markDelivered: async (reference: string) => {
      const order = await repository.findOrderByReference(reference);
      if (!order) throw notFound(`No order ${reference}.`, 'order_not_found');
      const changed = await repository.updateOrder(order.id, ['shipped'], {
        status: 'delivered',
      });
      if (!changed)
        throw badInput(
          `Order ${reference} is ${order.status}; only a shipped order is delivered.`,
          'order_not_deliverable',
        );
      return { orderId: order.id };
    },

    findCategoryBySlug: repository.findCategoryBySlug,
    upsertCategory: repository.upsertCategory,
    upsertProduct: repository.upsertProduct,
    setStock: repository.setStock,

    /**
     * The free welcome gift (onboarding step 1, decision 033): the brand's free-gift product with the
     * most stock, and the member's claim of it if placed. Not behind the marketplace's flag: the
     * onboarding decides who is offered it.
     */
    welcomeGift: async (brandId: number, memberId: number, locale: string): Promise<WelcomeGiftView> => {
      const [gift, claimed] = await Promise.all([
        repository.findFreeGift(brandId),
        repository.findMemberOrderByReference(brandId, memberId, welcomeGiftReference(memberId)),
      ]);
      return {
        product: gift ? { id: gift.id, name: text(gift.names, locale), image: gift.images[0] ?? null } : null,
        claimedOrderId: claimed?.id ?? null,
        claimedGift: claimed?.free_gift ?? null,
      };
    },

    /**
     * Claims the welcome gift: a free order (nothing to pay, free standard shipping) that carries the
     * gift, shipped to the address given, placed once per member (its reference is the member's, unique,
     * so a replay or a concurrent claim places nothing more and answers the first). The gift's unit of
     * stock is taken in the same transaction; none left refuses with `welcome_gift_unavailable`.
     */
    claimWelcomeGift: async (
      brand: { id: number; currency: string },
      member: { id: number; locale: string },
      address: unknown,
    ): Promise<WelcomeGiftView> => {
      const parsed = parseAddress(address);
      if (!parsed.ok) {
        const first = parsed.issues[0];
        throw badInput(
          `The address is not valid (${first?.field}: ${first?.issue}).`,
          `invalid_address:${first?.field}:${first?.issue}`,
        );
      }
      const reference = welcomeGiftReference(member.id);
      const unavailable = () =>
        badInput('There is no welcome gift to claim right now.', 'welcome_gift_unavailable');
      const contact = await repository.findMemberEmail(brand.id, member.id);
      if (!contact) throw notFound('Member not found');
      await transactions(async (tx) => {
        const gift = await repository.findFreeGift(brand.id, tx);
        if (!gift) throw unavailable();
        const orderId = await repository.insertPaidOrder(
          {
            brandId: brand.id,
            memberId: member.id,
            reference,
            currency: brand.currency.toUpperCase(),
            subtotal: 0,
            deliveryFee: 0,
            total: 0,
            shippingInfo: {
              email: contact.email,
              locale: member.locale,
              ...shippingInfo(parsed.address),
              method: 'standard',
            },
            paymentId: null,
            coins: 0,
            coinsValueMinor: 0,
          },
          tx,
        );
        // Claimed before (a replay, or a concurrent claim that committed first): nothing more to place.
        if (orderId === null) return;
        if (!(await repository.reserveStock(gift.id, 1, tx))) throw unavailable();
        await repository.setFreeGift(orderId, text(gift.names, member.locale), tx);
      });
      const claimed = await repository.findMemberOrderByReference(brand.id, member.id, reference);
      const gift = await repository.findFreeGift(brand.id);
      return {
        product: gift
          ? { id: gift.id, name: text(gift.names, member.locale), image: gift.images[0] ?? null }
          : null,
        claimedOrderId: claimed?.id ?? null,
        claimedGift: claimed?.free_gift ?? null,
      };
    },
  };
}

/** The welcome gift's order reference: one per member, so it is placed once. */
export const welcomeGiftReference = (memberId: number) => `WG-${String(memberId)}`;

/** The welcome gift offered to the member, and their claim of it. */
export interface WelcomeGiftView {
  product: { id: number; name: string; image: string | null } | null;
  claimedOrderId: number | null;
  /** The gift's name on the claimed order. */
  claimedGift: string | null;
}

/** The order's shipping info from a validated address (the orders module reads name, address, city…). */
function shippingInfo(address: Address) {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    name: `${address.firstName} ${address.lastName}`,
    address: address.address,
    apartment: address.apartment,
    city: address.city,
    region: address.region,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone,
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
