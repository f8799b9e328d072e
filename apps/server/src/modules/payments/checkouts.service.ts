import { type Locale, isLocale } from '@member/domain';

import { isoNow, readJson, writeJson } from '../../db/json';
import { AppError, badInput, notFound } from '../../errors';
import { type CardIssue, validateCard } from './card';
import { type PaymentPurposes, fulfilledPurposes } from './payment-purposes';
import { NOT_CHARGED } from './payments.repository';
import { NO_PAYMENT_METHOD } from './payment-errors';
import type { CheckoutRow } from '../../db/tables/checkouts';
import type { PaymentRow } from '../../db/tables/payments';
import { ProviderError, type ProviderEvent, type ProviderPaymentIntent } from './provider';
import { requireSandbox } from './sandbox-provider';
import {
  MAX_FULFILMENT_ATTEMPTS,
  type PaymentsContext,
  type Settlement,
  checkoutAttemptKey,
  newId,
} from './settlement';

export interface CheckoutInput<Purpose extends string> {
  brandId: number;
  /** Null for a visitor (sign-up): the member is created once the payment is verified. */
  memberId: number | null;
  purpose: Purpose;
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

export type PayResult =
  | { outcome: 'succeeded'; checkout: CheckoutRow; payment: PaymentRow; completedNow: boolean }
  | { outcome: 'failed'; checkout: CheckoutRow; failureCode: string }
  | { outcome: 'invalid_card'; checkout: CheckoutRow; issues: CardIssue[] }
  | { outcome: 'closed'; checkout: CheckoutRow };

/** A saved-card payment's answer: the checkout it paid (or tried to), for the return page. */
export type SavedCardPayResult =
  | { outcome: 'succeeded'; checkout: CheckoutRow }
  | { outcome: 'pending'; checkout: CheckoutRow }
  | { outcome: 'failed'; checkout: CheckoutRow; failureCode: string };

const CHECKOUT_TTL_MS = 60 * 60 * 1000;
/**
 * How long a provider's own page may still take a payment: a Stripe Checkout Session expires 24 hours
 * after it is created (Stripe's default, which we do not change), and it is created before its checkout
 * expires, so a checkout with one may be paid until a day after its own expiry.
 */
export const PROVIDER_PAGE_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_AMOUNT_MINOR = 100_000_000;
const MAX_CHECKOUT_ATTEMPTS = 10;

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

/**
 * What a purpose holds while its checkout is open (a giveaway's cap space, decision 023), given back
 * once the checkout can no longer be paid. The payments module knows no purpose: the server wires it.
 */
export interface CheckoutHolds {
  /** The billing job: gives back the holds of checkouts that can no longer be paid; answers how many. */
  releaseAbandoned(limit: number): Promise<number>;
  /** The provider said this checkout's page expired unpaid: gives its hold back, if it has one. */
  releaseOf(checkoutId: string): Promise<boolean>;
}

/** Where an unpaid checkout stands for what it holds: its status, and until when it may still be paid. */
export interface CheckoutPayability {
  status: CheckoutRow['status'];
  payableUntil: string;
}

export interface CheckoutsServiceDeps<Purpose extends string> extends PaymentsContext {
  purposes: PaymentPurposes<Purpose>;
  settlement: Settlement;
  /** How long a handler's run holds its lease: a verified payment younger than that is left alone. */
  fulfilmentLeaseMs: number;
  ensureCustomer: (brandId: number, member: { id: number; email: string; name: string }) => Promise<string>;
  /** Acts on a verified event about a refund (refunds.service.ts#handleRefundEvent); idempotent. */
  handleRefundEvent: (event: ProviderEvent) => Promise<unknown>;
  /** Told when the provider reports a checkout's page expired unpaid. */
  holds?: CheckoutHolds | undefined;
}

/**
 * Hosted checkouts from opening to verified payment: the sandbox's page and the provider's own page
 * (Stripe Checkout), verification with the provider, signed deduplicated webhooks, and the billing
 * job's sweep of what a crash left unsettled or unfulfilled.
 */
export function createCheckoutsService<Purpose extends string>({
  repository,
  provider,
  now,
  warn,
  purposes,
  settlement,
  fulfilmentLeaseMs,
  ensureCustomer,
  handleRefundEvent,
  holds,
}: CheckoutsServiceDeps<Purpose>) {
  const checkoutPurposes = new Set<string>(fulfilledPurposes(purposes));

  /**
   * Opens a hosted payment page for an amount the server decided. Only a purpose with a handler may
   * be paid for: a payment nothing would fulfil is refused before any money moves.
   */
  async function createCheckout(input: CheckoutInput<Purpose>): Promise<{ checkoutId: string; url: string }> {
    if (!checkoutPurposes.has(input.purpose)) {
      throw new AppError('UNAVAILABLE', 'This payment is not taken yet.', 'purpose_unavailable');
    }
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

  /**
   * By our clock, when a checkout can no longer be paid: its own expiry, or a day later when it opened
   * a provider's page (PROVIDER_PAGE_TTL_MS), which takes payments until the provider expires it.
   */
  const payableUntil = (checkout: Pick<CheckoutRow, 'expires_at' | 'provider_session_id'>) =>
    checkout.provider_session_id === null
      ? checkout.expires_at
      : isoNow(new Date(Date.parse(checkout.expires_at) + PROVIDER_PAGE_TTL_MS));

  /**
   * For listings: checkouts without a provider page that expired before `withoutPage`, and those with
   * one that expired before `withPage`, can no longer be paid by our clock.
   */
  function unpayableCutoffs(): { withoutPage: string; withPage: string } {
    const at = now();
    return {
      withoutPage: isoNow(at),
      withPage: isoNow(new Date(at.getTime() - PROVIDER_PAGE_TTL_MS)),
    };
  }

  /**
   * Where a checkout stands for what it holds, asking the provider when its page is the provider's: a
   * payment recorded for it (or being charged) makes it `succeeded` (`processing`); a provider page the
   * provider reports expired or gone cannot be paid after the checkout's own expiry; one it reports
   * paid is verified now (so the purpose's handler runs and takes the hold) and counts as `succeeded`;
   * one still open may be paid until our clock says otherwise. Null for an unknown checkout.
   */
  async function checkoutPayability(checkoutId: string): Promise<CheckoutPayability | null> {
    const checkout = await repository.findCheckoutById(checkoutId);
    if (!checkout) return null;
    const live = await repository.findLivePaymentOfCheckout(checkout.id);
    if (live) {
      return {
        status: live.status === 'succeeded' ? 'succeeded' : 'processing',
        payableUntil: payableUntil(checkout),
      };
    }
    if (checkout.provider_session_id === null || !provider.retrieveCheckoutSession) {
      return { status: checkout.status, payableUntil: payableUntil(checkout) };
    }
    const session = await provider.retrieveCheckoutSession(checkout.provider_session_id);
    if (session?.payment_status === 'paid' && session.payment_intent) {
      const payment = await verifyCheckoutPayment(session.payment_intent);
      if (payment?.checkout_id === checkout.id) {
        return { status: 'succeeded', payableUntil: payableUntil(checkout) };
      }
    }
    if (session === null || session.status === 'expired') {
      return { status: checkout.status, payableUntil: checkout.expires_at };
    }
    return { status: checkout.status, payableUntil: payableUntil(checkout) };
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
    const settledBefore = settlement.settledBefore();
    for (const payment of await repository.listPendingPayments(settledBefore, limit)) {
      try {
        if ((await settlement.reconcilePayment(payment)).status !== 'pending') counts.reconciled += 1;
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
    const rows = await repository.listUnfulfilled(fulfilledPurposes(purposes), {
      at: isoNow(at),
      recordedBefore: isoNow(new Date(at.getTime() - fulfilmentLeaseMs)),
      maxAttempts: MAX_FULFILMENT_ATTEMPTS,
      limit,
    });
    for (const row of rows) {
      try {
        if (await settlement.fulfil(row)) counts.fulfilled += 1;
      } catch (error) {
        counts.failed += 1;
        warn?.('a payment handler failed again in the sweep', { paymentId: row.id, error: String(error) });
      }
    }
    return counts;
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
      const payment = recorded.status === 'pending' ? await settlement.reconcilePayment(recorded) : recorded;
      // A payment settled by a server that died before bringing its checkout along.
      if (payment.status === 'succeeded' && payment.provider_payment_id) {
        await repository.markCheckoutSucceeded(checkout.id, payment.provider_payment_id, at);
        await settlement.fulfil(payment);
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
      await settlement.fulfil(recorded);
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
      const settled = await settlement.settleWithIntent(own, intent);
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
    await settlement.fulfil(payment);
    return (await repository.findPaymentByProviderId(provider.name, intent.id)) ?? payment;
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
      paymentMethod = (await requireSandbox(provider).createCardPaymentMethod(validated.card)).id;
      await provider.attachPaymentMethod(paymentMethod, customer);
    } catch (error) {
      // Nothing was charged yet: the checkout is open again.
      await repository.transitionCheckout(checkout.id, 'processing', {
        status: 'open',
        updated_at: isoNow(now()),
      });
      throw error;
    }

    const settled = await chargeCheckout(checkout, {
      memberId: checkout.member_id,
      customer,
      paymentMethod,
      offSession: false,
      idempotencyKey,
    });
    const current = await getCheckout(brandId, checkoutId);
    if (settled.status === 'succeeded') {
      return { outcome: 'succeeded', checkout: current, payment: settled, completedNow: true };
    }
    if (settled.status === 'pending') return { outcome: 'closed', checkout: current };
    return { outcome: 'failed', checkout: current, failureCode: settled.failure_code ?? 'payment_failed' };
  }

  /**
   * Charges a checkout the caller has moved to processing: the payment is written before the charge
   * (decision 013: if this server dies from here on, the billing job finds the pending payment and
   * settles it with what the provider says became of the charge), then settled with the provider's
   * answer. A refusal charged nothing: it is settled as refused and thrown; any other error leaves the
   * outcome to the reconciliation.
   */
  async function chargeCheckout(
    checkout: CheckoutRow,
    charge: {
      memberId: number | null;
      customer: string;
      paymentMethod: string;
      offSession: boolean;
      idempotencyKey: string;
    },
  ): Promise<PaymentRow> {
    const { payment: pending } = await settlement.recordPending({
      id: newId('pay'),
      brand_id: checkout.brand_id,
      member_id: charge.memberId,
      provider: provider.name,
      checkout_id: checkout.id,
      subscription_id: null,
      purpose: checkout.purpose,
      amount_minor: checkout.amount_minor,
      currency: checkout.currency,
      description: checkout.description,
      metadata: checkout.metadata,
      idempotency_key: charge.idempotencyKey,
      created_at: isoNow(now()),
    });
    let intent: ProviderPaymentIntent;
    try {
      intent = await provider.createPaymentIntent({
        amount: checkout.amount_minor,
        currency: checkout.currency,
        customer: charge.customer,
        paymentMethod: charge.paymentMethod,
        description: checkout.description,
        metadata: { checkout_id: checkout.id, purpose: checkout.purpose, payment_id: pending.id },
        offSession: charge.offSession,
        idempotencyKey: charge.idempotencyKey,
      });
    } catch (error) {
      if (error instanceof ProviderError) await settlement.settleRefused(pending, error.code, null);
      throw error;
    }
    return settlement.settleWithIntent(pending, intent);
  }

  /**
   * A member's open hosted checkout paid with one of their saved cards instead of the page
   * (docs/decisions/035). The checkout is the same one the page would take: its amount, purpose and
   * metadata are the server's, it moves open → processing → succeeded as the page's submit does (so
   * the page and this cannot both charge), the charge is written first and settled with the provider's
   * own answer, and the purpose's handler runs once. `requestKey` is the web's key for the purchase: a
   * request repeated with it charges nothing more and answers the checkout it first paid.
   */
  async function payWithSavedCard(
    brandId: number,
    memberId: number,
    input: { checkoutId: string; paymentMethodId: string; requestKey: string },
  ): Promise<SavedCardPayResult> {
    if (!/^[A-Za-z0-9_-]{16,100}$/.test(input.requestKey)) {
      throw badInput('The request key must be 16 to 100 letters, digits, - or _.', 'invalid_idempotency_key');
    }
    const named = await getCheckout(brandId, input.checkoutId);
    if (named.member_id !== memberId)
      throw notFound('This payment page does not exist.', 'checkout_not_found');
    const cards = await repository.listPaymentMethods(brandId, memberId);
    if (cards.length === 0) throw badInput(NO_PAYMENT_METHOD, 'no_payment_method');
    if (!cards.some((card) => card.id === input.paymentMethodId)) {
      throw notFound('No such payment method.', 'payment_method_not_found');
    }
    const recorded = await repository.recordSavedCardRequest({
      brand_id: brandId,
      member_id: memberId,
      request_key: input.requestKey,
      checkout_id: named.id,
      payment_method_id: input.paymentMethodId,
      created_at: isoNow(now()),
    });
    // The key paid another checkout first (a retry that opened a new one): that one's outcome, nothing more.
    const checkout =
      recorded.checkout_id === named.id ? named : await getCheckout(brandId, recorded.checkout_id);
    if (recorded.checkout_id !== named.id || checkout.status !== 'open') return savedCardOutcome(checkout);
    if (isExpired(checkout) || checkout.attempts >= MAX_CHECKOUT_ATTEMPTS) {
      return { outcome: 'failed', checkout, failureCode: 'checkout_closed' };
    }
    const card = cards.find((saved) => saved.id === recorded.payment_method_id);
    const customer = await repository.findCustomer(brandId, memberId, provider.name);
    if (!card || !customer) throw badInput(NO_PAYMENT_METHOD, 'no_payment_method');

    const attempt = checkout.attempts + 1;
    const claimed = await repository.transitionCheckout(checkout.id, 'open', {
      status: 'processing',
      attempts: attempt,
      updated_at: isoNow(now()),
    });
    if (!claimed) return savedCardOutcome(await getCheckout(brandId, checkout.id));
    const idempotencyKey = checkoutAttemptKey(checkout.id, attempt);
    let settled: PaymentRow;
    try {
      settled = await chargeCheckout(checkout, {
        memberId,
        customer,
        paymentMethod: card.id,
        // The member is not in front of the card's bank (no page to authenticate on): a card that asks
        // for it is refused, and the member pays on the hosted page instead.
        offSession: true,
        idempotencyKey,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return {
        outcome: 'failed',
        checkout: await getCheckout(brandId, checkout.id),
        failureCode: error.code,
      };
    }
    const current = await getCheckout(brandId, checkout.id);
    if (settled.status === 'succeeded') return { outcome: 'succeeded', checkout: current };
    if (settled.status === 'pending') return { outcome: 'pending', checkout: current };
    return { outcome: 'failed', checkout: current, failureCode: settled.failure_code ?? 'payment_failed' };
  }

  /** What a checkout already paid (or being paid) answers to a repeated saved-card request. */
  function savedCardOutcome(checkout: CheckoutRow): SavedCardPayResult {
    if (checkout.status === 'succeeded') return { outcome: 'succeeded', checkout };
    if (checkout.status === 'processing') return { outcome: 'pending', checkout };
    if (checkout.status === 'expired' || isExpired(checkout))
      return { outcome: 'failed', checkout, failureCode: 'checkout_closed' };
    return { outcome: 'failed', checkout, failureCode: checkout.failure_code ?? 'payment_failed' };
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
   * The checkout whose provider page an event says expired (`checkout.session.expired`), once the
   * session read back from the provider says so too and names one of our checkouts.
   */
  async function expiredCheckoutOfEvent(event: ProviderEvent): Promise<string | null> {
    const object = event.data.object;
    if (
      event.type !== 'checkout.session.expired' ||
      typeof object.id !== 'string' ||
      !provider.retrieveCheckoutSession
    ) {
      return null;
    }
    const session = await provider.retrieveCheckoutSession(object.id);
    if (session?.status !== 'expired' || session.payment_status === 'paid') return null;
    const checkoutId = session.metadata.checkout_id;
    if (!checkoutId) return null;
    const checkout = await repository.findCheckoutById(checkoutId);
    return checkout?.provider_session_id === session.id ? checkout.id : null;
  }

  /**
   * A provider webhook: the signature is verified, each event id is processed once, and a payment
   * event is acted on only after the intent is fetched from the provider again; a refund event the
   * same way, after its refund is (handleRefundEvent).
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
    const expiredCheckoutId = await expiredCheckoutOfEvent(event);
    const act = async () => {
      if (intentId) await verifyCheckoutPayment(intentId);
      if (expiredCheckoutId && holds) await holds.releaseOf(expiredCheckoutId);
      await handleRefundEvent(event);
    };
    if (
      !(await repository.recordWebhookEvent(event.id.slice(0, 255), provider.name, event.type, isoNow(now())))
    ) {
      // A redelivery after a crash mid-handling: the event was recorded but its payment's handler may
      // not have finished. Fulfilment is leased and idempotent, a hold is released once and a refund
      // moves once, so resuming applies nothing twice.
      await act();
      return { duplicate: true, type: event.type };
    }
    try {
      await act();
    } catch (error) {
      // Not processed: forget the event so the provider's retry processes it.
      await repository.forgetWebhookEvent(event.id.slice(0, 255));
      throw error;
    }
    return { duplicate: false, type: event.type };
  }

  return {
    createCheckout,
    getCheckout,
    isExpired,
    unpayableCutoffs,
    checkoutPayability,
    payCheckout,
    payWithSavedCard,
    openProviderCheckout,
    completeProviderCheckout,
    verifyCheckoutPayment,
    handleWebhook,
    sweepUnfulfilled,
  };
}
