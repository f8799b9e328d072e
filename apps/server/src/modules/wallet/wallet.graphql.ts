export const walletTypeDefs = /* GraphQL */ `
  "Transaction of spec section 3: one ledger entry of the member's coin wallet."
  type WalletTransaction {
    id: Int!
    "ISO-8601 UTC."
    date: String!
    description: String!
    "Coins: positive for a credit, negative for a spend."
    amount: Int!
    balanceAfter: Int!
    "Where a credit came from (payment, subscription_bonus, onboarding, refund, giveaway, support_grant) or spend; lets the client word the line in the member's language."
    source: String!
  }

  type WalletTransactionPage {
    items: [WalletTransaction!]!
    "Pass as before to read older entries; null when there are none."
    nextBefore: Int
  }

  "A coin pack priced in the brand's billing currency (integer minor units)."
  type CoinPack {
    id: String!
    coins: Int!
    priceMinor: Int!
    currency: String!
    symbol: String!
  }

  type CreditsPayload {
    responseResult: ResponseResult!
    balance: Int
  }

  type CheckoutPayload {
    responseResult: ResponseResult!
    "The hosted payment page to send the member to."
    url: String
  }

  extend type MemberQuery {
    "The member's coin balance, from the append-only ledger."
    getCreditBalance: Int!
    "Newest first; limit 1 to 100 (default 20)."
    creditTransactions(limit: Int, before: Int): WalletTransactionPage!
    coinPacks: [CoinPack!]!
  }

  extend type MemberMutation {
    """
    Always refused (slug credits_not_member_settable): a member cannot mint coins. Coins arrive only
    from server-verified events (a verified coin payment, a Champion billing period's bonus); to get
    coins a member buys a pack with buyCoins.
    """
    addCredits(amount: Int!, description: String!): CreditsPayload!
    "Starts a hosted checkout for a coin pack; the coins are credited once the payment is verified."
    buyCoins(packId: String!): CheckoutPayload!
  }
`;
