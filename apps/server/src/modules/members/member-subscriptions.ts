import type { SubscriptionOffer } from '@member/domain';

import { readJson } from '../../db/json';
import type { SubscriptionRow } from '../../db/tables/subscriptions';

/** Subscription of spec section 3, as member.info returns it. */
export interface MemberSubscription {
  id: number;
  isActive: boolean;
  isTrial: boolean;
  planName: string;
  membership_id: string | null;
  billingPeriodDays: number;
  nextBillingDate: string | null;
  cancelledAt: string | null;
  cancelRefId: string | null;
  startDate: string;
  refId: string;
  cancelDate: string | null;
  endDate: string | null;
  mediaTypes: string[];
  offers: SubscriptionOffer[];
  /** Percent off the next renewal: a retention offer the member took (0 without one). */
  renewalDiscountPercent: number;
  /** The recurring price in minor units of `currency`, before any discount. */
  priceMinor: number;
  currency: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isString) : [];
}

/** Offers are JSON text; entries of the wrong shape are dropped rather than failing the request. */
function readOffers(text: string): SubscriptionOffer[] {
  const value = readJson<unknown>(text, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): SubscriptionOffer[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, name, mediaTypes } = entry as Record<string, unknown>;
    if (typeof id !== 'number' || !isString(name)) return [];
    return [{ id, name, mediaTypes: readStrings(mediaTypes) }];
  });
}

export function toMemberSubscription(row: SubscriptionRow): MemberSubscription {
  return {
    id: row.id,
    isActive: row.is_active === 1,
    isTrial: row.is_trial === 1,
    planName: row.plan_name,
    membership_id: row.membership_id,
    billingPeriodDays: row.billing_period_days,
    nextBillingDate: row.next_billing_date,
    cancelledAt: row.cancelled_at,
    cancelRefId: row.cancel_ref_id,
    startDate: row.start_date,
    refId: row.ref_id,
    cancelDate: row.cancel_date,
    endDate: row.end_date,
    mediaTypes: readStrings(readJson<unknown>(row.media_types, [])),
    offers: readOffers(row.offers),
    renewalDiscountPercent: row.renewal_discount_percent,
    priceMinor: row.price_minor,
    currency: row.currency,
  };
}
