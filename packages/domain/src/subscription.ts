import { MEDIA_TYPES, type MediaType, isMediaType } from './media-types';
import { tagValue } from './tag-values';

/** What a subscription grants: a media type, or the VPN. */
export type Entitlement = MediaType | 'vpn';

export interface SubscriptionOffer {
  id: number;
  name: string;
  mediaTypes: string[];
}

/** Subscription of spec section 3 (the fields the rules read). */
export interface SubscriptionLike {
  isActive: boolean;
  isTrial: boolean;
  planName: string;
  cancelRefId: string | null;
  mediaTypes: string[];
  offers: SubscriptionOffer[];
}

export type SubscriptionDisplayStatus = 'trial' | 'active' | 'inactive';

export interface SubscriptionState {
  isActive: boolean;
  isCanceled: boolean;
  displayStatus: SubscriptionDisplayStatus;
  /** Media types (and `vpn`) the member may use, in the product's order, VPN last. */
  activeMediaTypes: Entitlement[];
}

const VPN_PLATINUM = /\bvpn\s*platinum\b/i;

function isVpnOffer(offer: SubscriptionOffer): boolean {
  return offer.mediaTypes.some((type) => type.toLowerCase() === 'vpn') || /\bvpn\b/i.test(offer.name);
}

/**
 * Spec section 4: active if any subscription is active; media types are gathered from the offers of
 * active subscriptions (and their own list); a VPN offer adds `vpn` unless the tag `vpn:disabled` is
 * present; an active subscription without media types that is not VPN Platinum opens every media
 * type; canceled when there are no subscriptions or every one carries a cancelRefId.
 */
export function subscriptionState(
  subscriptions: readonly SubscriptionLike[],
  memberTags: readonly string[],
): SubscriptionState {
  const active = subscriptions.filter((subscription) => subscription.isActive);
  const vpnDisabled = tagValue(memberTags, 'vpn')?.toLowerCase() === 'disabled';
  const types = new Set<MediaType>();
  let vpn = false;

  for (const subscription of active) {
    const own = [...subscription.mediaTypes, ...subscription.offers.flatMap((offer) => offer.mediaTypes)]
      .map((type) => type.toLowerCase())
      .filter(isMediaType);
    for (const type of own) types.add(type);
    if (subscription.offers.some(isVpnOffer)) vpn = true;
    if (own.length === 0 && !VPN_PLATINUM.test(subscription.planName)) {
      for (const type of MEDIA_TYPES) types.add(type);
    }
  }

  const activeMediaTypes: Entitlement[] = MEDIA_TYPES.filter((type) => types.has(type));
  if (vpn && !vpnDisabled) activeMediaTypes.push('vpn');
  const isActive = active.length > 0;
  return {
    isActive,
    isCanceled:
      subscriptions.length === 0 || subscriptions.every((subscription) => subscription.cancelRefId !== null),
    displayStatus: !isActive
      ? 'inactive'
      : active.some((subscription) => !subscription.isTrial)
        ? 'active'
        : 'trial',
    activeMediaTypes,
  };
}

/** Champion memberships (spec sections 6 and 9): plan ids 147 to 151 with their bonus coins. */
export const CHAMPION_BONUS_COINS: Readonly<Record<number, number>> = {
  147: 2,
  148: 3,
  149: 5,
  150: 5,
  151: 5,
};
/** Champion members get 30% off in the marketplace, with free standard shipping. */
export const CHAMPION_DISCOUNT = 0.3;

export function isChampionPlan(planId: number): boolean {
  return planId in CHAMPION_BONUS_COINS;
}

/** Bonus coins credited per billing period for a plan; 0 for plans that are not Champion. */
export function championBonusCoins(planId: number): number {
  return CHAMPION_BONUS_COINS[planId] ?? 0;
}

/**
 * The subscription the account screen talks about: the newest active one, else the newest of all
 * (a canceled member still sees what they had). `startDate` is ISO-8601 text, so it compares as text.
 */
export function currentSubscription<T extends SubscriptionLike & { startDate: string }>(
  subscriptions: readonly T[],
): T | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.startDate.localeCompare(a.startDate));
  return newestFirst.find((subscription) => subscription.isActive) ?? newestFirst[0] ?? null;
}

/** Spec section 9: a member always has at least 1 green point. */
export const MINIMUM_GREEN_POINTS = 1;

/** Green points shown to a member: those earned from impacts, never fewer than the minimum. */
export function greenPoints(earned: number): number {
  return Math.max(MINIMUM_GREEN_POINTS, Math.floor(earned));
}
