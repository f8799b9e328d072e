import { isoNow, writeJson } from '../../db/json';
import { badInput, forbidden, notFound } from '../../errors';
import { validateCard } from './card';
import { CARD_UPDATE_UNAVAILABLE, NO_PAYMENT_METHOD, PAYMENT_FAILED } from './payment-errors';
import type { VerifiedPayment } from './payment-purposes';
import { NOT_CHARGED, type SavedCard } from './payments.repository';
import type { PaymentRow } from '../../db/tables/payments';
import { ProviderError, type ProviderPaymentIntent, type ProviderPaymentMethod } from './provider';
import { requireSandbox } from './sandbox-provider';
import { type PaymentsContext, type Settlement, newId } from './settlement';

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

export type ChargeResult =
  | { outcome: 'succeeded'; payment: PaymentRow }
  | { outcome: 'failed'; payment: PaymentRow; failureCode: string }
  /** Recorded but not settled yet (the provider's answer was lost in a crash): ask again later. */
  | { outcome: 'pending'; payment: PaymentRow }
  | { outcome: 'no_payment_method' };

/** A charge on the member's default card, without them present. */
export interface SavedCardCharge {
  brandId: number;
  memberId: number;
  /** A purpose of the table the server registered. */
  purpose: string;
  amountMinor: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  subscriptionId: number | null;
  /** One key is one charge at most. */
  idempotencyKey: string;
}

export { CARD_UPDATE_UNAVAILABLE, NO_PAYMENT_METHOD, PAYMENT_FAILED } from './payment-errors';

/** Member providers whose cards this server manages; others (test, free, partners) cannot update one. */
const CARD_PROVIDERS = new Set(['sandbox', 'stripe']);

const toPaymentMethod = (card: SavedCard): PaymentMethod => ({
  paymentMethodId: card.id,
  ccLast: card.ccLast,
  ccType: card.ccType,
  isDefault: card.isDefault,
  expMonth: card.expMonth,
  expYear: card.expYear,
});

const isUncharged = (payment: PaymentRow) =>
  payment.status === 'failed' && payment.failure_code === NOT_CHARGED;

function chargeResult(payment: PaymentRow): ChargeResult {
  if (payment.status === 'succeeded') return { outcome: 'succeeded', payment };
  if (payment.status === 'pending') return { outcome: 'pending', payment };
  return { outcome: 'failed', payment, failureCode: payment.failure_code ?? 'payment_failed' };
}

/**
 * Saved cards and what is charged on them: the member's provider customer, setting up, adding,
 * replacing and choosing cards, the card a hosted checkout paid with, charges without the member
 * present (renewals), and the member's payment history.
 */
export function createCardsService({
  repository,
  provider,
  now,
  warn,
  settlement,
}: PaymentsContext & { settlement: Settlement }) {
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
   * Charges a member's default card without them present (renewals). One idempotency key is one
   * charge at most: a second call with the key returns the first result. The payment is written
   * before the charge (decision 013); one whose answer was lost is settled with the provider's, and
   * one the provider never received is charged now under the same key.
   */
  async function chargeSavedCard(input: SavedCardCharge): Promise<ChargeResult> {
    let payment = await repository.findPaymentByIdempotencyKey(input.idempotencyKey);
    if (payment?.status === 'pending') payment = await settlement.reconcilePayment(payment);
    if (payment && !isUncharged(payment)) return chargeResult(payment);
    const cards = await repository.listPaymentMethods(input.brandId, input.memberId);
    const card = cards.find((saved) => saved.isDefault) ?? cards[0];
    const customer = await repository.findCustomer(input.brandId, input.memberId, provider.name);
    if (!card || !customer) return { outcome: 'no_payment_method' };
    if (payment) {
      if (!(await repository.retryUncharged(payment.id, isoNow(now()))))
        return { outcome: 'pending', payment };
      payment = (await repository.findPaymentById(payment.id)) ?? payment;
    } else {
      const recorded = await settlement.recordPending({
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
      await settlement.settleRefused(payment, error.code, null);
      return chargeResult((await repository.findPaymentById(payment.id)) ?? payment);
    }
    return chargeResult(await settlement.settleWithIntent(payment, intent));
  }

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
    const sandbox = requireSandbox(provider);
    const intent =
      customer && clientSecret.startsWith('seti_') ? await sandbox.retrieveSetupIntent(clientSecret) : null;
    if (!customer || intent?.customer !== customer)
      throw notFound('No such setup intent.', 'setup_intent_not_found');
    const method = await sandbox.createCardPaymentMethod(validated.card);
    try {
      await sandbox.confirmSetupIntent(clientSecret, method.id, customer);
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

  /** The row of a card the provider confirmed, for the member's brand. */
  function cardRow(brandId: number, memberId: number, method: ProviderPaymentMethod) {
    return {
      id: method.id,
      brand_id: brandId,
      member_id: memberId,
      provider: provider.name,
      cc_type: method.card.brand,
      cc_last: method.card.last4,
      cc_first6: method.card.iin,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    };
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
      cardRow(brandId, memberId, method),
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
    const current = existing.find((card) => card.isDefault) ?? existing[0];
    if (!current) throw badInput(NO_PAYMENT_METHOD, 'no_payment_method');
    const method = await verifiedCard(brandId, member.id, input);
    if (method.id === current.id) return listPaymentMethods(brandId, member.id);
    await repository.savePaymentMethod(cardRow(brandId, member.id, method), true, current.id, isoNow(now()));
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

  /**
   * member.removePaymentMethod: forgets one of the member's cards (removing the default makes the
   * newest other card the default, or leaves none) and detaches it at the provider, so nothing can
   * charge it again: renewals and saved-card purchases only ever charge a card still on the list.
   */
  async function removePaymentMethod(brandId: number, memberId: number, paymentMethodId: string) {
    const existing = await repository.listPaymentMethods(brandId, memberId);
    if (existing.length === 0) throw badInput(NO_PAYMENT_METHOD, 'no_payment_method');
    if (!(await repository.removePaymentMethod(brandId, memberId, paymentMethodId, isoNow(now())))) {
      throw notFound('No such payment method.', 'payment_method_not_found');
    }
    await provider.detachPaymentMethod(paymentMethodId).catch((error: unknown) => {
      warn?.('could not detach the removed card', { error: String(error) });
    });
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
      cardRow(payment.brandId, memberId, method),
      !existing.some((card) => card.isDefault),
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
    ensureCustomer,
    chargeSavedCard,
    createSetupIntent,
    confirmSandboxSetup,
    getPaymentMethod,
    listPaymentMethods,
    addPaymentMethod,
    updatePaymentMethod,
    setDefaultPaymentMethod,
    removePaymentMethod,
    saveCheckoutCard,
    listTransactions,
  };
}
