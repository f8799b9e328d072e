import { type MediaType, carriedMediaTypes } from '@member/domain';

import type { RequestContext } from '../../context';
import type { PlanOffer, PlansRepository } from './plans.repository';

/** Plan of spec section 3. Prices are integer minor units (cents) of `currency`. */
export interface Plan {
  id: number;
  name: string;
  group: string;
  description: string;
  /** Days of trial before the first recurring charge; 0 for none. */
  trialPeriod: number;
  priceRecurring: number;
  priceInitial: number;
  currency: string;
  symbol: string;
  recurring: { interval: PlanOffer['recurringInterval']; interval_count: number };
  /** The media types a subscription to the plan includes ('vpn' for a VPN plan). */
  mediaTypes: string[];
}

/**
 * A plan listed in another currency is sold here at its price in the brand's currency; it names only
 * the media types the brand carries (a plan of every brand may include games a brand does not have).
 */
function toPlan(offer: PlanOffer, brandMediaTypes: readonly MediaType[]): Plan {
  const price = offer.localPrice ?? offer.listPrice;
  return {
    id: offer.id,
    name: offer.name,
    group: offer.group,
    description: offer.description,
    trialPeriod: offer.trialPeriodDays,
    priceRecurring: price.priceRecurring,
    priceInitial: price.priceInitial,
    currency: price.currency,
    symbol: price.symbol,
    recurring: { interval: offer.recurringInterval, interval_count: offer.recurringIntervalCount },
    mediaTypes: carriedMediaTypes(offer.mediaTypes, brandMediaTypes),
  };
}

export function createPlansService({ repository }: { repository: PlansRepository }) {
  /** plan.getPlans: the plans of the request's brand, priced in its billing currency. */
  async function getPlans(ctx: RequestContext): Promise<Plan[]> {
    const brand = ctx.brand.config;
    const offers = await repository.listForBrand(brand.id, brand.billing.currency);
    return offers.map((offer) => toPlan(offer, brand.mediaTypes));
  }

  return { getPlans };
}

export type PlansService = ReturnType<typeof createPlansService>;
