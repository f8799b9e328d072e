import Stripe from 'stripe';

import {
  type PaymentIntentStatus,
  type PaymentProvider,
  type ProviderCheckoutSession,
  ProviderError,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderPaymentMethod,
  type ProviderRefund,
  type ProviderSetupIntent,
} from './provider';
import { WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests pass a client that answers with recorded Stripe responses. */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
  /** Seconds since the epoch, for webhook tolerance. */
  nowSeconds?: () => number;
}

const PAYMENT_INTENT_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];
const SETUP_INTENT_STATUSES: readonly ProviderSetupIntent['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'canceled',
  'succeeded',
];

/** A status this code knows, or `fallback` for one a newer API version added (never "succeeded"). */
function known<T extends string>(list: readonly T[], value: string, fallback: T): T {
  return (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function toPaymentMethod(method: Stripe.PaymentMethod): ProviderPaymentMethod {
  if (!method.card)
    throw new ProviderError('Only card payment methods are supported.', 'unsupported_payment_method');
  return {
    id: method.id,
    customer: idOf(method.customer),
    card: {
      brand: method.card.brand,
      last4: method.card.last4,
      // Stripe does not reveal a card's first digits through this API: recovery by card needs the sandbox.
      iin: null,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    },
  };
}

function toPaymentIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    status: known(PAYMENT_INTENT_STATUSES, intent.status, 'processing'),
    customer: idOf(intent.customer),
    payment_method: idOf(intent.payment_method),
    metadata: { ...intent.metadata },
    last_payment_error: error
      ? {
          code: error.decline_code ?? error.code ?? 'payment_failed',
          message: error.message ?? 'Payment failed.',
        }
      : null,
  };
}

function toSetupIntent(intent: Stripe.SetupIntent): ProviderSetupIntent {
  return {
    id: intent.id,
    client_secret: intent.client_secret ?? '',
    customer: idOf(intent.customer),
    status: known(SETUP_INTENT_STATUSES, intent.status, 'processing'),
    payment_method: idOf(intent.payment_method),
  };
}

const REFUND_STATUSES: readonly ProviderRefund['status'][] = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
];

function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    payment_intent: idOf(refund.payment_intent),
    amount: refund.amount,
    currency: refund.currency,
    // A status a newer API version added counts as on its way, never as done.
    status: known(REFUND_STATUSES, refund.status ?? 'pending', 'pending'),
    metadata: { ...(refund.metadata ?? {}) },
    failure_reason: refund.failure_reason ?? null,
  };
}

/** Stripe Checkout's language for ours (Malay has no Checkout locale: Stripe then picks from the browser). */
const CHECKOUT_LOCALES: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
  'en-us': 'en',
  'fr-ca': 'fr-CA',
  'de-de': 'de',
  'it-it': 'it',
  'pt-pt': 'pt',
  'es-es': 'es',
  'ja-jp': 'ja',
  'my-ms': 'ms',
};

function toCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status: known(['open', 'complete', 'expired'] as const, session.status ?? 'open', 'open'),
    // An unknown payment status counts as unpaid: only "paid" fulfils.
    payment_status: known(
      ['paid', 'unpaid', 'no_payment_required'] as const,
      session.payment_status,
      'unpaid',
    ),
    payment_intent: idOf(session.payment_intent),
    customer: idOf(session.customer),
    metadata: { ...(session.metadata ?? {}) },
  };
}

/** Our clock and Stripe's may differ: the intent list starts this much before the payment was recorded. */
const LOOKUP_CLOCK_SKEW_SECONDS = 300;

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * Real Stripe through the official package. Card entry happens on Stripe's own page (Checkout
 * Sessions, decision 010); this side opens them, reads them back to verify a payment, creates
 * customers and setup intents, reads payment methods, charges saved cards with idempotency keys, and
 * verifies webhook signatures with Stripe's own check.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  return {
    name: 'stripe',
    canUpdateCards: true,

    async createCustomer({ email, name, metadata }) {
      const customer = await stripe.customers.create({ email, name, metadata });
      return { id: customer.id, email: customer.email ?? null, name: customer.name ?? null };
    },

    async createSetupIntent({ customer }) {
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'off_session',
      });
      return toSetupIntent(intent);
    },

    async retrievePaymentMethod(id) {
      try {
        return toPaymentMethod(await stripe.paymentMethods.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async attachPaymentMethod(id, customer) {
      return toPaymentMethod(await stripe.paymentMethods.attach(id, { customer }));
    },

    async detachPaymentMethod(id) {
      await stripe.paymentMethods.detach(id);
    },

    async createPaymentIntent(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customer,
            payment_method: input.paymentMethod,
            description: input.description,
            metadata: input.metadata,
            confirm: true,
            off_session: input.offSession,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toPaymentIntent(intent);
      } catch (error) {
        // A decline is a card error carrying the failed intent: report it as an intent, like the sandbox.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return toPaymentIntent(error.payment_intent);
        }
        // Refused outright, so nothing was charged. Network, rate-limit and API errors leave the outcome
        // unknown: they stay thrown as they are, and the payment is reconciled later (decision 013).
        if (
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeInvalidRequestError
        ) {
          throw new ProviderError(error.message, error.code ?? 'invalid_request');
        }
        throw error;
      }
    },

    async retrievePaymentIntent(id) {
      try {
        return toPaymentIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async findPaymentIntent({ paymentId, customer, createdAfter }) {
      // Stripe finds no request by its idempotency key, so our payment's id travels as metadata.
      if (!paymentId || !/^[\w-]{1,100}$/.test(paymentId)) {
        throw new ProviderError(
          'Only a charge that names its payment can be looked up.',
          'lookup_unsupported',
        );
      }
      if (customer) {
        // Listing is consistent at once (search is not): the customer's intents since the payment was recorded.
        const since = Math.floor(createdAfter.getTime() / 1000) - LOOKUP_CLOCK_SKEW_SECONDS;
        for await (const intent of stripe.paymentIntents.list({
          customer,
          created: { gte: since },
          limit: 100,
        })) {
          if (intent.metadata.payment_id === paymentId) return toPaymentIntent(intent);
        }
        return null;
      }
      const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:'${paymentId}'` });
      const intent = found.data[0];
      return intent ? toPaymentIntent(intent) : null;
    },

    async createRefund(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentIntent, amount: input.amount, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return toRefund(refund);
      } catch (error) {
        // Refused outright (no such intent, already refunded, more than is left): nothing was refunded.
        // Network, rate-limit and API errors leave the outcome unknown and stay thrown as they are; the
        // same idempotency key sent again answers the refund Stripe made, if it made one.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new ProviderError(error.message, error.code ?? 'invalid_request');
        }
        throw error;
      }
    },

    async retrieveRefund(id) {
      try {
        return toRefund(await stripe.refunds.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: input.description },
              },
            },
          ],
          ...(input.customer
            ? { customer: input.customer }
            : {
                customer_creation: 'always' as const,
                ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
              }),
          // The card stays on the customer, so renewals can charge it without the member present.
          payment_intent_data: {
            setup_future_usage: 'off_session',
            description: input.description,
            metadata: { checkout_id: input.checkoutId },
          },
          client_reference_id: input.checkoutId,
          metadata: { checkout_id: input.checkoutId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: CHECKOUT_LOCALES[input.locale] ?? 'auto',
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toCheckoutSession(session);
    },

    async retrieveCheckoutSession(id) {
      try {
        return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    constructEvent(rawBody, signatureHeader) {
      if (!signatureHeader) throw new ProviderError('Webhook signature missing.', 'signature_verification');
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          // Stripe's receivedAt is in milliseconds.
          options.nowSeconds ? options.nowSeconds() * 1000 : undefined,
        );
        return event as unknown as ProviderEvent;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new ProviderError(error.message, 'signature_verification');
        }
        throw error;
      }
    },
  };
}
