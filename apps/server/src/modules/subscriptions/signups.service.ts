import { randomBytes } from 'node:crypto';

import {
  DEFAULT_TIMEZONE,
  firstBillingDate,
  isLocale,
  isTimezone,
  periodDays,
  signupAmount,
} from '@member/domain';
import { emailSchema, newPasswordSchema } from '@member/domain/account-security';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, writeJson } from '../../db/json';
import { AppError, badInput, notFound } from '../../errors';
import type { AuthRepository } from '../auth/auth.repository';
import type { AuthService, IssuedMemberToken } from '../auth/auth.service';
import { normalizeEmail } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import { MEMBER_TOKEN_TTL_SECONDS } from '../auth/tokens';
import { toMemberClaims } from '../members/member-claims';
import type { MembersService } from '../members/members.service';
import type { PaymentsService, VerifiedPayment } from '../payments/payments.service';
import type { PlansService } from '../plans/plans.service';
import { type WalletCredits, createChampionBonus } from './champion-bonus';
import { newRef } from './references';
import type { NewSubscription } from '../../db/tables/subscriptions';
import type { DbExecutor } from '../../db/transaction';
import type { SignupPlan, SubscriptionsRepository } from './subscriptions.repository';

export interface SignupInput {
  planId: number;
  email: string;
  password: string;
  name: string;
  language?: string;
  timezone?: string;
}

/** The offer a plan's subscription carries: its media types, and the VPN for a VPN plan. */
function planOffers(plan: SignupPlan) {
  const { mediaTypes } = plan;
  return [{ id: plan.id, name: plan.name, mediaTypes: plan.isVpn ? [...mediaTypes, 'vpn'] : mediaTypes }];
}

export interface SignupsServiceDeps {
  repository: SubscriptionsRepository;
  /** Sign-ups are paid on the hosted page; the card paid with is kept for renewals. */
  payments: PaymentsService<'signup'>;
  plans: Pick<PlansService, 'getPlans'>;
  /** Member rows are the members module's: a paid sign-up asks it for the new member. */
  members: Pick<MembersService, 'createMember' | 'emailTaken' | 'findMember'>;
  auth: Pick<AuthService, 'reissue'>;
  authRepository: Pick<AuthRepository, 'createSession'>;
  wallet: WalletCredits | null;
  now?: () => Date;
}

/**
 * Sign-up (spec section 4): a visitor's details kept while they pay, the member and their first
 * subscription made once the payment is verified, and the paying browser signed in.
 */
export function createSignupsService({
  repository,
  payments,
  plans,
  members,
  auth,
  authRepository,
  wallet,
  now = () => new Date(),
}: SignupsServiceDeps) {
  const creditChampionBonus = createChampionBonus(wallet);

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

  /**
   * The row of a plan's new subscription for `memberId`, started at `at` (by default when its payment
   * was recorded).
   */
  function newSubscriptionRow(
    plan: SignupPlan,
    memberId: number,
    brandId: number,
    refId: string,
    payment: VerifiedPayment,
    at: Date = new Date(payment.createdAt),
  ): NewSubscription {
    const days = periodDays(plan);
    return {
      member_id: memberId,
      brand_id: brandId,
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
      ref_id: refId,
      cancelled_at: null,
      cancel_ref_id: null,
      cancel_date: null,
      media_types: writeJson(plan.mediaTypes),
      offers: writeJson(planOffers(plan)),
      price_minor: Number(payment.metadata.price_recurring ?? plan.priceRecurring),
      currency: payment.currency,
    };
  }

  /**
   * A signed-in member joins a plan from inside the account (decision 029): the plan must be offered on
   * this site and not already running for them, and its first amount is paid on the hosted page. The
   * subscription is made only once that payment is verified (`fulfilSignup`, purpose `signup`).
   */
  async function startMemberPlan(ctx: RequestContext, member: MemberAuth, planId: number) {
    const brand = ctx.brand.config;
    const plan = (await plans.getPlans(ctx)).find((candidate) => candidate.id === planId);
    if (!plan) throw badInput('Choose a plan offered on this site.', 'unknown_plan');
    if (await repository.hasRunningPlan(brand.id, member.claims.id, plan.id)) {
      throw badInput('Your membership already includes this plan.', 'already_on_plan');
    }
    const amount = signupAmount(plan);
    if (amount <= 0) {
      throw badInput('This plan cannot be joined here. Contact support.', 'plan_not_purchasable');
    }
    const refId = newRef('sub');
    const language = member.claims.language;
    const checkout = await payments.createCheckout({
      brandId: brand.id,
      memberId: member.claims.id,
      purpose: 'signup',
      amountMinor: amount,
      currency: plan.currency,
      description: `${plan.name} membership`,
      metadata: {
        join_member_id: String(member.claims.id),
        plan_id: String(plan.id),
        subscription_ref_id: refId,
        price_recurring: String(plan.priceRecurring),
        email: member.claims.email,
        name: member.claims.name,
        cancel_path: '/account/membership',
      },
      returnPath: '/account/membership',
      locale: isLocale(language) ? language : 'en-us',
    });
    return { checkoutUrl: checkout.url, subscriptionId: refId };
  }

  /** A verified payment of a signed-in member's new plan: the subscription, once, then card and bonus. */
  async function fulfilMemberPlan(payment: VerifiedPayment): Promise<{ memberId: number }> {
    const memberId = Number(payment.metadata.join_member_id);
    // The checkout's own member is the only one its payment may give a subscription to.
    if (payment.memberId === null || payment.memberId !== memberId) {
      throw new AppError('INTERNAL', 'The payment does not belong to the member joining the plan.');
    }
    const plan = await repository.findPlan(Number(payment.metadata.plan_id));
    if (!plan) throw notFound('The plan of this payment no longer exists.');
    const refId = payment.metadata.subscription_ref_id ?? '';
    await repository.insertMemberSubscription(
      newSubscriptionRow(plan, memberId, payment.brandId, refId, payment),
    );
    const subscription = await repository.findByRef(payment.brandId, memberId, refId);
    if (subscription) {
      await payments.setPaymentSubscription(payment.id, subscription.id);
      await payments.saveCheckoutCard(payment, memberId);
      await creditChampionBonus(subscription, subscription.startDate);
    }
    return { memberId };
  }

  /** A verified sign-up payment: the member and their first subscription, then the card and bonus. */
  async function fulfilSignup(payment: VerifiedPayment): Promise<{ memberId: number }> {
    if (payment.metadata.join_member_id !== undefined) return fulfilMemberPlan(payment);
    const signup = await repository.findSignup(payment.brandId, Number(payment.metadata.signup_id));
    if (!signup) throw notFound('The sign-up of this payment does not exist.');
    const plan = await repository.findPlan(signup.plan_id);
    if (!plan) throw notFound('The plan of this sign-up no longer exists.');
    const at = now();
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
      (memberId) =>
        newSubscriptionRow(plan, memberId, signup.brand_id, signup.subscription_ref_id, payment, at),
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

  /**
   * The upsell's access offer (spec sections 4 and 9, decision 032): the subscription row of `days`
   * of paid access to the plan from the payment's time, after which the billing job renews it monthly
   * at the plan's price on the card paid with. The caller inserts it (`insertUpsellAccess`) in its
   * own transaction; its ref is unique, so a replayed payment inserts it once.
   */
  async function upsellAccessRow(
    payment: VerifiedPayment,
    memberId: number,
    planId: number,
    refId: string,
    days: number,
  ): Promise<NewSubscription> {
    const plan = await repository.findPlan(planId);
    if (!plan) throw notFound('The plan of this upsell no longer exists.');
    const start = new Date(payment.createdAt);
    return {
      ...newSubscriptionRow(plan, memberId, payment.brandId, refId, payment, start),
      is_trial: 0,
      next_billing_date: isoNow(new Date(start.getTime() + days * 86_400_000)),
    };
  }

  /** After the access offer's transaction: the payment names its subscription, the card is kept for renewals. */
  async function afterUpsellAccess(payment: VerifiedPayment, memberId: number, refId: string) {
    const subscription = await repository.findByRef(payment.brandId, memberId, refId);
    if (!subscription) return null;
    await payments.setPaymentSubscription(payment.id, subscription.id);
    await payments.saveCheckoutCard(payment, memberId);
    return subscription;
  }

  return {
    startSignup,
    startMemberPlan,
    fulfilSignup,
    startSessionFor,
    upsellAccessRow,
    insertUpsellAccess: (row: NewSubscription, within: DbExecutor) =>
      repository.insertMemberSubscription(row, within),
    afterUpsellAccess,
    findSubscriptionByRef: (brandId: number, memberId: number, refId: string) =>
      repository.findByRef(brandId, memberId, refId),
  };
}

export type SignupsService = ReturnType<typeof createSignupsService>;
