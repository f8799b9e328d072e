import { randomBytes } from 'node:crypto';

import type { Insertable } from 'kysely';

import { isoNow, readJson } from '../../db/json';
import { AppError } from '../../errors';
import { type PaymentPurposes, type VerifiedPayment, handlerOf } from './payment-purposes';
import { NOT_CHARGED, type PaymentsRepository } from './payments.repository';
import type { PaymentRow, PaymentsTable } from '../../db/tables/payments';
import type { PaymentProvider, ProviderPaymentIntent } from './provider';

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

export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The idempotency key of a checkout's attempt, at the provider and on its payment. */
export const checkoutAttemptKey = (checkoutId: string, attempt: number) =>
  `checkout:${checkoutId}:${attempt}`;

/** The attempt a checkout payment's key names, or null for other payments. */
function attemptOfKey(key: string | null): number | null {
  const match = key ? /^checkout:[\w-]+:(\d+)$/.exec(key) : null;
  return match?.[1] ? Number(match[1]) : null;
}

/** What the parts of the payments service share: the table, the provider, the clock, the log. */
export interface PaymentsContext {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  now: () => Date;
  /** Warnings about provider events or handlers that could not be processed. */
  warn?: ((message: string, details: Record<string, unknown>) => void) | undefined;
}

export interface SettlementDeps<Purpose extends string> extends PaymentsContext {
  purposes: PaymentPurposes<Purpose>;
  fulfilmentLeaseMs: number;
  reconcileGraceMs: number;
}

/** A payment row as its purpose's handler receives it. */
function toVerified(payment: PaymentRow): VerifiedPayment {
  return {
    id: payment.id,
    brandId: payment.brand_id,
    memberId: payment.member_id,
    amountMinor: payment.amount_minor,
    currency: payment.currency,
    metadata: readJson<Record<string, string>>(payment.metadata, {}),
    purpose: payment.purpose,
    checkoutId: payment.checkout_id,
    createdAt: payment.created_at,
  };
}

/**
 * What checkouts and saved-card charges share once money may have moved: payments written before
 * their charge, settled with the provider's answer (also after a crash, decision 013), and the
 * purpose's handler run under a lease (decision 010).
 */
export function createSettlement<Purpose extends string>({
  repository,
  provider,
  now,
  warn,
  purposes,
  fulfilmentLeaseMs,
  reconcileGraceMs,
}: SettlementDeps<Purpose>) {
  /**
   * Runs the purpose's handler for a verified payment under a lease (docs/decisions/010): one runner
   * at a time, and a run that neither completed nor failed within the lease (its server died) is run
   * again by the next delivery or the billing job's sweep. Handlers are idempotent (ledger keys,
   * activation by refId), so a run repeated after a crash applies once. True when it ran to completion.
   */
  async function fulfil(payment: PaymentRow): Promise<boolean> {
    const handler = handlerOf(purposes, payment.purpose);
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

  /** The moment before which a pending payment or a `processing` checkout is left to reconciliation. */
  const settledBefore = () => isoNow(new Date(now().getTime() - reconcileGraceMs));

  /**
   * A pending payment older than the grace period (its server died or lost the provider's answer):
   * asks the provider what became of the charge and settles it. Younger ones may still be in flight
   * on another server and are left alone.
   */
  async function reconcilePayment(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'pending' || payment.created_at > settledBefore() || !payment.idempotency_key)
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

  return { fulfil, recordPending, settleWithIntent, settleRefused, reconcilePayment, settledBefore };
}

export type Settlement = ReturnType<typeof createSettlement>;
