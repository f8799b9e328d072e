import { MEDIA_TYPES } from './media-types';
import { minorUnitDigits } from './payment-return';
import { parseTag } from './tag-values';
import { featureFlags } from './tags';

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

/*
 * The offers (spec sections 4 and 9; docs/decisions/032). The server prices every one of them from
 * the seventh funnel entry (`upsellPriceFromFunnel`); the web shows what the server answered.
 */

/** The three upsell offers, best first: membership access, triple entries, the one-time bonus. */
export const UPSELL_OFFERS = ['access', 'triple', 'bonus'] as const;
export type UpsellOffer = (typeof UPSELL_OFFERS)[number];

export function isUpsellOffer(value: unknown): value is UpsellOffer {
  return typeof value === 'string' && (UPSELL_OFFERS as readonly string[]).includes(value);
}

/** Where an offer is taken from: the upsell modal, the bonus offer modal, the failed-upsell funnel. */
export const UPSELL_SOURCES = ['upsell', 'bonus', 'funnel'] as const;
export type UpsellSource = (typeof UPSELL_SOURCES)[number];

export function isUpsellSource(value: unknown): value is UpsellSource {
  return typeof value === 'string' && (UPSELL_SOURCES as readonly string[]).includes(value);
}

/**
 * The spec's "hard-coded default sweep tag names for the bonus offer and failed-upsell funnel"
 * (decision 032): the entries of an offer taken from the bonus offer modal go to the brand's open
 * giveaway tagged `bonus_offer_default`, those of the failed-upsell funnel to the one tagged
 * `upsell_funnel_default`; without such a giveaway, to the giveaway the member is on.
 */
export const OFFER_SWEEP_TAGS: Readonly<Record<UpsellSource, string | null>> = {
  upsell: null,
  bonus: 'bonus_offer_default',
  funnel: 'upsell_funnel_default',
};

/** The giveaway an offer's entries go to: the source's default-tagged one when open, else the current one. */
export function offerSweepId(
  source: UpsellSource,
  currentSweepId: number,
  openSweeps: readonly { id: number; tags: readonly string[] }[],
): number {
  const tag = OFFER_SWEEP_TAGS[source];
  if (tag === null) return currentSweepId;
  const tagged = openSweeps.find((sweep) => sweep.tags.some((candidate) => parseTag(candidate).name === tag));
  return tagged?.id ?? currentSweepId;
}

/** Minor units of a whole number of major units of a currency (5 USD → 500, 5 JPY → 5). */
export function minorOfMajor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorUnitDigits(currency));
}

export interface PricedUpsellOffer {
  offer: UpsellOffer;
  currency: string;
  symbol: string;
  /** What the member pays now, in minor units of `currency`. */
  amountMinor: number;
  /** The bonus offer's price before its 80% discount; null for the others. */
  regularAmountMinor: number | null;
  /** Entries the offer grants (triple, bonus); null for access. */
  entries: number | null;
  /** Days of paid access before the monthly membership starts (access); null for the others. */
  accessDays: number | null;
}

/**
 * Prices the offers a member may be shown (spec sections 4, 7 and 9), from the seventh funnel entry's
 * symbol and ppp_recurring (major units, as the funnel writes them):
 * - `access`: 20 days of paid access at that price, then the monthly membership; only with an upsell
 *   kind (`chooseUpsell`) and a plan for it;
 * - `triple`: the member's last entry purchase on the giveaway counts three times (twice its entries
 *   more) at that price; only after such a purchase;
 * - `bonus`: 100 entries for 5 units of the funnel's currency (80% off 25), once per member.
 * None when the funnel has no usable seventh entry: the server never makes a price up.
 */
export function priceUpsellOffers(input: {
  funnel: unknown;
  currency: string;
  kind: UpsellKind | null;
  /** Entries of the member's last paid purchase on the giveaway; 0 for none. */
  lastPurchaseEntries: number;
  bonusTaken: boolean;
}): PricedUpsellOffer[] {
  const price = upsellPriceFromFunnel(input.funnel);
  if (!price) return [];
  const currency = input.currency.toUpperCase();
  const amountMinor = minorOfMajor(price.amount, currency);
  const offers: PricedUpsellOffer[] = [];
  if (input.kind !== null && amountMinor > 0) {
    offers.push({
      offer: 'access',
      currency,
      symbol: price.symbol,
      amountMinor,
      regularAmountMinor: null,
      entries: null,
      accessDays: UPSELL_ACCESS_DAYS,
    });
  }
  if (input.lastPurchaseEntries > 0 && amountMinor > 0) {
    offers.push({
      offer: 'triple',
      currency,
      symbol: price.symbol,
      amountMinor,
      regularAmountMinor: null,
      entries: input.lastPurchaseEntries * (TRIPLE_ENTRIES_FACTOR - 1),
      accessDays: null,
    });
  }
  if (!input.bonusTaken) {
    const bonusMinor = minorOfMajor(BONUS_OFFER.amount, currency);
    offers.push({
      offer: 'bonus',
      currency,
      symbol: price.symbol,
      amountMinor: bonusMinor,
      regularAmountMinor: Math.round(bonusMinor / (1 - BONUS_OFFER.discount)),
      entries: BONUS_OFFER.entries,
      accessDays: null,
    });
  }
  return offers;
}

/**
 * Whether the upsell may be displayed (spec section 4): once per member. Not when it was displayed
 * (`upsell_displayed`), when the member took one (`cm_upsell`) or with a suppressing tag.
 */
export function upsellMayDisplay(tags: readonly string[]): boolean {
  const names = new Set(tags.map((tag) => parseTag(tag).name));
  if (UPSELL_SUPPRESSING_TAGS.some((name) => names.has(name))) return false;
  const flags = featureFlags(tags);
  return !flags.upsell_displayed && !flags.cm_upsell;
}

/**
 * The failed-upsell funnel's offer: when the payment for `failed` fails or is abandoned, the next
 * offer after it (in `UPSELL_OFFERS` order) that the member can still take; null when none is left.
 */
export function nextBestOffer(failed: UpsellOffer, available: readonly UpsellOffer[]): UpsellOffer | null {
  const after = UPSELL_OFFERS.slice(UPSELL_OFFERS.indexOf(failed) + 1);
  return after.find((offer) => available.includes(offer)) ?? null;
}
