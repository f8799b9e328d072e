import { createHash, randomBytes } from 'node:crypto';

import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../../db/schema';
import { isoNow, readJson, writeJson } from '../../db/json';
import { AppError } from '../../errors';
import { type SandboxOutcome, TEST_CARDS, type ValidCard, sandboxOutcome } from './card';
import {
  type CreatePaymentIntent,
  type PaymentProvider,
  type ProviderCustomer,
  ProviderError,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderPaymentMethod,
  type ProviderRefund,
  type ProviderSetupIntent,
} from './provider';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

/** A saved sandbox card: what Stripe keeps of a card (brand, last 4, expiry), plus its test outcome. */
interface SandboxPaymentMethod extends ProviderPaymentMethod {
  outcome: SandboxOutcome;
  /** Saved by a setup intent whatever its outcome (TEST_CARDS.declinesCharges); absent: only if it succeeds. */
  attachable?: boolean;
  /** Refunds of its charges are accepted, then fail (TEST_CARDS.refundsFail). */
  refundsFail?: boolean;
}

/** Why the sandbox's refunds of TEST_CARDS.refundsFail fail (one of Stripe's `failure_reason`s). */
export const SANDBOX_REFUND_FAILURE = 'expired_or_canceled_card';

const DECLINE_MESSAGES: Record<Exclude<SandboxOutcome, 'succeeds'>, string> = {
  card_declined: 'Your card was declined.',
  expired_card: 'Your card has expired.',
};

export type WebhookEndpoint = (rawBody: string, signatureHeader: string) => Promise<void>;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Stands in for Stripe.js: tokenises a validated card into a payment method (no full number kept). */
  createCardPaymentMethod(card: ValidCard): Promise<ProviderPaymentMethod>;
  /** The setup intent a client secret names (as Stripe.js `retrieveSetupIntent`), or null. */
  retrieveSetupIntent(clientSecret: string): Promise<ProviderSetupIntent | null>;
  /**
   * Stands in for Stripe.js `confirmCardSetup`: attaches a payment method through a setup intent. The
   * intent must belong to `customer` (the caller's); another customer's is not found and left unchanged.
   */
  confirmSetupIntent(
    clientSecret: string,
    paymentMethodId: string,
    customer: string,
  ): Promise<ProviderSetupIntent>;
  /** Where signed events are delivered (the payment flow's webhook handler). */
  setWebhookEndpoint(endpoint: WebhookEndpoint): void;
  /**
   * The card network's later answer: refunds of TEST_CARDS.refundsFail accepted so far fail now, each
   * once (the intent's refunded amount goes back down, as Stripe's does), and `refund.updated` and
   * `refund.failed` are emitted for each. Answers how many failed. The billing job's sweep calls it.
   */
  failDueRefunds(): Promise<number>;
}

const newId = (prefix: string) => `${prefix}_sbx${randomBytes(12).toString('base64url')}`;
const idempotencyId = (key: string) => `idem_${createHash('sha256').update(key).digest('hex')}`;

/** The database or a transaction of it. */
type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The built-in provider: Stripe's objects and behaviour (test cards, declines, idempotency keys,
 * signed webhooks) kept in the `sandbox_objects` table, so development and tests need no network.
 */
export function createSandboxProvider(
  db: Kysely<Database>,
  webhookSecret: string,
  now: () => Date = () => new Date(),
): SandboxProvider {
  let endpoint: WebhookEndpoint | null = null;

  async function put(kind: string, id: string, data: object, executor: Executor = db): Promise<void> {
    await executor
      .insertInto('sandbox_objects')
      .values({ id, kind, data: writeJson(data), created_at: isoNow(now()) })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ data: writeJson(data) }))
      .execute();
  }

  async function get<T>(kind: string, id: string, executor: Executor = db): Promise<T | null> {
    const row = await executor
      .selectFrom('sandbox_objects')
      .select('data')
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? readJson<T | null>(row.data, null) : null;
  }

  /** The intent charged with an idempotency key (its stored id), or null when none was. */
  async function intentOfKey(key: string, executor: Executor = db): Promise<ProviderPaymentIntent | null> {
    const first = await get<{ intent: string }>('idempotency', key, executor);
    return first ? get<ProviderPaymentIntent>('payment_intent', first.intent, executor) : null;
  }

  async function emit(
    type: string,
    object: ProviderPaymentIntent | ProviderSetupIntent | ProviderRefund,
  ): Promise<void> {
    const event: ProviderEvent = {
      id: newId('evt'),
      type,
      created: Math.floor(now().getTime() / 1000),
      data: { object: { ...object, object: type.split('.')[0] } },
    };
    await put('event', event.id, event);
    if (!endpoint) return;
    const raw = JSON.stringify(event);
    try {
      await endpoint(raw, signWebhook(webhookSecret, raw, event.created));
    } catch {
      // Like Stripe, a failed delivery does not undo the payment; the payment flow verifies it itself.
      await put('event', event.id, { ...event, delivery_failed: true });
    }
  }

  const publicMethod = ({
    outcome: _outcome,
    attachable: _attachable,
    refundsFail: _refundsFail,
    ...method
  }: SandboxPaymentMethod): ProviderPaymentMethod => method;

  const provider: SandboxProvider = {
    name: 'sandbox',
    canUpdateCards: true,

    setWebhookEndpoint(next) {
      endpoint = next;
    },

    async createCustomer({ email, name }) {
      const customer: ProviderCustomer = { id: newId('cus'), email, name };
      await put('customer', customer.id, customer);
      return customer;
    },

    async createSetupIntent({ customer }) {
      if (!(await get<ProviderCustomer>('customer', customer))) {
        throw new ProviderError('No such customer.', 'resource_missing');
      }
      const id = newId('seti');
      const intent: ProviderSetupIntent = {
        id,
        client_secret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
        customer,
        status: 'requires_payment_method',
        payment_method: null,
      };
      await put('setup_intent', id, intent);
      return intent;
    },

    async createCardPaymentMethod(card) {
      const method: SandboxPaymentMethod = {
        id: newId('pm'),
        customer: null,
        card: {
          brand: card.brand,
          last4: card.last4,
          iin: card.number.slice(0, 6),
          exp_month: card.expMonth,
          exp_year: card.expYear,
        },
        outcome: sandboxOutcome(card.number),
        attachable: card.number === TEST_CARDS.declinesCharges,
        refundsFail: card.number === TEST_CARDS.refundsFail,
      };
      await put('payment_method', method.id, method);
      return publicMethod(method);
    },

    async retrieveSetupIntent(clientSecret) {
      const intent = await get<ProviderSetupIntent>('setup_intent', clientSecret.split('_secret_')[0] ?? '');
      return intent?.client_secret === clientSecret ? intent : null;
    },

    async confirmSetupIntent(clientSecret, paymentMethodId, customer) {
      const intent = await provider.retrieveSetupIntent(clientSecret);
      // Whose it is comes first: nothing of another customer's intent is changed or revealed.
      if (!intent?.customer || intent.customer !== customer) {
        throw new ProviderError('No such setup intent.', 'resource_missing');
      }
      const id = intent.id;
      if (intent.status === 'succeeded')
        throw new ProviderError('This setup intent is already confirmed.', 'setup_intent_unexpected_state');
      const method = await get<SandboxPaymentMethod>('payment_method', paymentMethodId);
      if (!method) throw new ProviderError('No such payment method.', 'resource_missing');
      if (method.outcome !== 'succeeds' && method.attachable !== true) {
        throw new ProviderError(DECLINE_MESSAGES[method.outcome], method.outcome);
      }
      await provider.attachPaymentMethod(paymentMethodId, customer);
      const confirmed: ProviderSetupIntent = {
        ...intent,
        status: 'succeeded',
        payment_method: paymentMethodId,
      };
      await put('setup_intent', id, confirmed);
      await emit('setup_intent.succeeded', confirmed);
      return confirmed;
    },

    async retrievePaymentMethod(id) {
      const method = await get<SandboxPaymentMethod>('payment_method', id);
      return method ? publicMethod(method) : null;
    },

    async attachPaymentMethod(id, customer) {
      const method = await get<SandboxPaymentMethod>('payment_method', id);
      if (!method) throw new ProviderError('No such payment method.', 'resource_missing');
      if (method.customer && method.customer !== customer) {
        throw new ProviderError(
          'The payment method belongs to another customer.',
          'payment_method_unexpected_state',
        );
      }
      const attached = { ...method, customer };
      await put('payment_method', id, attached);
      return publicMethod(attached);
    },

    async detachPaymentMethod(id) {
      const method = await get<SandboxPaymentMethod>('payment_method', id);
      if (method) await put('payment_method', id, { ...method, customer: null });
    },

    async createPaymentIntent(input: CreatePaymentIntent) {
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new ProviderError('Amount must be a positive integer.', 'parameter_invalid_integer');
      }
      const key = idempotencyId(input.idempotencyKey);
      const method = await get<SandboxPaymentMethod>('payment_method', input.paymentMethod);
      const outcome: SandboxOutcome | 'missing' =
        !method || (method.customer !== null && method.customer !== input.customer)
          ? 'missing'
          : method.outcome;
      const id = newId('pi');
      const intent: ProviderPaymentIntent = {
        id,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        status: outcome === 'succeeds' ? 'succeeded' : 'requires_payment_method',
        customer: input.customer,
        payment_method: input.paymentMethod,
        metadata: input.metadata,
        last_payment_error:
          outcome === 'succeeds'
            ? null
            : outcome === 'missing'
              ? { code: 'payment_method_unexpected_state', message: 'The payment method cannot be used.' }
              : { code: outcome, message: DECLINE_MESSAGES[outcome] },
      };
      // Stripe's idempotency: the same key returns the first intent instead of charging again. The key
      // and the charge are written together, so a key never exists without its charge (a crash between
      // them would otherwise leave a key that neither charges nor answers).
      const charged = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('sandbox_objects')
          .values({
            id: key,
            kind: 'idempotency',
            data: writeJson({ intent: id }),
            created_at: isoNow(now()),
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0)
          return { first: await intentOfKey(key, trx) };
        await put('payment_intent', id, intent, trx);
        return null;
      });
      if (charged?.first) return charged.first;
      if (charged) {
        // Only a key written before key and charge were one transaction can be left without its charge.
        throw new ProviderError(
          'A request with this idempotency key is in progress.',
          'idempotency_key_in_use',
        );
      }
      await emit(
        outcome === 'succeeds' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        intent,
      );
      return intent;
    },

    retrievePaymentIntent: (id) => get<ProviderPaymentIntent>('payment_intent', id),

    async createRefund(input) {
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new ProviderError('Amount must be a positive integer.', 'parameter_invalid_integer');
      }
      const key = idempotencyId(`refund:${input.idempotencyKey}`);
      // Like a charge: the key, the refund and the intent's refunded amount are written together, and a
      // refusal rolls the key back with them, so a later request with the same key is judged afresh.
      const outcome = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('sandbox_objects')
          .values({
            id: key,
            kind: 'idempotency',
            data: writeJson({ refund: null }),
            created_at: isoNow(now()),
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
          const first = await get<{ refund: string | null }>('idempotency', key, trx);
          const refund = first?.refund ? await get<ProviderRefund>('refund', first.refund, trx) : null;
          if (!refund) {
            throw new ProviderError(
              'A request with this idempotency key is in progress.',
              'idempotency_key_in_use',
            );
          }
          return { refund, created: false };
        }
        const intent = await get<ProviderPaymentIntent>('payment_intent', input.paymentIntent, trx);
        if (!intent) throw new ProviderError('No such payment_intent.', 'resource_missing');
        if (intent.status !== 'succeeded') {
          throw new ProviderError('This payment intent has no charge to refund.', 'charge_not_refundable');
        }
        if (intent.currency !== input.currency.toLowerCase()) {
          throw new ProviderError('The refund currency differs from the charge’s.', 'currency_mismatch');
        }
        const refunded = intent.amount_refunded ?? 0;
        if (refunded >= intent.amount) {
          throw new ProviderError('This charge has been refunded already.', 'charge_already_refunded');
        }
        if (input.amount > intent.amount - refunded) {
          throw new ProviderError(
            'The refund is larger than what is left of the charge.',
            'amount_too_large',
          );
        }
        const refund: ProviderRefund = {
          id: newId('re'),
          payment_intent: intent.id,
          amount: input.amount,
          currency: intent.currency,
          status: 'succeeded',
          metadata: input.metadata,
        };
        await put('refund', refund.id, refund, trx);
        const method = intent.payment_method
          ? await get<SandboxPaymentMethod>('payment_method', intent.payment_method, trx)
          : null;
        // Accepted now, failed later (failDueRefunds), like Stripe's refund-fail test card.
        // (Its own id: an object's id is unique across kinds.)
        if (method?.refundsFail === true) {
          await put('refund_due_to_fail', `due_${refund.id}`, { refund: refund.id }, trx);
        }
        await put('idempotency', key, { refund: refund.id }, trx);
        await put('payment_intent', intent.id, { ...intent, amount_refunded: refunded + input.amount }, trx);
        return { refund, created: true };
      });
      if (outcome.created) await emit('refund.created', outcome.refund);
      return outcome.refund;
    },

    retrieveRefund: (id) => get<ProviderRefund>('refund', id),

    async failDueRefunds() {
      const due = await db
        .selectFrom('sandbox_objects')
        .select(['id', 'data'])
        .where('kind', '=', 'refund_due_to_fail')
        .orderBy('created_at')
        .execute();
      let failed = 0;
      for (const row of due) {
        const id = readJson<{ refund?: string } | null>(row.data, null)?.refund ?? '';
        const refund = await db.transaction().execute(async (trx) => {
          // Taking the due row is the claim: of two runs at once, one fails the refund.
          const taken = await trx
            .deleteFrom('sandbox_objects')
            .where('id', '=', row.id)
            .where('kind', '=', 'refund_due_to_fail')
            .executeTakeFirst();
          if (Number(taken.numDeletedRows) !== 1) return null;
          const accepted = await get<ProviderRefund>('refund', id, trx);
          if (accepted?.status !== 'succeeded') return null;
          const failedRefund: ProviderRefund = {
            ...accepted,
            status: 'failed',
            failure_reason: SANDBOX_REFUND_FAILURE,
          };
          await put('refund', id, failedRefund, trx);
          const intent = accepted.payment_intent
            ? await get<ProviderPaymentIntent>('payment_intent', accepted.payment_intent, trx)
            : null;
          if (intent) {
            const refunded = Math.max(0, (intent.amount_refunded ?? 0) - accepted.amount);
            await put('payment_intent', intent.id, { ...intent, amount_refunded: refunded }, trx);
          }
          return failedRefund;
        });
        if (!refund) continue;
        failed += 1;
        // Stripe sends both for a refund that fails; a handler must act on them once.
        await emit('refund.updated', refund);
        await emit('refund.failed', refund);
      }
      return failed;
    },

    // The sandbox keeps every idempotency key with its charge: no key, no charge.
    findPaymentIntent: ({ idempotencyKey }) => intentOfKey(idempotencyId(idempotencyKey)),

    constructEvent(rawBody, signatureHeader) {
      const verified = verifyWebhookSignature(
        webhookSecret,
        rawBody,
        signatureHeader,
        Math.floor(now().getTime() / 1000),
      );
      if (!verified.ok)
        throw new ProviderError(`Webhook signature ${verified.reason}.`, 'signature_verification');
      const event = readJson<ProviderEvent | null>(rawBody, null);
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data !== 'object') {
        throw new ProviderError('Malformed event.', 'signature_verification');
      }
      return event;
    },
  };
  return provider;
}

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.name === 'sandbox';

/** The sandbox, for card entry on this server's own page; refused when a real provider hosts it. */
export function requireSandbox(provider: PaymentProvider): SandboxProvider {
  if (!isSandboxProvider(provider)) {
    throw new AppError(
      'UNAVAILABLE',
      'Card entry happens on the payment provider’s own page.',
      'provider_hosted',
    );
  }
  return provider;
}
