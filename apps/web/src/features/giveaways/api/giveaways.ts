import type { UpsellOffer, UpsellSource } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

export interface SweepPrice {
  id: number;
  currency: string;
  symbol: string;
  entries: number;
  /** Major units, as the spec's prices. */
  amount: number;
  /** The multiplier offer this pack gets (1 without one) and the entries it buys with it. */
  multiplierFactor: number;
  totalEntries: number;
}

/** A giveaway as sweep.listByBrand returns it (the spec's snake_case fields). */
export interface Sweep {
  id: number;
  name: string;
  product_name: string;
  description: string;
  image: string;
  start_date: string;
  end_date: string;
  ref_number: string;
  /** Cap on entries sold; null for none. */
  entries: number | null;
  total_entries_sold: number;
  monthly_exclusive: boolean;
  draw_period: string;
  winner_id: number | null;
  claim_deadline: string | null;
  state: string;
  tabs: string[];
  member_entries: number;
  on_sale: boolean;
  free_entry_available: boolean;
  seed_commitment: string;
  prices: SweepPrice[];
  audit: { poolHash: string; seed: string; position: number; totalEntries: number; winner: string } | null;
}

const SWEEP_FIELDS = `id name product_name description image start_date end_date ref_number entries
  total_entries_sold monthly_exclusive draw_period winner_id claim_deadline state tabs member_entries on_sale
  free_entry_available seed_commitment prices { id currency symbol entries amount multiplierFactor totalEntries }
  audit { poolHash seed position totalEntries winner }`;

const LIST = gql<{ sweep: { listByBrand: Sweep[] } }, { brandId: number }>(`
  query Giveaways($brandId: Int!) { sweep { listByBrand(brandId: $brandId) { ${SWEEP_FIELDS} } } }
`);

export async function listGiveaways(brandId: number, signal?: AbortSignal): Promise<Sweep[]> {
  const data = await graphqlRequest(LIST, { brandId }, signal ? { signal } : {});
  return data.sweep.listByBrand;
}

const ENTER_FREE = gql<
  { sweep: { enterFree: { responseResult: ResponseResult } } },
  { sweepId: number; over18: boolean }
>(`
  mutation EnterFree($sweepId: Int!, $over18: Boolean!) {
    sweep { enterFree(sweepId: $sweepId, over18: $over18) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

export async function enterFree(sweepId: number, over18: boolean): Promise<void> {
  const data = await graphqlRequest(ENTER_FREE, { sweepId, over18 });
  assertSucceeded(data.sweep.enterFree.responseResult);
}

const BUY = gql<
  { sweep: { buyEntries: { responseResult: ResponseResult; url: string | null } } },
  { sweepId: number; priceId: number; over18: boolean }
>(`
  mutation BuyEntries($sweepId: Int!, $priceId: Int!, $over18: Boolean!) {
    sweep { buyEntries(sweepId: $sweepId, priceId: $priceId, over18: $over18) { ${RESPONSE_RESULT_FIELDS} url } }
  }
`);

const TAKE_UPSELL = gql<
  { sweep: { takeUpsell: { responseResult: ResponseResult; url: string | null } } },
  { sweepId: number; offer: UpsellOffer; source: UpsellSource; over18: boolean }
>(`
  mutation TakeUpsell($sweepId: Int!, $offer: String!, $source: String!, $over18: Boolean!) {
    sweep { takeUpsell(sweepId: $sweepId, offer: $offer, source: $source, over18: $over18) { ${RESPONSE_RESULT_FIELDS} url } }
  }
`);

/** What a giveaway payment buys: a pack of entries, or an upsell offer from one of its modals. */
export type GiveawayPurchase =
  | { kind: 'entries'; sweepId: number; priceId: number; over18: boolean }
  | { kind: 'upsell'; sweepId: number; offer: UpsellOffer; source: UpsellSource; over18: boolean };

/**
 * How a started payment is paid: `start` opens the purchase's hosted checkout and answers its URL.
 * `useSavedCardPayment().pay` pays it with the member's chosen saved card (or goes to the page for a new
 * card); true when the member is on their way to the next page, false when a saved card was refused.
 */
export type PayGiveaway = (start: () => Promise<string>) => Promise<boolean>;

/** Without a saved-card choice: the hosted payment page. */
const onHostedPage: PayGiveaway = async (start) => {
  window.location.assign(await start());
  return true;
};

/** The server prices the purchase and opens its checkout (purpose `entries` or `upsell`): its URL. */
async function openGiveawayCheckout(purchase: GiveawayPurchase): Promise<string> {
  let url: string | null;
  if (purchase.kind === 'entries') {
    const data = await graphqlRequest(BUY, {
      sweepId: purchase.sweepId,
      priceId: purchase.priceId,
      over18: purchase.over18,
    });
    assertSucceeded(data.sweep.buyEntries.responseResult);
    url = data.sweep.buyEntries.url;
  } else {
    const data = await graphqlRequest(TAKE_UPSELL, {
      sweepId: purchase.sweepId,
      offer: purchase.offer,
      source: purchase.source,
      over18: purchase.over18,
    });
    assertSucceeded(data.sweep.takeUpsell.responseResult);
    url = data.sweep.takeUpsell.url;
  }
  if (!url) throw new Error('The server answered without a checkout URL');
  return url;
}

/**
 * The one place a giveaway payment starts (the buy-entries modal and the upsell, bonus and
 * failed-upsell offers): the server prices the purchase and opens its checkout, then `pay` pays it with
 * a saved card (docs/decisions/035) or sends the member to the hosted page. Either way the member comes
 * back to the giveaway with `?state=`, and what was bought is granted and shown only once the server
 * verified the payment (`useGiveawayReturn` reads the server's receipt). The purchase's own refusals
 * (sold out, offer gone…) are thrown; a refused saved card answers false and its choice says why.
 */
export function startGiveawayPayment(
  purchase: GiveawayPurchase,
  pay: PayGiveaway = onHostedPage,
): Promise<boolean> {
  return pay(() => openGiveawayCheckout(purchase));
}

/** An upsell offer as the server priced it (major units). */
export interface UpsellOfferView {
  offer: UpsellOffer;
  kind: string | null;
  currency: string;
  symbol: string;
  amount: number;
  regularAmount: number | null;
  entries: number | null;
  accessDays: number | null;
  planName: string | null;
  sweepId: number;
}

const OFFER_FIELDS = 'offer kind currency symbol amount regularAmount entries accessDays planName sweepId';

const SHOW_UPSELL = gql<
  { sweep: { showUpsell: { responseResult: ResponseResult; offers: UpsellOfferView[] } } },
  { sweepId: number }
>(`
  mutation ShowUpsell($sweepId: Int!) {
    sweep { showUpsell(sweepId: $sweepId) { ${RESPONSE_RESULT_FIELDS} offers { ${OFFER_FIELDS} } } }
  }
`);

/** Displays the upsell (the server records it as displayed, once); no offers when the rule says no. */
export async function showUpsell(sweepId: number): Promise<UpsellOfferView[]> {
  const data = await graphqlRequest(SHOW_UPSELL, { sweepId });
  assertSucceeded(data.sweep.showUpsell.responseResult);
  return data.sweep.showUpsell.offers;
}

const UPSELL_OFFERS = gql<
  { sweep: { upsellOffers: UpsellOfferView[] } },
  { sweepId: number; source: UpsellSource }
>(`
  query UpsellOffers($sweepId: Int!, $source: String!) {
    sweep { upsellOffers(sweepId: $sweepId, source: $source) { ${OFFER_FIELDS} } }
  }
`);

/** What the bonus offer modal or the failed-upsell funnel may offer now. */
export async function upsellOffers(sweepId: number, source: UpsellSource): Promise<UpsellOfferView[]> {
  const data = await graphqlRequest(UPSELL_OFFERS, { sweepId, source });
  return data.sweep.upsellOffers;
}

/** The server's receipt of the member's own giveaway payment. */
export interface GiveawayReceipt {
  checkoutId: string;
  purpose: 'entries' | 'upsell';
  outcome: 'paid' | 'pending' | 'failed';
  amount: number;
  currency: string;
  description: string;
  offer: UpsellOffer | null;
  sweepId: number | null;
  entries: number | null;
  transactionId: string | null;
  planName: string | null;
  nextBillingDate: string | null;
}

const RECEIPT = gql<{ sweep: { receipt: GiveawayReceipt } }, { checkoutId: string }>(`
  query GiveawayReceipt($checkoutId: String!) {
    sweep { receipt(checkoutId: $checkoutId) {
      checkoutId purpose outcome amount currency description offer sweepId entries transactionId planName nextBillingDate
    } }
  }
`);

/** What the server verified and granted for a checkout (the payment return's `state` proves nothing). */
export async function giveawayReceipt(checkoutId: string): Promise<GiveawayReceipt> {
  const data = await graphqlRequest(RECEIPT, { checkoutId });
  return data.sweep.receipt;
}

export interface WinnerQueueItem {
  winnerId: number;
  sweepId: number;
}

const WINNER_QUEUE = gql<{ sweep: { winnerQueue: WinnerQueueItem[] } }, Record<string, never>>(`
  query WinnerQueue { sweep { winnerQueue { winnerId sweepId } } }
`);

/** The member's wins whose winner modal has not been shown yet. */
export async function winnerQueue(signal?: AbortSignal): Promise<WinnerQueueItem[]> {
  const data = await graphqlRequest(WINNER_QUEUE, {}, signal ? { signal } : {});
  return data.sweep.winnerQueue;
}

const MARK_DISPLAYED = gql<
  { sweep: { markWinnerDisplayed: { responseResult: ResponseResult } } },
  { winnerId: number }
>(`
  mutation MarkWinnerDisplayed($winnerId: Int!) {
    sweep { markWinnerDisplayed(winnerId: $winnerId) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

/** winner_displayed: the server records that this win's modal was shown (once). */
export async function markWinnerDisplayed(winnerId: number): Promise<void> {
  const data = await graphqlRequest(MARK_DISPLAYED, { winnerId });
  assertSucceeded(data.sweep.markWinnerDisplayed.responseResult);
}

export interface ClaimAddress {
  country: string;
  firstName: string;
  lastName: string;
  address: string;
  apartment: string | null;
  city: string;
  region: string;
  postcode: string;
  phone: string;
}

const CLAIM = gql<
  { sweep: { claimPrize: { responseResult: ResponseResult } } },
  { winnerId: number; address: ClaimAddress; over18: boolean }
>(`
  mutation ClaimPrize($winnerId: Int!, $address: ShippingAddressInput!, $over18: Boolean!) {
    sweep { claimPrize(winnerId: $winnerId, address: $address, over18: $over18) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

/** The winner's claim: where to ship the prize, with the age confirmation (the server checks both). */
export async function claimPrize(winnerId: number, address: ClaimAddress, over18: boolean): Promise<void> {
  const data = await graphqlRequest(CLAIM, { winnerId, address, over18 });
  assertSucceeded(data.sweep.claimPrize.responseResult);
}
