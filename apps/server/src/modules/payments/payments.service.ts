import { randomBytes } from 'node:crypto';

import type { Insertable } from 'kysely';

import { type Locale, isLocale } from '@member/domain';

import { isoNow, readJson, writeJson } from '../../db/json';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import { type CardIssue, validateCard } from './card';
import { NOT_CHARGED, type PaymentsRepository } from './payments.repository';
import type { CheckoutRow } from '../../db/tables/checkouts';
import type { PaymentMethodRow } from '../../db/tables/payment-methods';
import type { PaymentRow, PaymentsTable } from '../../db/tables/payments';
import {
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderPaymentIntent,
} from './provider';
import type { SandboxProvider } from './sandbox-provider';

/** What a hosted checkout pays for; each purpose has one handler that fulfils it. */
export const CHECKOUT_PURPOSES = ['signup', 'coins', 'entries', 'restart'] as const;
export type PaymentPurpose = (typeof CHECKOUT_PURPOSES)[number];
/** Renewals are charged on the saved card, without a checkout. */
export type ChargePurpose = PaymentPurpose | 'renewal';

export interface CheckoutInput {
  brandId: number;
  /** Null for a visitor (sign-up): the member is created once the payment is verified. */
  memberId: number | null;
  purpose: PaymentPurpose;
  /** Integer minor units (cents) of `currency`. */
  amountMinor: number;
  /** ISO 4217, e.g. USD. */
  currency: string;
  description: string;
  /** Text values (numbers are stored as text), at most 20 entries. */
  metadata: Record<string, string | number>;
  /** Same-origin path the hosted page returns to with `?state=<JSON>`, e.g. `/account/wallet`. */
  returnPath: string;
  /** Language of the hosted page; the member's or the visitor's. */
  locale?: Locale;
}

/** A payment the server verified with the provider itself (never from the browser's word). */
export interface VerifiedPayment {
  id: string;
  brandId: number;
  memberId: number | null;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
  purpose: ChargePurpose;
  checkoutId: string | null;
  /** When the payment was recorded; handlers derive dates from it so a repeated run changes nothing. */
  createdAt: string;
}

/**
 * Runs once per verified payment of its purpose. A sign-up handler, which creates the member,
 * returns the member's id so the payment is recorded against them.
 */
export type PaymentHandler = (payment: VerifiedPayment) => Promise<unknown>;

export interface PaymentMethod {
  paymentMethodId: string;
  ccLast: string;
  ccType: string;
  isDefault: boolean;
  expMonth: number;
  expYear: number;
}

export interface Transaction {
  id: string;
  date: string;
  description: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  purpose: string;
}

export type PayResult =
  | { outcome: 'succeeded'; checkout: CheckoutRow; payment: PaymentRow; completedNow: boolean }
  | { outcome: 'failed'; checkout: CheckoutRow; failureCode: string }
  | { outcome: 'invalid_card'; checkout: CheckoutRow; issues: CardIssue[] }
  | { outcome: 'closed'; checkout: CheckoutRow };

export type ChargeResult =
  | { outcome: 'succeeded'; payment: PaymentRow }
  | { outcome: 'failed'; payment: PaymentRow; failureCode: string }
  /** Recorded but not settled yet (the provider's answer was lost in a crash): ask again later. */
  | { outcome: 'pending'; payment: PaymentRow }
  | { outcome: 'no_payment_method' };

export const CARD_UPDATE_UNAVAILABLE = 'The card update feature is unavailable. Please contact support.';
export const NO_PAYMENT_METHOD = 'There is no payment method on the account. Add one first.';
export const PAYMENT_FAILED = 'Payment failed.';

const CHECKOUT_TTL_MS = 60 * 60 * 1000;
/** How long a payment handler's claim holds before another runner may take it (decision 010). */
export const FULFILMENT_LEASE_MS = 5 * 60 * 1000;
/**
 * How old a pending payment or a `processing` checkout must be before reconciliation asks the provider
 * about it: longer than any charge can take on a live server (Stripe: 10 s timeout, 2 retries), so a
 * charge still in flight is never settled from under it (decision 013).
 */
export const RECONCILE_GRACE_MS = 2 * 60 * 1000;
/** Runs of one payment's handler before it is left to an operator (each failure is logged). */
export const MAX_FULFILMENT_ATTEMPTS = 5;
const MAX_AMOUNT_MINOR = 100_000_000;
const MAX_CHECKOUT_ATTEMPTS = 10;
/** Member providers whose cards this server manages; others (test, free, partners) cannot update one. */
const CARD_PROVIDERS = new Set(['sandbox', 'stripe']);

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The idempotency key of a checkout's attempt, at the provider and on its payment. */
const checkoutAttemptKey = (checkoutId: string, attempt: number) => `checkout:${checkoutId}:${attempt}`;
/** The attempt a checkout payment's key names, or null for other payments. */
function attemptOfKey(key: string | null): number | null {
  const match = key ? /^checkout:[\w-]+:(\d+)$/.exec(key) : null;
  return match?.[1] ? Number(match[1]) : null;
}

/** Metadata is kept as text (like Stripe's): numbers are written as their decimal text. */
function checkMetadata(metadata: Record<string, string | number>): Record<string, string> {
  const entries = Object.entries(metadata);
  if (entries.length > 20) throw badInput('At most 20 metadata entries.');
  const checked: Record<string, string> = {};
  for (const [key, value] of entries) {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (!/^[A-Za-z0-9_]{1,40}$/.test(key) || typeof text !== 'string' || text.length > 500) {
      throw badInput('Metadata keys are 1 to 40 letters, digits or _ and values at most 500 characters.');
    }
    checked[key] = text;
  }
  return checked;
}

/** Only a same-origin path: no scheme, no `//host`, no backslashes (an open redirect otherwise). */
export function isSafeReturnPath(path: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(path) && path.length <= 300;
}

export interface PaymentsServiceDeps {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  now?: () => Date;
  /** Overrides FULFILMENT_LEASE_MS (tests). */
  fulfilmentLeaseMs?: number;
  /** Overrides RECONCILE_GRACE_MS (tests). */
  reconcileGraceMs?: number;
  /** Warnings about provider events that could not be processed. */
  warn?: (message: string, details: Record<string, unknown>) => void;
}

export function createPaymentsService({
  repository,
  provider,
  now = () => new Date(),
  fulfilmentLeaseMs = FULFILMENT_LEASE_MS,
  reconcileGraceMs = RECONCILE_GRACE_MS,
  warn,
}: PaymentsServiceDeps) {
  const handlers = new Map<ChargePurpose, PaymentHandler>();

  /** Registers the handler of a purpose (one per purpose); it runs once per verified payment. */
  function onPaymentSucceeded(purpose: ChargePurpose, handler: PaymentHandler): void {
    if (handlers.has(purpose)) throw new Error(`A payment handler for "${purpose}" is already registered`);
    handlers.set(purpose, handler);
  }

  /** Opens a hosted payment page for an amount the server decided. */
  async function createCheckout(input: CheckoutInput): Promise<{ checkoutId: string; url: string }> {
    if (!CHECKOUT_PURPOSES.includes(input.purpose)) throw badInput('Unknown payment purpose.');
    if (
      !Number.isInteger(input.amountMinor) ||
      input.amountMinor <= 0 ||
      input.amountMinor > MAX_AMOUNT_MINOR
    ) {
      throw badInput('The amount must be a positive whole number of minor units.', 'invalid_amount');
    }
    if (!/^[A-Z]{3}$/.test(input.currency)) throw badInput('The currency must be an ISO 4217 code.');
    if (!isSafeReturnPath(input.returnPath)) throw badInput('The return path must be a path on this site.');
    const description = input.description.trim().slice(0, 200);
    if (!description) throw badInput('A description is required.');
    const at = now();
    const checkoutId = newId('cs');
    await repository.insertCheckout({
      id: checkoutId,
      brand_id: input.brandId,
      member_id: input.memberId,
      purpose: input.purpose,
      amount_minor: input.amountMinor,
      currency: input.currency,
      description,
      metadata: writeJson(checkMetadata(input.metadata)),
      return_path: input.returnPath,
      locale: input.locale && isLocale(input.locale) ? input.locale : 'en-us',
      provider: provider.name,
      payment_intent_id: null,
      failure_code: null,
      created_at: isoNow(at),
      expires_at: isoNow(new Date(at.getTime() + CHECKOUT_TTL_MS)),
      updated_at: isoNow(at),
    });
    return { checkoutId, url: `/paymentflow/checkout/${checkoutId}` };
  }

  async function getCheckout(brandId: number, checkoutId: string): Promise<CheckoutRow> {
    const checkout = /^cs_[\w-]{10,60}$/.test(checkoutId)
      ? await repository.findCheckout(brandId, checkoutId)
      : undefined;
    if (!checkout) throw notFound('This payment page does not exist.', 'checkout_not_found');
    return checkout;
  }

  const isExpired = (checkout: CheckoutRow) => checkout.expires_at <= isoNow(now());

  /** The member's provider customer, created on first use (concurrent first uses keep one). */
  async function ensureCustomer(
    brandId: number,
    member: { id: number; email: string; name: string },
  ): Promise<string> {
    const existing = await repository.findCustomer(brandId, member.id, provider.name);
    if (existing) return existing;
    const customer = await provider.createCustomer({
      email: member.email,
      name: member.name,
      metadata: { brand_id: String(brandId), member_id: String(member.id) },
    });
    await repository.insertCustomer(brandId, member.id, provider.name, customer.id, isoNow(now()));
    return (await repository.findCustomer(brandId, member.id, provider.name)) ?? customer.id;
  }

  /**
   * Runs the purpose's handler for a verified payment under a lease (docs/decisions/010): one runner
   * at a time, and a run that neither completed nor failed within the lease (its server died) is run
   * again by the next delivery or the billing job's sweep. Handlers are idempotent (ledger keys,
   * activation by refId), so a run repeated after a crash applies once. True when it ran to completion.
   */
  async function fulfil(payment: PaymentRow): Promise<boolean> {
    const handler = handlers.get(payment.purpose as ChargePurpose);
    if (!handler) return false;
    const at = now();
    const claim = randomBytes(12).toString('base64url');
    const claimed = await repository.claimFulfilment(payment.id, payment.purpose, {
      claim,
      at: isoNow(at),
      until: isoNow(new Date(at.getTime() + fulfilmentLeaseMs)),
      maxAttempts: MAX_FULFILMENT_ATTEMPTS,
    });
    if (!claimed) return false;
    try {
      const result = await handler(toVerified(payment));
      const memberId = (result as { memberId?: unknown } | undefined)?.memberId;
      if (typeof memberId === 'number' && payment.member_id === null) {
        await repository.setPaymentMember(payment.id, memberId);
      }
    } catch (error) {
      await repository.releaseFulfilment(payment.id, claim, isoNow(now()));
      throw error;
    }
    if (!(await repository.completeFulfilment(payment.id, claim, isoNow(now())))) {
      // The lease lapsed during the run and another runner took it; its run applies nothing twice.
      warn?.('a payment handler outlived its lease', { paymentId: payment.id, purpose: payment.purpose });
    }
    return true;
  }

  /**
   * The billing job's sweep. First it settles what a crash between a charge and its record left behind
   * (decision 013): pending payments and `processing` checkouts older than the grace period are settled
   * with the provider's own answer. Then it runs again the handlers of verified payments whose run was
   * interrupted (lease lapsed without completion) or never started (a crash between recording and
   * claiming). Any number of servers may sweep at once: every step applies once.
   */
  async function sweepUnfulfilled(
    limit = 50,
  ): Promise<{ fulfilled: number; failed: number; reconciled: number }> {
    const at = now();
    const counts = { fulfilled: 0, failed: 0, reconciled: 0 };
    const settledBefore = isoNow(new Date(at.getTime() - reconcileGraceMs));
    for (const payment of await repository.listPendingPayments(settledBefore, limit)) {
      try {
        if ((await reconcilePayment(payment)).status !== 'pending') counts.reconciled += 1;
      } catch (error) {
        counts.failed += 1;
        warn?.('a pending payment could not be settled', { paymentId: payment.id, error: String(error) });
      }
    }
    for (const checkout of await repository.listStuckCheckouts(settledBefore, limit)) {
      try {
        if (await reconcileCheckout(checkout)) counts.reconciled += 1;
      } catch (error) {
        counts.failed += 1;
        warn?.('a processing checkout could not be settled', {
          checkoutId: checkout.id,
          error: String(error),
        });
      }
    }
    const rows = await repository.listUnfulfilled([...handlers.keys()], {
      at: isoNow(at),
      recordedBefore: isoNow(new Date(at.getTime() - fulfilmentLeaseMs)),
      maxAttempts: MAX_FULFILMENT_ATTEMPTS,
      limit,
    });
    for (const row of rows) {
      try {
        if (await fulfil(row)) counts.fulfilled += 1;
      } catch (error) {
        counts.failed += 1;
        warn?.('a payment handler failed again in the sweep', { paymentId: row.id, error: String(error) });
      }
    }
    return counts;
  }

  /** Writes a payment before its charge (decision 013); `mine` when this call wrote it (not another runner). */
  async function recordPending(
    row: Omit<
      Insertable<PaymentsTable>,
      'status' | 'provider_payment_id' | 'failure_code' | 'idempotency_key'
    > & {
      idempotency_key: string;
    },
  ): Promise<{ payment: PaymentRow; mine: boolean }> {
    const mine = await repository.insertPayment({
      ...row,
      status: 'pending',
      provider_payment_id: null,
      failure_code: null,
    });
    const payment = await repository.findPaymentByIdempotencyKey(row.idempotency_key);
    if (!payment) throw new AppError('INTERNAL', 'The payment was not recorded.');
    return { payment, mine };
  }

  /**
   * Settles a pending payment with the provider's answer (null: the provider made no charge). A
   * success marks its checkout paid and runs its handler (leased, once); a failure reopens its
   * checkout for another attempt. A charge still processing stays pending. Safe from any number of
   * callers at once: the first settles, the others read what it wrote.
   */
  async function settleWithIntent(
    payment: PaymentRow,
    intent: ProviderPaymentIntent | null,
  ): Promise<PaymentRow> {
    const at = isoNow(now());
    if (intent?.status === 'processing') return payment;
    if (intent?.status === 'succeeded') {
      if (
        intent.amount !== payment.amount_minor ||
        intent.currency.toLowerCase() !== payment.currency.toLowerCase()
      ) {
        warn?.('payment intent does not match its payment', { paymentId: payment.id, intentId: intent.id });
        return payment;
      }
      await repository.settlePayment(payment.id, {
        status: 'succeeded',
        providerPaymentId: intent.id,
        failureCode: null,
      });
    } else {
      const failureCode = intent ? (intent.last_payment_error?.code ?? 'payment_failed') : NOT_CHARGED;
      await settleRefused(payment, failureCode, intent?.id ?? null);
    }
    const current = (await repository.findPaymentById(payment.id)) ?? payment;
    if (current.status === 'succeeded') {
      if (current.checkout_id && current.provider_payment_id) {
        await repository.markCheckoutSucceeded(current.checkout_id, current.provider_payment_id, at);
      }
      await fulfil(current);
    }
    return current;
  }

  /** Settles a pending payment as failed and, when this call settled it, reopens its checkout. */
  async function settleRefused(payment: PaymentRow, failureCode: string, intentId: string | null) {
    const settled = await repository.settlePayment(payment.id, {
      status: 'failed',
      providerPaymentId: intentId,
      failureCode,
    });
    const attempt = attemptOfKey(payment.idempotency_key);
    if (settled && payment.checkout_id && attempt !== null) {
      await repository.reopenCheckout(payment.checkout_id, attempt, {
        // "Never charged" is not the card's fault: the page shows no decline for it.
        failure_code: failureCode === NOT_CHARGED ? null : failureCode,
        payment_intent_id: intentId,
        updated_at: isoNow(now()),
      });
    }
  }

  /**
   * A pending payment older than the grace period (its server died or lost the provider's answer):
   * asks the provider what became of the charge and settles it. Younger ones may still be in flight
   * on another server and are left alone.
   */
  async function reconcilePayment(payment: PaymentRow): Promise<PaymentRow> {
    const settledBefore = isoNow(new Date(now().getTime() - reconcileGraceMs));
    if (payment.status !== 'pending' || payment.created_at > settledBefore || !payment.idempotency_key)
      return payment;
    const customer =
      payment.member_id === null
        ? null
        : await repository.findCustomer(payment.brand_id, payment.member_id, provider.name);
    const intent = await provider.findPaymentIntent({
      idempotencyKey: payment.idempotency_key,
      paymentId: payment.id,
      customer,
      createdAfter: new Date(payment.created_at),
    });
    return settleWithIntent(payment, intent);
  }

  /**
   * A checkout left in `processing` (older than the grace period): its current attempt's payment, or
   * without one, the provider's charge for the attempt's key, decides whether it is paid or reopened.
   * True when the checkout left `processing`.
   */
  async function reconcileCheckout(checkout: CheckoutRow): Promise<boolean> {
    const key = checkoutAttemptKey(checkout.id, checkout.attempts);
    const at = isoNow(now());
    const recorded = await repository.findPaymentByIdempotencyKey(key);
    if (recorded) {
      const payment = recorded.status === 'pending' ? await reconcilePayment(recorded) : recorded;
      // A payment settled by a server that died before bringing its checkout along.
      if (payment.status === 'succeeded' && payment.provider_payment_id) {
        await repository.markCheckoutSucceeded(checkout.id, payment.provider_payment_id, at);
        await fulfil(payment);
      } else if (payment.status === 'failed') {
        await repository.reopenCheckout(checkout.id, checkout.attempts, {
          failure_code: payment.failure_code === NOT_CHARGED ? null : payment.failure_code,
          payment_intent_id: payment.provider_payment_id,
          updated_at: at,
        });
      }
    } else {
      // No payment: the server died before writing it (so before charging), or the charge was sent by
      // a version that wrote payments only after charging. The provider knows the key either way.
      const intent = await provider.findPaymentIntent({
        idempotencyKey: key,
        paymentId: null,
        customer: null,
        createdAfter: new Date(checkout.created_at),
      });
      if (intent?.status === 'succeeded') await verifyCheckoutPayment(intent.id);
      else if (intent?.status !== 'processing') {
        await repository.reopenCheckout(checkout.id, checkout.attempts, {
          failure_code: intent ? (intent.last_payment_error?.code ?? 'payment_failed') : null,
          payment_intent_id: intent?.id ?? null,
          updated_at: at,
        });
      }
    }
    return (await repository.findCheckoutById(checkout.id))?.status !== 'processing';
  }

  function toVerified(payment: PaymentRow): VerifiedPayment {
    return {
      id: payment.id,
      brandId: payment.brand_id,
      memberId: payment.member_id,
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      metadata: readJson<Record<string, string>>(payment.metadata, {}),
      purpose: payment.purpose as ChargePurpose,
      checkoutId: payment.checkout_id,
      createdAt: payment.created_at,
    };
  }

  /**
   * Records a checkout's payment after asking the provider about it: only an intent the provider
   * reports as succeeded, for the checkout's exact amount and currency, counts. Safe to call any
   * number of times and from any path (the payment page, a webhook, a payment return, reconciliation).
   */
  async function verifyCheckoutPayment(paymentIntentId: string): Promise<PaymentRow | null> {
    const recorded = await repository.findPaymentByProviderId(provider.name, paymentIntentId);
    if (recorded?.status === 'succeeded') {
      if (recorded.checkout_id) {
        await repository.markCheckoutSucceeded(recorded.checkout_id, paymentIntentId, isoNow(now()));
      }
      await fulfil(recorded);
      return recorded;
    }
    const intent = await provider.retrievePaymentIntent(paymentIntentId);
    if (intent?.status !== 'succeeded') return null;
    const checkoutId = intent.metadata.checkout_id;
    const checkout = checkoutId ? await repository.findCheckoutById(checkoutId) : undefined;
    if (
      checkout?.amount_minor !== intent.amount ||
      checkout.currency.toLowerCase() !== intent.currency.toLowerCase()
    ) {
      warn?.('payment intent does not match its checkout', { paymentIntentId, checkoutId });
      return null;
    }
    // The payment written before this charge (the intent names it), settled with the provider's answer.
    const own = intent.metadata.payment_id
      ? await repository.findPaymentById(intent.metadata.payment_id)
      : undefined;
    if (own) {
      if (own.checkout_id !== checkout.id) {
        warn?.('payment intent names a payment of another checkout', { paymentIntentId, checkoutId });
        return null;
      }
      const settled = await settleWithIntent(own, intent);
      return settled.status === 'succeeded' ? settled : null;
    }
    // Charged on the provider's own page (Stripe Checkout), or sent before payments were written first.
    const at = isoNow(now());
    await repository.insertPayment({
      id: newId('pay'),
      brand_id: checkout.brand_id,
      member_id: checkout.member_id,
      provider: provider.name,
      provider_payment_id: intent.id,
      checkout_id: checkout.id,
      subscription_id: null,
      purpose: checkout.purpose,
      status: 'succeeded',
      amount_minor: checkout.amount_minor,
      currency: checkout.currency,
      description: checkout.description,
      metadata: checkout.metadata,
      failure_code: null,
      idempotency_key: `checkout:${checkout.id}`,
      created_at: at,
    });
    await repository.markCheckoutSucceeded(checkout.id, intent.id, at);
    const payment = await repository.findPaymentByProviderId(provider.name, intent.id);
    if (payment?.status !== 'succeeded') return null;
    await fulfil(payment);
    return (await repository.findPaymentByProviderId(provider.name, intent.id)) ?? payment;
  }

  function sandbox(): SandboxProvider {
    if (provider.name !== 'sandbox') {
      throw new AppError(
        'UNAVAILABLE',
        'Card entry happens on the payment provider’s own page.',
        'provider_hosted',
      );
    }
    return provider as SandboxProvider;
  }

  /**
   * The hosted page's submit: validates the card, charges it once (the checkout moves open →
   * processing → succeeded, so a double submit cannot charge twice), and verifies the result.
   */
  async function payCheckout(
    brandId: number,
    checkoutId: string,
    card: { number: string; expiry: string; cvc: string; email?: string; name?: string },
  ): Promise<PayResult> {
    const checkout = await getCheckout(brandId, checkoutId);
    if (checkout.status !== 'open' || isExpired(checkout) || checkout.attempts >= MAX_CHECKOUT_ATTEMPTS) {
      return { outcome: 'closed', checkout };
    }
    const validated = validateCard(card, now());
    if (!validated.ok) return { outcome: 'invalid_card', checkout, issues: validated.issues };
    const attempt = checkout.attempts + 1;
    const claimed = await repository.transitionCheckout(checkout.id, 'open', {
      status: 'processing',
      attempts: attempt,
      updated_at: isoNow(now()),
    });
    if (!claimed) return { outcome: 'closed', checkout: await getCheckout(brandId, checkoutId) };

    const idempotencyKey = checkoutAttemptKey(checkout.id, attempt);
    let customer: string;
    let paymentMethod: string;
    try {
      const metadata = readJson<Record<string, string>>(checkout.metadata, {});
      customer =
        checkout.member_id === null
          ? (
              await provider.createCustomer({
                email: metadata.email ?? card.email ?? '',
                name: metadata.name ?? card.name ?? '',
                metadata: { brand_id: String(brandId), checkout_id: checkout.id },
              })
            ).id
          : await ensureCustomer(brandId, {
              id: checkout.member_id,
              email: metadata.email ?? '',
              name: metadata.name ?? '',
            });
      paymentMethod = (await sandbox().createCardPaymentMethod(validated.card)).id;
      await provider.attachPaymentMethod(paymentMethod, customer);
    } catch (error) {
      // Nothing was charged yet: the checkout is open again.
      await repository.transitionCheckout(checkout.id, 'processing', {
        status: 'open',
        updated_at: isoNow(now()),
      });
      throw error;
    }

    // Written before the charge (decision 013): if this server dies from here on, the billing job
    // finds the pending payment and settles it with what the provider says became of the charge.
    const { payment: pending } = await recordPending({
      id: newId('pay'),
      brand_id: brandId,
      member_id: checkout.member_id,
      provider: provider.name,
      checkout_id: checkout.id,
      subscription_id: null,
      purpose: checkout.purpose,
      amount_minor: checkout.amount_minor,
      currency: checkout.currency,
      description: checkout.description,
      metadata: checkout.metadata,
      idempotency_key: idempotencyKey,
      created_at: isoNow(now()),
    });
    let intent: ProviderPaymentIntent;
    try {
      intent = await provider.createPaymentIntent({
        amount: checkout.amount_minor,
        currency: checkout.currency,
        customer,
        paymentMethod,
        description: checkout.description,
        metadata: { checkout_id: checkout.id, purpose: checkout.purpose, payment_id: pending.id },
        offSession: false,
        idempotencyKey,
      });
    } catch (error) {
      // A refusal charged nothing; any other error leaves the outcome to the reconciliation.
      if (error instanceof ProviderError) await settleRefused(pending, error.code, null);
      throw error;
    }

    const settled = await settleWithIntent(pending, intent);
    const current = await getCheckout(brandId, checkoutId);
    if (settled.status === 'succeeded') {
      return { outcome: 'succeeded', checkout: current, payment: settled, completedNow: true };
    }
    if (settled.status === 'pending') return { outcome: 'closed', checkout: current };
    return { outcome: 'failed', checkout: current, failureCode: settled.failure_code ?? 'payment_failed' };
  }

  /**
   * The provider's own page for a checkout when the provider hosts card entry (Stripe Checkout
   * Sessions); null for the sandbox, which renders its page here, and for a checkout that is closed.
   * One session per checkout (the idempotency key makes a reopened page the same session).
   */
  async function openProviderCheckout(
    brandId: number,
    checkoutId: string,
    urls: { origin: string; cancelPath: string },
  ): Promise<{ url: string } | null> {
    if (!provider.createCheckoutSession) return null;
    const checkout = await getCheckout(brandId, checkoutId);
    if (checkout.status !== 'open' || isExpired(checkout)) return null;
    const metadata = readJson<Record<string, string>>(checkout.metadata, {});
    const customer =
      checkout.member_id === null
        ? null
        : await repository.findCustomer(brandId, checkout.member_id, provider.name);
    const session = await provider.createCheckoutSession({
      checkoutId: checkout.id,
      amount: checkout.amount_minor,
      currency: checkout.currency,
      description: checkout.description,
      customer,
      customerEmail: metadata.email ?? null,
      successUrl: `${urls.origin}/paymentflow/checkout/${checkout.id}/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${urls.origin}${urls.cancelPath}`,
      locale: checkout.locale,
      idempotencyKey: `checkout-session:${checkout.id}`,
    });
    await repository.setCheckoutSession(checkout.id, session.id, isoNow(now()));
    return session.url ? { url: session.url } : null;
  }

  /**
   * The return from the provider's page (`success_url`). The session named in the URL must be the
   * checkout's own, and the payment counts only once the server has read the session and its payment
   * intent back from the provider. The first return of a sign-up may sign the new member in.
   */
  async function completeProviderCheckout(
    brandId: number,
    checkoutId: string,
    sessionId: string,
  ): Promise<PayResult> {
    const checkout = await getCheckout(brandId, checkoutId);
    if (
      !provider.retrieveCheckoutSession ||
      checkout.provider_session_id === null ||
      checkout.provider_session_id !== sessionId
    ) {
      return { outcome: 'closed', checkout };
    }
    const session = await provider.retrieveCheckoutSession(sessionId);
    const payment =
      session?.payment_status === 'paid' &&
      session.payment_intent &&
      session.metadata.checkout_id === checkout.id
        ? await verifyCheckoutPayment(session.payment_intent)
        : null;
    if (payment?.checkout_id !== checkout.id)
      return { outcome: 'failed', checkout, failureCode: 'payment_failed' };
    const first = await repository.markCheckoutReturned(checkout.id, isoNow(now()));
    return {
      outcome: 'succeeded',
      checkout: await getCheckout(brandId, checkoutId),
      payment,
      completedNow: first,
    };
  }

  /** The payment intent an event is about, read from the provider (never from the event's body alone). */
  async function paymentIntentOfEvent(event: ProviderEvent): Promise<string | null> {
    const object = event.data.object;
    if (typeof object.id !== 'string') return null;
    if (event.type === 'payment_intent.succeeded') return object.id;
    if (event.type === 'checkout.session.completed' && provider.retrieveCheckoutSession) {
      const session = await provider.retrieveCheckoutSession(object.id);
      return session?.payment_status === 'paid' ? session.payment_intent : null;
    }
    return null;
  }

  /**
   * A provider webhook: the signature is verified, each event id is processed once, and a payment
   * event is acted on only after the intent is fetched from the provider again.
   */
  async function handleWebhook(
    rawBody: string,
    signatureHeader: string | undefined,
  ): Promise<{ duplicate: boolean; type: string }> {
    let event;
    try {
      event = provider.constructEvent(rawBody, signatureHeader);
    } catch (error) {
      if (error instanceof ProviderError)
        throw badInput('The webhook signature is not valid.', 'invalid_signature');
      throw error;
    }
    const intentId = await paymentIntentOfEvent(event);
    if (
      !(await repository.recordWebhookEvent(event.id.slice(0, 255), provider.name, event.type, isoNow(now())))
    ) {
      // A redelivery after a crash mid-handling: the event was recorded but its payment's handler may
      // not have finished. Fulfilment is leased and idempotent, so resuming it applies nothing twice.
      if (intentId) await verifyCheckoutPayment(intentId);
      return { duplicate: true, type: event.type };
    }
    try {
      if (intentId) await verifyCheckoutPayment(intentId);
    } catch (error) {
      // Not processed: forget the event so the provider's retry processes it.
      await repository.forgetWebhookEvent(event.id.slice(0, 255));
      throw error;
    }
    return { duplicate: false, type: event.type };
  }

  /**
   * Charges a member's default card without them present (renewals). One idempotency key is one
   * charge at most: a second call with the key returns the first result. The payment is written
   * before the charge (decision 013); one whose answer was lost is settled with the provider's, and
   * one the provider never received is charged now under the same key.
   */
  async function chargeSavedCard(input: {
    brandId: number;
    memberId: number;
    purpose: ChargePurpose;
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string>;
    subscriptionId: number | null;
    idempotencyKey: string;
  }): Promise<ChargeResult> {
    let payment = await repository.findPaymentByIdempotencyKey(input.idempotencyKey);
    if (payment?.status === 'pending') payment = await reconcilePayment(payment);
    if (payment && !isUncharged(payment)) return chargeResult(payment);
    const methods = await repository.listPaymentMethods(input.brandId, input.memberId);
    const card = methods.find((method) => method.is_default === 1) ?? methods[0];
    const customer = await repository.findCustomer(input.brandId, input.memberId, provider.name);
    if (!card || !customer) return { outcome: 'no_payment_method' };
    if (payment) {
      if (!(await repository.retryUncharged(payment.id, isoNow(now()))))
        return { outcome: 'pending', payment };
      payment = (await repository.findPaymentById(payment.id)) ?? payment;
    } else {
      const recorded = await recordPending({
        id: newId('pay'),
        brand_id: input.brandId,
        member_id: input.memberId,
        provider: provider.name,
        checkout_id: null,
        subscription_id: input.subscriptionId,
        purpose: input.purpose,
        amount_minor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        metadata: writeJson(input.metadata),
        idempotency_key: input.idempotencyKey,
        created_at: isoNow(now()),
      });
      payment = recorded.payment;
      // Another runner wrote it a moment ago and is charging it: its outcome is read next time.
      if (!recorded.mine) return chargeResult(payment);
    }
    let intent: ProviderPaymentIntent;
    try {
      intent = await provider.createPaymentIntent({
        amount: input.amountMinor,
        currency: input.currency,
        customer,
        paymentMethod: card.id,
        description: input.description,
        metadata: { ...input.metadata, purpose: input.purpose, payment_id: payment.id },
        offSession: true,
        idempotencyKey: input.idempotencyKey,
      });
    } catch (error) {
      // A refusal charged nothing; any other error leaves the outcome to the reconciliation.
      if (!(error instanceof ProviderError)) throw error;
      await settleRefused(payment, error.code, null);
      return chargeResult((await repository.findPaymentById(payment.id)) ?? payment);
    }
    return chargeResult(await settleWithIntent(payment, intent));
  }

  const isUncharged = (payment: PaymentRow) =>
    payment.status === 'failed' && payment.failure_code === NOT_CHARGED;

  function chargeResult(payment: PaymentRow): ChargeResult {
    if (payment.status === 'succeeded') return { outcome: 'succeeded', payment };
    if (payment.status === 'pending') return { outcome: 'pending', payment };
    return { outcome: 'failed', payment, failureCode: payment.failure_code ?? 'payment_failed' };
  }

  const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
    paymentMethodId: row.id,
    ccLast: row.cc_last,
    ccType: row.cc_type,
    isDefault: row.is_default === 1,
    expMonth: row.exp_month,
    expYear: row.exp_year,
  });

  async function listPaymentMethods(brandId: number, memberId: number): Promise<PaymentMethod[]> {
    return (await repository.listPaymentMethods(brandId, memberId)).map(toPaymentMethod);
  }

  /** `/paymentflow/stripe/setup-intent/create`: a setup intent on the member's customer. */
  async function createSetupIntent(brandId: number, member: { id: number; email: string; name: string }) {
    const customer = await ensureCustomer(brandId, member);
    const intent = await provider.createSetupIntent({ customer });
    return { setupIntentId: intent.id, clientSecret: intent.client_secret, customerId: customer };
  }

  /**
   * The sandbox's stand-in for Stripe.js: card entry for a setup intent of the member's customer.
   * Ownership is checked before anything is made or changed: another member's (or brand's) intent
   * is not found and stays as it was.
   */
  async function confirmSandboxSetup(
    brandId: number,
    memberId: number,
    clientSecret: string,
    input: { number: string; expiry: string; cvc: string },
  ): Promise<{ paymentMethodId: string }> {
    const validated = validateCard(input, now());
    if (!validated.ok)
      throw badInput(`The card is not valid: ${validated.issues.join(', ')}.`, validated.issues[0]);
    const customer = await repository.findCustomer(brandId, memberId, provider.name);
    const intent =
      customer && clientSecret.startsWith('seti_') ? await sandbox().retrieveSetupIntent(clientSecret) : null;
    if (!customer || intent?.customer !== customer)
      throw notFound('No such setup intent.', 'setup_intent_not_found');
    const method = await sandbox().createCardPaymentMethod(validated.card);
    try {
      await sandbox().confirmSetupIntent(clientSecret, method.id, customer);
    } catch (error) {
      if (error instanceof ProviderError) {
        throw badInput(
          error.code === 'resource_missing' ? 'No such setup intent.' : PAYMENT_FAILED,
          error.code,
        );
      }
      throw error;
    }
    return { paymentMethodId: method.id };
  }

  /** A payment method of the member's customer, as the provider reports it; others are not found. */
  async function getPaymentMethod(brandId: number, memberId: number, paymentMethodId: string) {
    const customer = await repository.findCustomer(brandId, memberId, provider.name);
    const method =
      customer && /^pm_[\w-]{6,100}$/.test(paymentMethodId)
        ? await provider.retrievePaymentMethod(paymentMethodId)
        : null;
    if (!customer || method?.customer !== customer) {
      throw notFound('No such payment method.', 'payment_method_not_found');
    }
    return method;
  }

  async function verifiedCard(
    brandId: number,
    memberId: number,
    input: { paymentMethodId: string; ccLast: string; ccType: string },
  ) {
    const method = await getPaymentMethod(brandId, memberId, input.paymentMethodId);
    // The browser's ccLast and ccType must be what the provider holds; the provider's values are stored.
    if (
      method.card.last4 !== input.ccLast.trim() ||
      method.card.brand.toLowerCase() !== input.ccType.trim().toLowerCase()
    ) {
      throw badInput('The card details do not match the payment method.', 'card_mismatch');
    }
    return method;
  }

  /** member.addPaymentMethod: saves a card the provider confirmed for this member. */
  async function addPaymentMethod(
    brandId: number,
    memberId: number,
    input: { paymentMethodId: string; ccLast: string; ccType: string; isDefault: boolean },
  ): Promise<PaymentMethod[]> {
    const method = await verifiedCard(brandId, memberId, input);
    const existing = await repository.listPaymentMethods(brandId, memberId);
    const saved = await repository.savePaymentMethod(
      {
        id: method.id,
        brand_id: brandId,
        member_id: memberId,
        provider: provider.name,
        cc_type: method.card.brand,
        cc_last: method.card.last4,
        cc_first6: method.card.iin,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
      },
      input.isDefault || existing.length === 0,
      null,
      isoNow(now()),
    );
    if (!saved) throw notFound('No such payment method.', 'payment_method_not_found');
    return listPaymentMethods(brandId, memberId);
  }

  /**
   * member.updatePaymentMethod: replaces the default card with a new one the provider confirmed.
   * Refused when the member's account is not billed by a card provider, or has no card to update.
   */
  async function updatePaymentMethod(
    brandId: number,
    member: { id: number; provider: string },
    input: { paymentMethodId: string; ccLast: string; ccType: string },
  ): Promise<PaymentMethod[]> {
    if (!provider.canUpdateCards || !CARD_PROVIDERS.has(member.provider)) {
      throw forbidden(CARD_UPDATE_UNAVAILABLE, 'card_update_unavailable');
    }
    const existing = await repository.listPaymentMethods(brandId, member.id);
    const current = existing.find((row) => row.is_default === 1) ?? existing[0];
    if (!current) throw badInput(NO_PAYMENT_METHOD, 'no_payment_method');
    const method = await verifiedCard(brandId, member.id, input);
    if (method.id === current.id) return listPaymentMethods(brandId, member.id);
    await repository.savePaymentMethod(
      {
        id: method.id,
        brand_id: brandId,
        member_id: member.id,
        provider: provider.name,
        cc_type: method.card.brand,
        cc_last: method.card.last4,
        cc_first6: method.card.iin,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
      },
      true,
      current.id,
      isoNow(now()),
    );
    await provider.detachPaymentMethod(current.id).catch((error: unknown) => {
      warn?.('could not detach the replaced card', { error: String(error) });
    });
    return listPaymentMethods(brandId, member.id);
  }

  async function setDefaultPaymentMethod(brandId: number, memberId: number, paymentMethodId: string) {
    const existing = await repository.listPaymentMethods(brandId, memberId);
    if (existing.length === 0) throw badInput(NO_PAYMENT_METHOD, 'no_payment_method');
    if (!(await repository.setDefaultPaymentMethod(brandId, memberId, paymentMethodId, isoNow(now())))) {
      throw notFound('No such payment method.', 'payment_method_not_found');
    }
    return listPaymentMethods(brandId, memberId);
  }

  /** Saves the card a member just paid with on the hosted page (sign-up and restart need it to renew). */
  async function saveCheckoutCard(payment: VerifiedPayment, memberId: number): Promise<void> {
    if (!payment.checkoutId) return;
    const checkout = await repository.findCheckoutById(payment.checkoutId);
    const intent = checkout?.payment_intent_id
      ? await provider.retrievePaymentIntent(checkout.payment_intent_id)
      : null;
    if (!intent?.customer || !intent.payment_method) return;
    await repository.insertCustomer(payment.brandId, memberId, provider.name, intent.customer, isoNow(now()));
    const customer = await repository.findCustomer(payment.brandId, memberId, provider.name);
    const method = await provider.retrievePaymentMethod(intent.payment_method);
    if (method?.customer !== customer) return;
    const existing = await repository.listPaymentMethods(payment.brandId, memberId);
    await repository.savePaymentMethod(
      {
        id: method.id,
        brand_id: payment.brandId,
        member_id: memberId,
        provider: provider.name,
        cc_type: method.card.brand,
        cc_last: method.card.last4,
        cc_first6: method.card.iin,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
      },
      !existing.some((row) => row.is_default === 1),
      null,
      isoNow(now()),
    );
  }

  async function listTransactions(brandId: number, memberId: number, limit = 50): Promise<Transaction[]> {
    const rows = await repository.listPayments(brandId, memberId, Math.min(Math.max(limit, 1), 100));
    return rows.map((row) => ({
      id: row.id,
      date: row.created_at,
      description: row.description,
      amount: row.amount_minor,
      currency: row.currency,
      // Pending payments are not listed (the repository leaves them out).
      status: row.status === 'succeeded' ? 'succeeded' : 'failed',
      purpose: row.purpose,
    }));
  }

  return {
    providerName: provider.name,
    onPaymentSucceeded,
    createCheckout,
    getCheckout,
    isExpired,
    payCheckout,
    openProviderCheckout,
    completeProviderCheckout,
    verifyCheckoutPayment,
    handleWebhook,
    sweepUnfulfilled,
    chargeSavedCard,
    ensureCustomer,
    createSetupIntent,
    confirmSandboxSetup,
    getPaymentMethod,
    listPaymentMethods,
    addPaymentMethod,
    updatePaymentMethod,
    setDefaultPaymentMethod,
    saveCheckoutCard,
    listTransactions,
    findPaymentByIdempotencyKey: repository.findPaymentByIdempotencyKey,
    listSubscriptionPayments: repository.listSubscriptionPayments,
    setPaymentSubscription: repository.setPaymentSubscription,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
