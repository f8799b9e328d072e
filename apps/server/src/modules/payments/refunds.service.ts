import { randomBytes } from 'node:crypto';

import { isoNow } from '../../db/json';
import type { DbTransaction } from '../../db/transaction';
import { AppError, badInput, notFound } from '../../errors';
import type { PaymentRefundRow, RefundStatus } from '../../db/tables/payment-refunds';
import { type PaymentProvider, ProviderError, type ProviderEvent } from './provider';
import type { RefundsRepository } from './refunds.repository';

/** How long a sender holds a refund while its request is in flight (Stripe: 10 s timeout, 2 retries). */
export const REFUND_HOLD_MS = 2 * 60 * 1000;
/** Sends by the billing job before a refund is left to the operator (`payments:refunds --retry`). */
export const MAX_REFUND_ATTEMPTS = 10;

export interface OweRefund {
  /** Our payment (payments.id) whose charge goes back. */
  paymentId: string;
  amountMinor: number;
  /** Why, e.g. `order_cancelled`. */
  reason: string;
  /** What owes it names it (`order-refund:<orderId>`): owed once, sent to the provider as its key. */
  idempotencyKey: string;
}

export type RefundState = RefundStatus;

/** The provider's events about a refund (Stripe sends `refund.updated` and `refund.failed` when one fails). */
const REFUND_EVENTS = new Set(['refund.failed', 'refund.updated', 'charge.refund.updated']);

/**
 * The key a refund goes to the provider with: what owes it (`order-refund:<orderId>`), then, for each
 * time the operator sent a failed one again, `:resend-<n>` (the provider answers a key it knows with
 * its first, failed, refund).
 */
export function providerRefundKey(refund: Pick<PaymentRefundRow, 'idempotency_key' | 'resends'>): string {
  return refund.resends > 0
    ? `${refund.idempotency_key}:resend-${String(refund.resends)}`
    : refund.idempotency_key;
}

export interface RefundsServiceDeps {
  repository: RefundsRepository;
  provider: PaymentProvider;
  now: () => Date;
  warn?: ((message: string, details: Record<string, unknown>) => void) | undefined;
}

/**
 * Refunds through the payment provider (docs/decisions/038). A refund is written as owed in the
 * transaction that makes it owed (`owe`, the caller's), then sent (`send`) once that committed; the
 * provider's answer settles it. The row's unique key makes it owed once however often or concurrently
 * the caller runs, and the same key sent to the provider makes it refunded once there however often it
 * is sent. What the provider did not accept stays pending; the billing job sends it again.
 */
export function createRefundsService({ repository, provider, now, warn }: RefundsServiceDeps) {
  /** Records a refund as owed, in the caller's transaction; answers its id (the first one for a repeated key). */
  async function owe(input: OweRefund, tx?: DbTransaction): Promise<string> {
    const payment = await repository.findPayment(input.paymentId, tx);
    if (payment?.status !== 'succeeded') {
      throw badInput('Only a succeeded payment can be refunded.', 'refund_not_possible');
    }
    const existing = await repository.findRefundByKey(input.idempotencyKey, tx);
    if (existing) return existing.id;
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
      throw badInput('A refund is a positive whole number of minor units.', 'invalid_amount');
    }
    if (input.amountMinor + (await repository.refundedOf(payment.id, tx)) > payment.amount_minor) {
      throw badInput('A refund cannot exceed what is left of the payment.', 'refund_too_large');
    }
    const at = isoNow(now());
    const id = `rf_${randomBytes(18).toString('base64url')}`;
    await repository.insertRefund(
      {
        id,
        brand_id: payment.brand_id,
        member_id: payment.member_id,
        payment_id: payment.id,
        provider: payment.provider,
        provider_refund_id: null,
        amount_minor: input.amountMinor,
        currency: payment.currency,
        reason: input.reason.slice(0, 100),
        idempotency_key: input.idempotencyKey,
        status: 'pending',
        last_error: null,
        claimed_until: null,
        created_at: at,
        updated_at: at,
      },
      tx,
    );
    // Another transaction with the same key may have written it first (PostgreSQL waits for it).
    const written = await repository.findRefundByKey(input.idempotencyKey, tx);
    if (!written) throw new AppError('INTERNAL', 'The refund could not be recorded.');
    return written.id;
  }

  /**
   * Sends an owed refund to the provider, once at a time; answers where it stands. Never throws for the
   * provider's refusal or silence: the refund stays pending with the reason, for the next attempt.
   */
  async function send(refundId: string): Promise<RefundState> {
    const at = now();
    if (
      !(await repository.claimRefund(refundId, isoNow(at), isoNow(new Date(at.getTime() + REFUND_HOLD_MS))))
    ) {
      // Settled already, or another sender holds it.
      return (await repository.findRefund(refundId))?.status ?? 'pending';
    }
    const refund = await repository.findRefund(refundId);
    if (!refund) return 'pending';
    const release = async (error: string) => {
      await repository.releaseRefund(refund.id, error, isoNow(now()));
      warn?.('a refund was not accepted by the provider', { refundId: refund.id, error });
      return 'pending' as const;
    };
    const payment = await repository.findPayment(refund.payment_id);
    if (!payment?.provider_payment_id) return release('no_provider_payment');
    if (payment.provider !== provider.name) return release(`provider_changed:${payment.provider}`);
    const key = providerRefundKey(refund);
    try {
      const sent = await provider.createRefund({
        paymentIntent: payment.provider_payment_id,
        amount: refund.amount_minor,
        currency: refund.currency,
        // `refund_key` tells a later failure of this send from one of an earlier send (handleRefundEvent).
        metadata: { refund_id: refund.id, refund_key: key, payment_id: payment.id, reason: refund.reason },
        idempotencyKey: key,
      });
      if (sent.status === 'failed' || sent.status === 'canceled') {
        // The provider made the refund and it did not go back: the same key would only answer it again.
        await repository.failRefund(
          refund.id,
          sent.id,
          sent.failure_reason ?? `refund_${sent.status}`,
          isoNow(now()),
        );
        warn?.('a refund failed at the provider', { refundId: refund.id, reason: sent.failure_reason });
        return (await repository.findRefund(refund.id))?.status ?? 'failed';
      }
      if (await repository.settleRefund(refund.id, sent.id, isoNow(now()))) return 'succeeded';
      // Its failure arrived first (handleRefundEvent): the row says where it stands.
      return (await repository.findRefund(refund.id))?.status ?? 'pending';
    } catch (error) {
      return await release(error instanceof ProviderError ? error.code : String(error));
    }
  }

  /** The billing job: sends again the pending refunds no sender holds, up to MAX_REFUND_ATTEMPTS each. */
  async function retryPending(limit = 50): Promise<{ refunded: number; failed: number }> {
    const counts = { refunded: 0, failed: 0 };
    for (const refund of await repository.listRetryable(isoNow(now()), MAX_REFUND_ATTEMPTS, limit)) {
      if ((await send(refund.id)) === 'succeeded') counts.refunded += 1;
      else counts.failed += 1;
    }
    return counts;
  }

  /**
   * A provider webhook about a refund (the signature already verified): when the provider, asked again
   * (never the event's body alone), says the refund failed, the matching row moves to `failed` once,
   * keeping the provider's `failure_reason` in `last_error`. The row is the one the refund's metadata
   * names, sent with the same key; a replay or the second of Stripe's two events changes nothing.
   */
  async function handleRefundEvent(event: ProviderEvent): Promise<'failed' | 'unchanged' | 'ignored'> {
    const objectId = event.data.object.id;
    if (!REFUND_EVENTS.has(event.type) || typeof objectId !== 'string') return 'ignored';
    const refund = await provider.retrieveRefund(objectId);
    if (refund?.status !== 'failed') return 'ignored';
    const row = await repository.findRefund(refund.metadata.refund_id ?? '');
    if (row?.provider !== provider.name) return 'ignored';
    const sameSend =
      row.provider_refund_id === refund.id ||
      (row.provider_refund_id === null && refund.metadata.refund_key === providerRefundKey(row));
    if (!sameSend) return 'ignored';
    const reason = refund.failure_reason ?? 'unknown';
    if (!(await repository.failRefund(row.id, refund.id, reason, isoNow(now())))) return 'unchanged';
    warn?.('a refund failed at the provider; it waits for the operator', { refundId: row.id, reason });
    return 'failed';
  }

  /**
   * The operator sends a failed refund again. Safe only because the provider says that refund failed
   * (its money is back on the charge, so the charge can be refunded again; the provider still refuses
   * more than is left of it): the row goes back to pending with a new key (providerRefundKey).
   */
  async function resendFailed(refund: PaymentRefundRow): Promise<RefundState> {
    if (refund.provider !== provider.name) {
      throw badInput(`The refund was made with ${refund.provider}.`, 'refund_provider_changed');
    }
    const atProvider = refund.provider_refund_id
      ? await provider.retrieveRefund(refund.provider_refund_id)
      : null;
    if (refund.provider_refund_id && atProvider?.status !== 'failed') {
      throw badInput(
        'The provider does not say this refund failed; it is not sent again.',
        'refund_not_failed',
      );
    }
    if (!(await repository.reopenFailedRefund(refund.id, isoNow(now())))) {
      return (await repository.findRefund(refund.id))?.status ?? 'failed';
    }
    return send(refund.id);
  }

  return {
    oweRefund: owe,
    handleRefundEvent,
    sendRefund: send,
    retryPendingRefunds: retryPending,
    /** Where a refund stands, by what owes it (`order-refund:<orderId>`); null when none is owed. */
    refundOfKey: async (key: string): Promise<PaymentRefundRow | null> =>
      (await repository.findRefundByKey(key)) ?? null,
    /** Where one member's refunds named by these keys stand, by key (the member's order screens). */
    refundStatusesOf: async (
      brandId: number,
      memberId: number,
      keys: readonly string[],
    ): Promise<Map<string, RefundState>> =>
      new Map(
        (await repository.statusesOfKeys(brandId, memberId, keys)).map((row) => [
          row.idempotency_key,
          row.status,
        ]),
      ),
    /** The operator's list: by default what needs them, pending and failed refunds. */
    listRefunds: (statuses: readonly RefundState[] = ['pending', 'failed'], limit = 100) =>
      repository.listRefunds(statuses, limit),
    /**
     * The operator sends a refund again: a pending one with its attempts counted afresh, a failed one
     * under a new key once the provider confirms it failed (resendFailed).
     */
    retryRefund: async (refundId: string): Promise<RefundState> => {
      if (!(await repository.resetAttempts(refundId, isoNow(now())))) {
        const refund = await repository.findRefund(refundId);
        if (!refund) throw notFound(`No refund ${refundId}.`, 'refund_not_found');
        return refund.status === 'failed' ? resendFailed(refund) : refund.status;
      }
      return send(refundId);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
