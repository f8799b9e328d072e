import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

export interface WalletTransaction {
  id: number;
  date: string;
  description: string;
  amount: number;
  /** Where a credit came from; known sources are worded in the member's language (ledgerLine). */
  source: string;
}

export interface CoinPack {
  id: string;
  coins: number;
  priceMinor: number;
  currency: string;
}

export interface Wallet {
  balance: number;
  transactions: WalletTransaction[];
  nextBefore: number | null;
  packs: CoinPack[];
}

interface WalletData {
  member: {
    getCreditBalance: number;
    creditTransactions: { items: WalletTransaction[]; nextBefore: number | null };
    coinPacks: CoinPack[];
  };
}

const WALLET_QUERY = gql<WalletData, { before: number | null }>(`
  query Wallet($before: Int) {
    member {
      getCreditBalance
      creditTransactions(limit: 20, before: $before) { items { id date description amount source } nextBefore }
      coinPacks { id coins priceMinor currency }
    }
  }
`);

export async function getWallet(signal?: AbortSignal, before: number | null = null): Promise<Wallet> {
  const { member } = await graphqlRequest(WALLET_QUERY, { before }, signal ? { signal } : {});
  return {
    balance: member.getCreditBalance,
    transactions: member.creditTransactions.items,
    nextBefore: member.creditTransactions.nextBefore,
    packs: member.coinPacks,
  };
}

interface BuyCoinsData {
  member: { buyCoins: { responseResult: ResponseResult; url: string | null } };
}

const BUY_COINS_MUTATION = gql<BuyCoinsData, { packId: string }>(`
  mutation BuyCoins($packId: String!) {
    member { buyCoins(packId: $packId) { ${RESPONSE_RESULT_FIELDS} url } }
  }
`);

/** Starts the hosted checkout of a pack; returns the payment page to go to. */
export async function buyCoins(packId: string): Promise<string> {
  const { member } = await graphqlRequest(BUY_COINS_MUTATION, { packId });
  assertSucceeded(member.buyCoins.responseResult);
  if (!member.buyCoins.url) throw new Error('The server answered without a checkout URL');
  return member.buyCoins.url;
}
