import { MEDIA_TYPES } from './media-types';
import { parseTag } from './tags';

/*
 * Upsells (spec sections 4, 7 and 9). The spec names the suppressing tags only as "the visited or
 * sweep-entry tags"; decision 023 fixes them as `upsell_visited` and `sweep_entry`.
 */

export type UpsellKind = 'vpn' | 'media';

/** Tags that mean the member has already seen an upsell or entered through one: no more upsell. */
export const UPSELL_SUPPRESSING_TAGS: readonly string[] = ['upsell_visited', 'sweep_entry'];

/** 20 days of paid access, then automatic monthly membership. */
export const UPSELL_ACCESS_DAYS = 20;
/** The triple-entries offer multiplies a purchase's entries by this. */
export const TRIPLE_ENTRIES_FACTOR = 3;
/** The one-time bonus offer: 100 entries for 5 currency units, 80% off. */
export const BONUS_OFFER = { entries: 100, amount: 5, discount: 0.8 } as const;
/** The upsell price is the seventh entry (index 6) of the subscription-flow funnel response. */
export const UPSELL_FUNNEL_PRICE_INDEX = 6;

/**
 * Spec section 4, in its order: none with a suppressing tag or with every type (all media and VPN);
 * a member with only a movie subscription gets the VPN upsell; a member with VPN but not every media
 * type gets the media upsell; a member without VPN gets the VPN upsell.
 */
export function chooseUpsell(input: {
  /** The member's active media types and `vpn` (subscriptionState().activeMediaTypes). */
  activeTypes: readonly string[];
  tags: readonly string[];
}): UpsellKind | null {
  const tagNames = new Set(input.tags.map((tag) => parseTag(tag).name));
  if (UPSELL_SUPPRESSING_TAGS.some((name) => tagNames.has(name))) return null;
  const types = new Set(input.activeTypes.map((type) => type.toLowerCase()));
  const hasVpn = types.has('vpn');
  const allMedia = MEDIA_TYPES.every((type) => types.has(type));
  if (hasVpn && allMedia) return null;
  const media = [...types].filter((type) => type !== 'vpn');
  if (media.length === 1 && media[0] === 'movie' && !hasVpn) return 'vpn';
  if (hasVpn) return 'media';
  return 'vpn';
}

/** The price shown for the upsell: the seventh funnel entry's symbol and ppp_recurring, if present. */
export function upsellPriceFromFunnel(funnel: unknown): { symbol: string; amount: number } | null {
  if (!Array.isArray(funnel)) return null;
  const entry: unknown = funnel[UPSELL_FUNNEL_PRICE_INDEX];
  if (typeof entry !== 'object' || entry === null) return null;
  const { symbol, ppp_recurring: recurring } = entry as { symbol?: unknown; ppp_recurring?: unknown };
  const amount = typeof recurring === 'string' ? Number(recurring) : recurring;
  if (typeof symbol !== 'string' || typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0)
    return null;
  return { symbol, amount };
}
