/**
 * What the payment flow needs from a payment provider, in Stripe's shapes (ids like `cus_…`, `pm_…`,
 * `seti_…`, `pi_…`, `evt_…`; amounts in integer minor units; currencies lowercase). Two providers
 * implement it: the built-in sandbox (the default) and real Stripe through the `stripe` package.
 */

export type ProviderName = 'sandbox' | 'stripe';

export interface ProviderCustomer {
  id: string;
  email: string | null;
  name: string | null;
}

export interface ProviderCard {
  brand: string;
  last4: string;
  /** The card's first six digits (issuer identification), when the provider reveals them; used only to recover a forgotten email. */
  iin: string | null;
  exp_month: number;
  exp_year: number;
}

export interface ProviderPaymentMethod {
  id: string;
  customer: string | null;
  card: ProviderCard;
}

export interface ProviderSetupIntent {
  id: string;
  client_secret: string;
  customer: string | null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'canceled'
    | 'succeeded';
  payment_method: string | null;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderPaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  /** Stripe's decline code when the last attempt failed (`card_declined`, `expired_card`, …). */
  last_payment_error: { code: string; message: string } | null;
  /** What was refunded of it, when the provider tells (the sandbox does; Stripe keeps it on the charge). */
  amount_refunded?: number;
}

export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id?: unknown; object?: unknown } & Record<string, unknown> };
}

/** A provider-hosted payment page (Stripe Checkout) for one of our checkouts. */
export interface ProviderCheckoutSession {
  id: string;
  /** Where to send the browser; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  customer: string | null;
  metadata: Record<string, string>;
}

export interface CreateCheckoutSession {
  /** Our checkout's id: the session's and its payment intent's `checkout_id` metadata. */
  checkoutId: string;
  amount: number;
  currency: string;
  description: string;
  /** The member's customer, or null to have the provider create one (sign-up). */
  customer: string | null;
  customerEmail: string | null;
  /** Absolute URLs back to this server; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  locale: string;
  idempotencyKey: string;
}

export interface CreatePaymentIntent {
  amount: number;
  currency: string;
  customer: string;
  paymentMethod: string;
  description: string;
  metadata: Record<string, string>;
  /** True for renewals charged without the member present. */
  offSession: boolean;
  /** The provider refuses to charge twice for one key (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

/** How reconciliation finds the charge of a payment recorded before it (see findPaymentIntent). */
export interface PaymentIntentLookup {
  /** The idempotency key the charge was sent with (or was about to be). */
  idempotencyKey: string;
  /** Our payment's id, sent as the intent's `payment_id` metadata; null for charges sent before 0013. */
  paymentId: string | null;
  /** The customer charged, when known (Stripe lists a customer's intents consistently). */
  customer: string | null;
  /** The charge was not sent before this moment. */
  createdAfter: Date;
}

/** A refund of (part of) a succeeded payment intent (Stripe's Refunds API). */
export interface CreateRefund {
  paymentIntent: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider refunds once per key (Stripe's Idempotency-Key): a retry answers the first refund. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  payment_intent: string | null;
  amount: number;
  currency: string;
  /** Stripe's: `pending` is accepted and on its way to the card; `failed`/`canceled` did not go back. */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
  /** Why a failed refund failed (Stripe's `failure_reason`, e.g. `expired_or_canceled_card`). */
  failure_reason?: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether a saved card can be replaced in place (else: "card update feature unavailable"). */
  readonly canUpdateCards: boolean;
  createCustomer(input: {
    email: string;
    name: string;
    metadata: Record<string, string>;
  }): Promise<ProviderCustomer>;
  createSetupIntent(input: { customer: string }): Promise<ProviderSetupIntent>;
  retrievePaymentMethod(id: string): Promise<ProviderPaymentMethod | null>;
  attachPaymentMethod(id: string, customer: string): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(id: string): Promise<void>;
  /** Creates and confirms a payment intent. A decline is a returned intent, not a thrown error. */
  createPaymentIntent(input: CreatePaymentIntent): Promise<ProviderPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  /**
   * The intent a charge with this idempotency key created, or null when the provider made no charge
   * with it: how a payment recorded before a charge whose answer was lost (the server died) is settled.
   * Throws when the provider cannot tell.
   */
  findPaymentIntent(lookup: PaymentIntentLookup): Promise<ProviderPaymentIntent | null>;
  /**
   * Refunds `amount` of a succeeded intent, once per idempotency key. A refusal (nothing refunded: no
   * such intent, more than is left, already refunded) is a thrown ProviderError; network and API errors
   * are thrown as they are and leave the outcome unknown, so the caller sends the same key again.
   */
  createRefund(input: CreateRefund): Promise<ProviderRefund>;
  /** A refund as the provider holds it now, or null when it has none with this id. */
  retrieveRefund(id: string): Promise<ProviderRefund | null>;
  /**
   * Provider-hosted card entry (Stripe Checkout). Absent on the sandbox, which hosts its own page.
   * The card is kept on the customer for renewals (`setup_future_usage: off_session`).
   */
  createCheckoutSession?(input: CreateCheckoutSession): Promise<ProviderCheckoutSession>;
  retrieveCheckoutSession?(id: string): Promise<ProviderCheckoutSession | null>;
  /** Verifies the signature header over the raw body and parses the event; throws when it is not genuine. */
  constructEvent(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
