import { randomBytes } from 'node:crypto';

import {
  type RetentionOffer,
  RETENTION_DISCOUNT_PERCENT,
  addDays,
  availableRetentionOffer,
  canActivate,
  discountedPrice,
  isCancelable,
  isRestartApplied,
  nextBillingDate,
  purgeDate,
  restartKind,
} from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, writeJson } from '../../db/json';
import type { DbExecutor, TransactionRunner } from '../../db/transaction';
import { badInput, forbidden, notFound } from '../../errors';
import type { MemberSubscription } from '../members/member-subscriptions';
import type { MembersService } from '../members/members.service';
import type { PaymentsService, VerifiedPayment } from '../payments/payments.service';
import { type WalletCredits, createChampionBonus } from './champion-bonus';
import { newRef } from './references';
import type { Subscription, SubscriptionsRepository } from './subscriptions.repository';

/** What this service pays for: restarts on the hosted page, renewals on the saved card. */
type SubscriptionPayments = PaymentsService<'restart' | 'renewal'>;

/** How long a runner holds a renewal lease before another may take the row over. */
export const RENEWAL_LEASE_MS = 5 * 60 * 1000;

export interface CancellationReceipt {
  cancelRefId: string;
  planName: string;
  cancelledAt: string;
  accessUntil: string | null;
}

export type CancelOption = 'standard' | 'giveaway';

export interface SubscriptionsServiceDeps {
  repository: SubscriptionsRepository;
  payments: SubscriptionPayments;
  /** member.info's view of a subscription, which activation answers with. */
  members: Pick<MembersService, 'findSubscription'>;
  wallet: WalletCredits | null;
  /** Runs the cancellation and the giveaway forfeit in one transaction. */
  transactions?: TransactionRunner;
  /** The giveaway cancel option's forfeit of monthly-exclusive free entries (the sweeps service). */
  giveawayEntries?: {
    forfeitMonthlyExclusive(brandId: number, memberId: number, within?: DbExecutor): Promise<number>;
  };
  now?: () => Date;
}

export function createSubscriptionsService({
  repository,
  payments,
  members,
  wallet,
  transactions,
  giveawayEntries,
  now = () => new Date(),
}: SubscriptionsServiceDeps) {
  const creditChampionBonus = createChampionBonus(wallet);

  /** A verified restart payment: the ended subscription starts a new paid period. */
  async function fulfilRestart(payment: VerifiedPayment): Promise<void> {
    if (payment.memberId === null) return;
    const subscription = await repository.findByRef(
      payment.brandId,
      payment.memberId,
      payment.metadata.subscription_ref_id ?? '',
    );
    if (!subscription) throw notFound('The subscription of this payment does not exist.');
    // A run repeated after a crash (decision 010) finds the restart applied and keeps its start date,
    // so the period and its bonus-coin key stay the same.
    if (!isRestartApplied(subscription, payment.createdAt)) {
      const at = now();
      await repository.update(payment.brandId, payment.memberId, subscription.id, {
        is_active: 1,
        is_trial: 0,
        start_date: isoNow(at),
        next_billing_date: isoNow(addDays(at, subscription.billingPeriodDays)),
        end_date: null,
        cancelled_at: null,
        cancel_ref_id: null,
        cancel_date: null,
        cancel_option: null,
        purge_after: null,
        renewal_failures: 0,
      });
    }
    await payments.setPaymentSubscription(payment.id, subscription.id);
    await payments.saveCheckoutCard(payment, payment.memberId);
    const restarted = await repository.findById(subscription.id);
    if (restarted) await creditChampionBonus(restarted, restarted.startDate);
  }

  async function ownSubscription(
    ctx: RequestContext,
    member: MemberAuth,
    refId: string,
  ): Promise<Subscription> {
    const subscription =
      refId.length > 0 && refId.length <= 100
        ? await repository.findByRef(ctx.brand.config.id, member.claims.id, refId)
        : undefined;
    if (!subscription) throw notFound('No such subscription on your account.', 'subscription_not_found');
    return subscription;
  }

  /**
   * member.activateSubscription (spec section 4, after a payment return). The `state` of the return
   * URL proves nothing: the subscription is activated only when the server finds a payment for it
   * made after its last cancellation, and the provider confirms that payment succeeded.
   */
  async function activateSubscription(
    ctx: RequestContext,
    member: MemberAuth,
    refId: string,
  ): Promise<{ subscription: MemberSubscription; extra: string }> {
    const subscription = await ownSubscription(ctx, member, refId);
    const paidSince = subscription.cancelledAt ?? '';
    const candidates = (
      await payments.listSubscriptionPayments(ctx.brand.config.id, member.claims.id, subscription.id)
    ).filter((payment) => payment.created_at >= paidSince);
    let verified = null;
    for (const payment of candidates) {
      verified = !payment.checkout_id
        ? payment
        : payment.provider_payment_id
          ? await payments.verifyCheckoutPayment(payment.provider_payment_id)
          : null;
      if (verified) break;
    }
    if (!verified)
      throw forbidden('No verified payment was found for this subscription.', 'payment_not_verified');
    if (canActivate(subscription, isoNow(now()))) {
      await repository.update(
        ctx.brand.config.id,
        member.claims.id,
        subscription.id,
        { is_active: 1 },
        { active: false },
      );
    }
    const current = await members.findSubscription(ctx.brand.config.id, member.claims.id, subscription.id);
    if (!current) throw notFound('No such subscription on your account.', 'subscription_not_found');
    return {
      subscription: current,
      extra: writeJson({
        paymentId: verified.id,
        amount: verified.amount_minor,
        currency: verified.currency,
        planName: current.planName,
        nextBillingDate: current.nextBillingDate,
      }),
    };
  }

  /**
   * The step before cancelling: records that it was reached and answers the retention offer, or null
   * when there is none to make (a membership without a price, or an offer already taken).
   */
  async function presentRetentionOffer(
    ctx: RequestContext,
    member: MemberAuth,
    refId: string,
  ): Promise<RetentionOffer | null> {
    const subscription = await ownSubscription(ctx, member, refId);
    if (!isCancelable(subscription)) {
      throw badInput('Only an active subscription can be canceled.', 'not_cancelable');
    }
    if (!subscription.retentionOfferAt) {
      await repository.update(ctx.brand.config.id, member.claims.id, subscription.id, {
        retention_offer_at: isoNow(now()),
      });
    }
    return availableRetentionOffer(subscription);
  }

  /** Keeps the membership at the offer's price for the next renewal; no cancellation happens. */
  async function acceptRetentionOffer(
    ctx: RequestContext,
    member: MemberAuth,
    refId: string,
  ): Promise<RetentionOffer> {
    const subscription = await ownSubscription(ctx, member, refId);
    if (!subscription.retentionOfferAt) throw badInput('This offer was not made.', 'offer_not_presented');
    if (!isCancelable(subscription)) {
      throw badInput('Only an active subscription can take the offer.', 'not_cancelable');
    }
    if (subscription.renewalDiscountPercent > 0)
      throw badInput('The offer is already applied.', 'offer_already_applied');
    const offer = availableRetentionOffer(subscription);
    if (!offer) throw badInput('This membership has no offer to take.', 'offer_unavailable');
    // Guarded on no discount yet, so of two acceptances at once only one applies it.
    const applied = await repository.update(
      ctx.brand.config.id,
      member.claims.id,
      subscription.id,
      {
        renewal_discount_percent: RETENTION_DISCOUNT_PERCENT,
      },
      { active: true, canceled: false, noDiscount: true },
    );
    if (!applied) throw badInput('The offer is already applied.', 'offer_already_applied');
    return offer;
  }

  /**
   * Cancels at the end of the billing period (spec section 4): needs an explicit confirmation, comes
   * after the retention offer, and the giveaway option needs agreement to forfeit monthly-exclusive
   * entries. Details are kept 10 months after access ends.
   */
  async function cancelSubscription(
    ctx: RequestContext,
    member: MemberAuth,
    input: {
      subscriptionId: string;
      confirm: boolean;
      option: CancelOption;
      forfeitMonthlyExclusiveEntries: boolean;
    },
  ): Promise<CancellationReceipt> {
    if (!input.confirm) throw badInput('Confirm that you want to cancel.', 'confirmation_required');
    if (input.option === 'giveaway' && !input.forfeitMonthlyExclusiveEntries) {
      throw badInput(
        'Agree to forfeit your monthly-exclusive giveaway entries to choose this option.',
        'forfeit_agreement_required',
      );
    }
    const subscription = await ownSubscription(ctx, member, input.subscriptionId);
    if (!isCancelable(subscription)) {
      throw badInput('This subscription is not active or is already canceled.', 'not_cancelable');
    }
    if (!subscription.retentionOfferAt)
      throw badInput('See the offer before cancelling.', 'offer_not_presented');
    const at = now();
    const accessUntil = subscription.nextBillingDate ?? isoNow(at);
    const cancelRefId = newRef('CXL');
    const brandId = ctx.brand.config.id;
    const cancel = async (executor?: DbExecutor) => {
      const changed = await repository.update(
        brandId,
        member.claims.id,
        subscription.id,
        {
          cancel_ref_id: cancelRefId,
          cancelled_at: isoNow(at),
          cancel_date: isoNow(at),
          end_date: accessUntil,
          cancel_option: input.option,
          renewal_discount_percent: 0,
          purge_after: isoNow(purgeDate(accessUntil)),
        },
        { active: true, canceled: false },
        executor,
      );
      if (!changed)
        throw badInput('This subscription is not active or is already canceled.', 'not_cancelable');
      // The giveaway option: the member's monthly-exclusive free entries are forfeited with the
      // cancellation (bought and postal entries stay active); both commit or neither does.
      if (input.option === 'giveaway' && giveawayEntries) {
        await giveawayEntries.forfeitMonthlyExclusive(brandId, member.claims.id, executor);
      }
    };
    if (transactions) await transactions((tx) => cancel(tx));
    else await cancel();
    return { cancelRefId, planName: subscription.planName, cancelledAt: isoNow(at), accessUntil };
  }

  /**
   * Restart: a canceled subscription still in its paid period simply continues; one whose access
   * ended (details kept 10 months) is paid for again on the hosted page.
   */
  async function restartSubscription(
    ctx: RequestContext,
    member: MemberAuth,
    refId: string,
  ): Promise<{ restarted: boolean; checkoutUrl: string | null }> {
    const subscription = await ownSubscription(ctx, member, refId);
    const kind = restartKind(subscription);
    if (kind === 'running') throw badInput('This subscription is active.', 'not_canceled');
    if (kind === 'resume') {
      const changed = await repository.update(
        ctx.brand.config.id,
        member.claims.id,
        subscription.id,
        {
          cancel_ref_id: null,
          cancelled_at: null,
          cancel_date: null,
          end_date: null,
          cancel_option: null,
          purge_after: null,
        },
        { active: true, canceled: true },
      );
      if (!changed) throw badInput('This subscription is active.', 'not_canceled');
      return { restarted: true, checkoutUrl: null };
    }
    const amount = subscription.priceMinor > 0 ? subscription.priceMinor : 0;
    if (amount === 0)
      throw badInput('This membership cannot be restarted here. Contact support.', 'not_restartable');
    const checkout = await payments.createCheckout({
      brandId: ctx.brand.config.id,
      memberId: member.claims.id,
      purpose: 'restart',
      amountMinor: amount,
      currency: subscription.currency,
      description: `${subscription.planName} membership`,
      metadata: {
        subscription_ref_id: subscription.refId,
        email: member.claims.email,
        name: member.claims.name,
      },
      returnPath: '/account/membership',
      locale: member.claims.language,
    });
    return { restarted: false, checkoutUrl: checkout.url };
  }

  /**
   * The scheduled job: renews due subscriptions (charging each once, even with several servers
   * running it at once), ends canceled ones at the end of their period, and purges canceled details
   * after 10 months.
   */
  async function runBillingJob(runner = randomBytes(8).toString('hex')) {
    const at = now();
    const nowIso = isoNow(at);
    const counts = {
      renewed: 0,
      failed: 0,
      pending: 0,
      ended: 0,
      purged: 0,
      fulfilled: 0,
      reconciled: 0,
      holdsReleased: 0,
    };
    // First what a crash left: charges not recorded as settled (reconciled with the provider) and
    // verified payments whose handler was interrupted (fulfilled), so due renewals see their outcome.
    const swept = await payments.sweepUnfulfilled();
    counts.fulfilled = swept.fulfilled;
    counts.reconciled = swept.reconciled;
    counts.holdsReleased = swept.released;
    const due = await repository.listDue(nowIso, 100);
    for (const { id } of due) {
      const claim = `${runner}:${randomBytes(6).toString('hex')}`;
      if (
        !(await repository.claimRenewal(id, claim, nowIso, isoNow(new Date(at.getTime() + RENEWAL_LEASE_MS))))
      )
        continue;
      const subscription = await repository.findById(id);
      if (!subscription?.nextBillingDate) continue;
      if (subscription.cancelRefId !== null) {
        await repository.finishRenewal(id, claim, { is_active: 0 });
        counts.ended += 1;
        continue;
      }
      const periodStart = subscription.nextBillingDate;
      const amount = discountedPrice(subscription.priceMinor, subscription.renewalDiscountPercent);
      // A free (0-priced) period needs no charge: it renews like a paid one, without calling the provider.
      const result =
        amount > 0
          ? await payments.chargeSavedCard({
              brandId: subscription.brandId,
              memberId: subscription.memberId,
              purpose: 'renewal',
              amountMinor: amount,
              currency: subscription.currency,
              description: `${subscription.planName} renewal`,
              metadata: { subscription_ref_id: subscription.refId, period_start: periodStart },
              subscriptionId: subscription.id,
              idempotencyKey: `renewal:${subscription.id}:${periodStart}`,
            })
          : ({ outcome: 'free' } as const);
      if (result.outcome === 'succeeded' || result.outcome === 'free') {
        // A period missed while no job ran is not charged again: the next one starts from now.
        await repository.finishRenewal(id, claim, {
          next_billing_date: isoNow(nextBillingDate(periodStart, subscription.billingPeriodDays, at)),
          is_trial: 0,
          renewal_discount_percent: 0,
          renewal_failures: 0,
        });
        await creditChampionBonus(subscription, periodStart);
        counts.renewed += 1;
      } else if (result.outcome === 'pending') {
        // The provider has not said yet (a charge interrupted by a crash is reconciled first): a later
        // run asks again; the subscription neither renews nor ends meanwhile.
        await repository.finishRenewal(id, claim, {});
        counts.pending += 1;
      } else {
        // Unpaid: access ends where the paid period ended; the member can restart from the account.
        await repository.finishRenewal(id, claim, {
          is_active: 0,
          end_date: periodStart,
          renewal_failures: subscription.renewalFailures + 1,
          purge_after: isoNow(purgeDate(periodStart)),
        });
        counts.failed += 1;
      }
    }
    counts.purged = await repository.purge(nowIso);
    return counts;
  }

  return {
    fulfilRestart,
    activateSubscription,
    presentRetentionOffer,
    acceptRetentionOffer,
    cancelSubscription,
    restartSubscription,
    runBillingJob,
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
