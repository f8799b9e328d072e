/*
 * The lifecycle of a paid membership (spec sections 4 and 9): how long a period lasts, when the
 * first and the next bill fall, what the retention offer costs, when a subscription may be activated,
 * canceled or restarted, and how long canceled details are kept. Dates are ISO-8601 UTC text, as the
 * server stores them; amounts are integer minor units.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec section 9: canceled details are kept 10 months, then purged. */
export const RETENTION_MONTHS = 10;
/** The retention offer: this much off the next renewal, once. */
export const RETENTION_DISCOUNT_PERCENT = 50;

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

const INTERVAL_DAYS: Readonly<Record<RecurringInterval, number>> = { day: 1, week: 7, month: 30, year: 365 };

/** The fields of a subscription the lifecycle rules read. */
export interface LifecycleSubscription {
  isActive: boolean;
  /** Set once the member cancels; null while the subscription runs on (or after a restart). */
  cancelRefId: string | null;
  startDate: string;
  nextBillingDate: string | null;
}

/** Days in one billing period of a plan (a month counts 30 days, a year 365); at least one interval. */
export function periodDays(plan: { recurringInterval: RecurringInterval; recurringIntervalCount: number }) {
  return INTERVAL_DAYS[plan.recurringInterval] * Math.max(1, plan.recurringIntervalCount);
}

export function addDays(date: string | Date, days: number): Date {
  return new Date(new Date(date).getTime() + days * DAY_MS);
}

/** Calendar months later, in UTC (31 January plus one month is 3 March, as Date counts it). */
export function addMonths(date: string | Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** What a sign-up pays first: the plan's initial price when it has one, else its recurring price. */
export function signupAmount(plan: { priceInitial: number; priceRecurring: number }): number {
  return plan.priceInitial > 0 ? plan.priceInitial : plan.priceRecurring;
}

/** The first bill of a new subscription: after the trial when the plan has one, else after a period. */
export function firstBillingDate(start: Date, plan: { trialPeriodDays: number; periodDays: number }): Date {
  return addDays(start, plan.trialPeriodDays > 0 ? plan.trialPeriodDays : plan.periodDays);
}

/**
 * The bill after a renewal of the period that started at `periodStart`. A period missed while no job
 * ran is not charged again: when the next date is already past, the next period starts from now.
 */
export function nextBillingDate(periodStart: string, days: number, now: Date): Date {
  const next = addDays(periodStart, days);
  return next > now ? next : addDays(now, days);
}

/** A price with a whole-percent discount, rounded to the nearest minor unit. */
export function discountedPrice(priceMinor: number, discountPercent: number): number {
  return Math.round((priceMinor * (100 - discountPercent)) / 100);
}

export interface RetentionOffer {
  discountPercent: number;
  regularPriceMinor: number;
  priceMinor: number;
  currency: string;
}

/** The offer shown before cancelling: the next renewal at RETENTION_DISCOUNT_PERCENT off. */
export function retentionOffer(subscription: { priceMinor: number; currency: string }): RetentionOffer {
  return {
    discountPercent: RETENTION_DISCOUNT_PERCENT,
    regularPriceMinor: subscription.priceMinor,
    priceMinor: discountedPrice(subscription.priceMinor, RETENTION_DISCOUNT_PERCENT),
    currency: subscription.currency,
  };
}

/**
 * The retention offer a subscription may still be made, or null: only a membership with a price can be
 * offered a discount (a plan without one would read "$0.00 instead of $0.00"), and an offer taken once
 * (its discount waiting on the next renewal) is not offered again.
 */
export function availableRetentionOffer(subscription: {
  priceMinor: number;
  currency: string;
  renewalDiscountPercent: number;
}): RetentionOffer | null {
  if (subscription.renewalDiscountPercent > 0) return null;
  const offer = retentionOffer(subscription);
  return offer.regularPriceMinor > 0 && offer.priceMinor > 0 && offer.priceMinor < offer.regularPriceMinor
    ? offer
    : null;
}

/** When the details of a subscription whose access ends at `accessEnd` are purged. */
export function purgeDate(accessEnd: string | Date): Date {
  return addMonths(accessEnd, RETENTION_MONTHS);
}

/** Running and not canceled: it may take the retention offer or be canceled. */
export function isCancelable(subscription: Pick<LifecycleSubscription, 'isActive' | 'cancelRefId'>) {
  return subscription.isActive && subscription.cancelRefId === null;
}

/**
 * Activation after a verified payment return: only a subscription that is inactive, not canceled,
 * and still inside its paid period is switched on (an ended or canceled one needs a restart).
 */
export function canActivate(subscription: LifecycleSubscription, now: string): boolean {
  return (
    !subscription.isActive && subscription.cancelRefId === null && (subscription.nextBillingDate ?? '') > now
  );
}

/**
 * What a restart does: `running` is refused (nothing to restart); `resume` takes back a cancellation
 * inside the paid period, at no charge; `pay` starts a new paid period for one whose access ended.
 */
export function restartKind(
  subscription: Pick<LifecycleSubscription, 'isActive' | 'cancelRefId'>,
): 'running' | 'resume' | 'pay' {
  if (!subscription.isActive) return 'pay';
  return subscription.cancelRefId === null ? 'running' : 'resume';
}

/**
 * Whether the restart a payment made at `paidAt` paid for is already applied (a run repeated after a
 * crash): the subscription runs, uncanceled, in a period that started at or after the payment.
 */
export function isRestartApplied(subscription: LifecycleSubscription, paidAt: string): boolean {
  return isCancelable(subscription) && subscription.startDate >= paidAt;
}
