import { randomBytes } from 'node:crypto';

import {
  DEFAULT_TIMEZONE,
  addDays,
  type RetentionOffer,
  RETENTION_DISCOUNT_PERCENT,
  canActivate,
  championBonusCoins,
  discountedPrice,
  firstBillingDate,
  isCancelable,
  isLocale,
  isRestartApplied,
  isTimezone,
  nextBillingDate,
  periodDays,
  purgeDate,
  restartKind,
  retentionOffer,
  signupAmount,
} from '@member/domain';
import { emailSchema, newPasswordSchema } from '@member/domain/account-security';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, writeJson } from '../../db/json';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { AuthRepository } from '../auth/auth.repository';
import type { AuthService, IssuedMemberToken } from '../auth/auth.service';
import { normalizeEmail } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import { MEMBER_TOKEN_TTL_SECONDS } from '../auth/tokens';
import { toMemberClaims } from '../members/member-claims';
import type { MemberSubscription } from '../members/member-subscriptions';
import type { MembersService } from '../members/members.service';
import type { PaymentsService, VerifiedPayment } from '../payments/payments.service';
import type { PlansService } from '../plans/plans.service';
import type { SignupPlan, Subscription, SubscriptionsRepository } from './subscriptions.repository';

/** What this module pays for: sign-ups and restarts on the hosted page, renewals on the saved card. */
type SubscriptionPayments = PaymentsService<'signup' | 'restart' | 'renewal'>;

/** How long a runner holds a renewal lease before another may take the row over. */
export const RENEWAL_LEASE_MS = 5 * 60 * 1000;

/** What the wallet offers this module: idempotent credits (modules/wallet). */
export interface WalletCredits {
  credit(input: {
    brandId: number;
    memberId: number;
    amount: number;
    description: string;
    idempotencyKey: string;
    source: 'subscription_bonus';
  }): Promise<{ applied: boolean; balance: number }>;
}

export interface SignupInput {
  planId: number;
  email: string;
  password: string;
  name: string;
  language?: string;
  timezone?: string;
}

export interface CancellationReceipt {
  cancelRefId: string;
  planName: string;
  cancelledAt: string;
  accessUntil: string | null;
}

export type CancelOption = 'standard' | 'giveaway';

const newRef = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

/** The offer a plan's subscription carries: its media types, and the VPN for a VPN plan. */
function planOffers(plan: SignupPlan) {
  const { mediaTypes } = plan;
  return [{ id: plan.id, name: plan.name, mediaTypes: plan.isVpn ? [...mediaTypes, 'vpn'] : mediaTypes }];
}

export interface SubscriptionsServiceDeps {
  repository: SubscriptionsRepository;
  payments: SubscriptionPayments;
  plans: Pick<PlansService, 'getPlans'>;
  /** Member rows are the members module's: a paid sign-up asks it for the new member. */
  members: Pick<MembersService, 'createMember' | 'emailTaken' | 'findMember' | 'findSubscription'>;
  auth: Pick<AuthService, 'reissue'>;
  authRepository: Pick<AuthRepository, 'createSession'>;
  wallet: WalletCredits | null;
  now?: () => Date;
}

export function createSubscriptionsService({
  repository,
  payments,
  plans,
  members,
  auth,
  authRepository,
  wallet,
  now = () => new Date(),
}: SubscriptionsServiceDeps) {
  /** Champion bonus coins for one billing period; the key makes a repeated credit a no-op. */
  async function creditChampionBonus(subscription: Subscription, periodStart: string): Promise<void> {
    const coins = subscription.planId === null ? 0 : championBonusCoins(subscription.planId);
    if (!wallet || coins === 0) return;
    await wallet.credit({
      brandId: subscription.brandId,
      memberId: subscription.memberId,
      amount: coins,
      description: `${subscription.planName} bonus coins`,
      idempotencyKey: `champion:${subscription.refId}:${periodStart}`,
      source: 'subscription_bonus',
    });
  }

  /**
   * Sign-up, step 1: checks the visitor's details and the plan, keeps them as a pending sign-up, and
   * opens the hosted payment page for the plan's initial price. No member exists until it is paid.
   */
  async function startSignup(ctx: RequestContext, input: SignupInput) {
    const brand = ctx.brand.config;
    const plan = (await plans.getPlans(ctx)).find((candidate) => candidate.id === input.planId);
    if (!plan) throw badInput('Choose a plan offered on this site.', 'unknown_plan');
    const email = emailSchema.safeParse(normalizeEmail(input.email));
    if (!email.success) throw badInput('Enter a valid email address.', 'invalid_email');
    const password = newPasswordSchema.safeParse(input.password);
    if (!password.success) {
      throw badInput(
        'Choose a password of at least 10 characters with at least 5 different ones.',
        password.error.issues[0]?.message ?? 'invalid_password',
      );
    }
    const name = input.name.trim();
    if (name.length > 80 || /\p{Cc}/u.test(name))
      throw badInput('The name can be at most 80 characters long.', 'invalid_name');
    if (await members.emailTaken(brand.id, email.data)) {
      throw badInput('An account with this email already exists. Sign in instead.', 'email_taken');
    }
    const language =
      input.language && isLocale(input.language) && brand.languages.includes(input.language)
        ? input.language
        : (brand.languages[0] ?? 'en-us');
    const timezone = input.timezone && isTimezone(input.timezone) ? input.timezone : DEFAULT_TIMEZONE;
    const refId = newRef('sub');
    const amount = signupAmount(plan);
    const placeholder = `pending-${refId}`;
    await repository.insertSignup({
      brand_id: brand.id,
      email: email.data,
      name,
      password_hash: await hashPassword(password.data),
      language,
      timezone,
      plan_id: plan.id,
      subscription_ref_id: refId,
      checkout_id: placeholder,
      member_id: null,
      created_at: isoNow(now()),
    });
    const signup = await repository.findSignupByRef(brand.id, refId);
    if (!signup) throw new AppError('INTERNAL', 'The sign-up was not saved.');
    const checkout = await payments.createCheckout({
      brandId: brand.id,
      memberId: null,
      purpose: 'signup',
      amountMinor: amount,
      currency: plan.currency,
      description: `${plan.name} membership`,
      metadata: {
        signup_id: String(signup.id),
        plan_id: String(plan.id),
        subscription_ref_id: refId,
        price_recurring: String(plan.priceRecurring),
        email: email.data,
        name,
        cancel_path: '/signup',
      },
      returnPath: '/account/membership',
      locale: isLocale(language) ? language : 'en-us',
    });
    await repository.setSignupCheckout(signup.id, checkout.checkoutId);
    return { ...checkout, subscriptionId: refId };
  }

  /** A verified sign-up payment: the member and their first subscription, then the card and bonus. */
  async function fulfilSignup(payment: VerifiedPayment): Promise<{ memberId: number }> {
    const signup = await repository.findSignup(payment.brandId, Number(payment.metadata.signup_id));
    if (!signup) throw notFound('The sign-up of this payment does not exist.');
    const plan = await repository.findPlan(signup.plan_id);
    if (!plan) throw notFound('The plan of this sign-up no longer exists.');
    const at = now();
    const days = periodDays(plan);
    const completed = await repository.completeSignup(
      signup.id,
      (within) =>
        members.createMember(
          {
            brandId: signup.brand_id,
            email: signup.email,
            name: signup.name,
            passwordHash: signup.password_hash,
            timezone: signup.timezone,
            language: signup.language,
            provider: payments.providerName,
          },
          within,
        ),
      (memberId) => ({
        member_id: memberId,
        brand_id: signup.brand_id,
        plan_id: plan.id,
        plan_name: plan.name,
        membership_id: `plan-${plan.id}`,
        is_active: 1,
        is_trial: plan.trialPeriodDays > 0 ? 1 : 0,
        billing_period_days: days,
        next_billing_date: isoNow(
          firstBillingDate(at, { trialPeriodDays: plan.trialPeriodDays, periodDays: days }),
        ),
        start_date: isoNow(at),
        end_date: null,
        ref_id: signup.subscription_ref_id,
        cancelled_at: null,
        cancel_ref_id: null,
        cancel_date: null,
        media_types: writeJson(plan.mediaTypes),
        offers: writeJson(planOffers(plan)),
        price_minor: Number(payment.metadata.price_recurring ?? plan.priceRecurring),
        currency: payment.currency,
      }),
    );
    if (!completed) {
      throw new AppError(
        'INTERNAL',
        'The email of this sign-up is already used by another account.',
        'email_taken',
      );
    }
    const subscription = await repository.findByRef(
      signup.brand_id,
      completed.memberId,
      signup.subscription_ref_id,
    );
    if (subscription) {
      await payments.setPaymentSubscription(payment.id, subscription.id);
      await payments.saveCheckoutCard(payment, completed.memberId);
      await creditChampionBonus(subscription, subscription.startDate);
    }
    return { memberId: completed.memberId };
  }

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

  /** Starts a session for the member a verified sign-up payment created (the hosted page's browser). */
  async function startSessionFor(ctx: RequestContext, memberId: number): Promise<IssuedMemberToken | null> {
    const member = await members.findMember(ctx.brand.config.id, memberId);
    if (!member) return null;
    const at = now();
    const sessionId = randomBytes(24).toString('base64url');
    await authRepository.createSession({
      id: sessionId,
      memberId: member.id,
      brandId: member.brand_id,
      createdAt: isoNow(at),
      expiresAt: isoNow(new Date(at.getTime() + MEMBER_TOKEN_TTL_SECONDS * 1000)),
      userAgent: ctx.userAgent.slice(0, 512) || null,
      ip: ctx.ip,
    });
    return auth.reissue(
      { kind: 'member', sessionId, member, claims: toMemberClaims(member, 0) },
      member.brand_id,
    );
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

  /** Shows the retention offer (the step before cancelling) and records that it was shown. */
  async function presentRetentionOffer(
    ctx: RequestContext,
    member: MemberAuth,
    refId: string,
  ): Promise<RetentionOffer> {
    const subscription = await ownSubscription(ctx, member, refId);
    if (!isCancelable(subscription)) {
      throw badInput('Only an active subscription can be canceled.', 'not_cancelable');
    }
    if (!subscription.retentionOfferAt) {
      await repository.update(ctx.brand.config.id, member.claims.id, subscription.id, {
        retention_offer_at: isoNow(now()),
      });
    }
    return retentionOffer(subscription);
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
    await repository.update(ctx.brand.config.id, member.claims.id, subscription.id, {
      renewal_discount_percent: RETENTION_DISCOUNT_PERCENT,
    });
    return retentionOffer(subscription);
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
    const changed = await repository.update(
      ctx.brand.config.id,
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
    );
    if (!changed) throw badInput('This subscription is not active or is already canceled.', 'not_cancelable');
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
    const counts = { renewed: 0, failed: 0, pending: 0, ended: 0, purged: 0, fulfilled: 0, reconciled: 0 };
    // First what a crash left: charges not recorded as settled (reconciled with the provider) and
    // verified payments whose handler was interrupted (fulfilled), so due renewals see their outcome.
    const swept = await payments.sweepUnfulfilled();
    counts.fulfilled = swept.fulfilled;
    counts.reconciled = swept.reconciled;
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
    fulfilSignup,
    fulfilRestart,
    startSignup,
    startSessionFor,
    activateSubscription,
    presentRetentionOffer,
    acceptRetentionOffer,
    cancelSubscription,
    restartSubscription,
    runBillingJob,
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
