import { type SavedCardCharge, createCardsService } from './cards.service';
import { type CheckoutHolds, createCheckoutsService } from './checkouts.service';
import type { PaymentPurposes } from './payment-purposes';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentProvider } from './provider';
import type { RefundsRepository } from './refunds.repository';
import { createRefundsService } from './refunds.service';
import { isSandboxProvider } from './sandbox-provider';
import { FULFILMENT_LEASE_MS, RECONCILE_GRACE_MS, createSettlement } from './settlement';

export type { PaymentMethod, Transaction, ChargeResult } from './cards.service';
export type { CheckoutHolds, CheckoutInput, CheckoutPayability, PayResult } from './checkouts.service';
export type { PaymentHandler, PaymentPurposes, VerifiedPayment } from './payment-purposes';

export interface PaymentsServiceDeps<Purpose extends string> {
  repository: PaymentsRepository;
  /** Refund rows (docs/decisions/038). */
  refundsRepository: RefundsRepository;
  provider: PaymentProvider;
  /** What the server takes payments for, and who fulfils each (apps/server/src/services.ts). */
  purposes: PaymentPurposes<Purpose>;
  now?: () => Date;
  /** Overrides FULFILMENT_LEASE_MS (tests). */
  fulfilmentLeaseMs?: number;
  /** Overrides RECONCILE_GRACE_MS (tests). */
  reconcileGraceMs?: number;
  /** Warnings about provider events that could not be processed. */
  warn?: (message: string, details: Record<string, unknown>) => void;
  /** What purposes hold while a checkout is open, given back once it can no longer be paid (decision 023). */
  holds?: CheckoutHolds;
}

/**
 * The payment flow: hosted checkouts and their verification (checkouts.service.ts), saved cards and
 * the charges made on them (cards.service.ts), over one settlement core (settlement.ts) that writes
 * payments before their charge and runs each purpose's handler once under a lease.
 */
export function createPaymentsService<Purpose extends string>({
  repository,
  refundsRepository,
  provider,
  purposes,
  now = () => new Date(),
  fulfilmentLeaseMs = FULFILMENT_LEASE_MS,
  reconcileGraceMs = RECONCILE_GRACE_MS,
  warn,
  holds,
}: PaymentsServiceDeps<Purpose>) {
  const context = { repository, provider, now, warn };
  const settlement = createSettlement({ ...context, purposes, fulfilmentLeaseMs, reconcileGraceMs });
  const cards = createCardsService({ ...context, settlement });
  const refunds = createRefundsService({ repository: refundsRepository, provider, now, warn });
  const checkouts = createCheckoutsService({
    ...context,
    purposes,
    settlement,
    fulfilmentLeaseMs,
    ensureCustomer: cards.ensureCustomer,
    handleRefundEvent: refunds.handleRefundEvent,
    holds,
  });
  return {
    providerName: provider.name,
    ...checkouts,
    ...cards,
    ...refunds,
    /**
     * The billing job's sweep: what a crash left unsettled or unfulfilled (checkouts.service.ts), then
     * the holds of checkouts that can no longer be paid, given back (once each, decision 023), then the
     * refunds the provider has not accepted yet, sent again. On the sandbox it first lets the refunds of
     * its refund-fail test card fail, as Stripe's do some time after accepting them.
     */
    sweepUnfulfilled: async (limit = 50) => {
      if (isSandboxProvider(provider)) await provider.failDueRefunds();
      const swept = await checkouts.sweepUnfulfilled(limit);
      let released = 0;
      let failed = swept.failed;
      if (holds) {
        try {
          released = await holds.releaseAbandoned(limit);
        } catch (error) {
          // The refunds below still go out; the next run gives the holds back.
          failed += 1;
          warn?.('abandoned checkouts could not give their holds back', { error: String(error) });
        }
      }
      const refunded = await refunds.retryPendingRefunds(limit);
      return { ...swept, released, refunded: refunded.refunded, failed: failed + refunded.failed };
    },
    /** A charge on a saved card, for one of the registered purposes (renewals). */
    chargeSavedCard: (input: SavedCardCharge & { purpose: Purpose }) => cards.chargeSavedCard(input),
    findPaymentByIdempotencyKey: repository.findPaymentByIdempotencyKey,
    listSubscriptionPayments: repository.listSubscriptionPayments,
    setPaymentSubscription: repository.setPaymentSubscription,
  };
}

export type PaymentsService<Purpose extends string = string> = ReturnType<
  typeof createPaymentsService<Purpose>
>;
