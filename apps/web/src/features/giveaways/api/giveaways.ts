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
  amount: number;
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
  free_entry_available seed_commitment prices { id currency symbol entries amount }
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

/** Starts the hosted checkout; the entries arrive once the server has verified the payment. */
export async function buyEntries(sweepId: number, priceId: number, over18: boolean): Promise<string> {
  const data = await graphqlRequest(BUY, { sweepId, priceId, over18 });
  assertSucceeded(data.sweep.buyEntries.responseResult);
  if (!data.sweep.buyEntries.url) throw new Error('The server answered without a checkout URL');
  return data.sweep.buyEntries.url;
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
