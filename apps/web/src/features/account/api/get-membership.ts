import { gql, graphqlRequest } from '../../../lib/graphql';

export type SubscriptionDisplayStatus = 'trial' | 'active' | 'inactive';

/** One subscription as the membership section shows it (spec section 3). */
export interface MembershipSubscription {
  id: number;
  isActive: boolean;
  isTrial: boolean;
  planName: string;
  nextBillingDate: string | null;
  cancelRefId: string | null;
  startDate: string;
  endDate: string | null;
  /** Percent off the next renewal: a retention offer the member took (0 without one). */
  renewalDiscountPercent: number;
  /** The recurring price in minor units of `currency`, before any discount. */
  priceMinor: number;
  currency: string;
}

/** The member's subscription state, computed on the server by the rules of spec section 4. */
export interface SubscriptionSummary {
  isActive: boolean;
  isCanceled: boolean;
  displayStatus: SubscriptionDisplayStatus;
  activeMediaTypes: string[];
  planName: string | null;
  nextBillingDate: string | null;
  endDate: string | null;
}

export interface Membership {
  referenceNumber: string;
  subscription: SubscriptionSummary;
  subscriptions: MembershipSubscription[];
}

export const MEMBERSHIP_QUERY = gql<{ member: { info: Membership } }>(`
  query Membership {
    member {
      info {
        referenceNumber
        subscription { isActive isCanceled displayStatus activeMediaTypes planName nextBillingDate endDate }
        subscriptions { id isActive isTrial planName nextBillingDate cancelRefId startDate endDate
          renewalDiscountPercent priceMinor currency }
      }
    }
  }
`);

export async function getMembership(signal?: AbortSignal): Promise<Membership> {
  const { member } = await graphqlRequest(MEMBERSHIP_QUERY, {}, signal ? { signal } : {});
  return member.info;
}
