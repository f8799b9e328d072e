export const sweepsTypeDefs = /* GraphQL */ `
  "Price of spec section 3: entries sold for an amount (major units) in a currency, per country."
  type SweepPrice {
    "Pass to buyEntries."
    id: Int!
    currency: String!
    symbol: String!
    countryCode: String
    entries: Int!
    amount: Float!
    "The multiplier offer this price gets (1 without one)."
    multiplierFactor: Int!
    "The entries this price buys, multiplier included (what the payment grants)."
    totalEntries: Int!
  }

  "Multiplier of spec section 3: a purchase of at least amount gets its entries multiplied."
  type SweepMultiplier {
    currency: String!
    symbol: String!
    countryCode: String
    amount: Float!
    multiplierFactor: Int!
  }

  "What anyone can recompute a drawn giveaway from (docs/decisions/023)."
  type SweepAudit {
    poolHash: String!
    seed: String!
    "The winning position, 0-based, among totalEntries positions in the canonical pool."
    position: Int!
    totalEntries: Int!
    "The winner's public entrant id."
    winner: String!
  }

  "Sweep of spec section 3 (giveaway), with the signed-in member's state."
  type Sweep {
    id: Int!
    name: String!
    product_name: String!
    description: String!
    start_date: String!
    end_date: String!
    start_available_date: String!
    end_available_date: String!
    image: String!
    total_entries_sold: Int!
    "Cap on entries sold; null for none."
    entries: Int
    status: String!
    ref_number: String!
    brands: [Int!]!
    tags: [String!]!
    monthly_exclusive: Boolean!
    "Prices for the member's currency and country."
    prices: [SweepPrice!]!
    multipliers: [SweepMultiplier!]!
    "The member's own live entries."
    member_entries: Int!
    "Card state of spec section 4: winner, winner_claimed, loser, drawing, entered, active, monthly_exclusive, future."
    state: String!
    "List tabs it appears under: all, entered, active, future, past."
    tabs: [String!]!
    on_sale: Boolean!
    free_entry_available: Boolean!
    "Eastern month (YYYY-MM) whose close draws it."
    draw_period: String!
    "SHA-256 commitment to the draw seed, published before the period closes."
    seed_commitment: String!
    audit: SweepAudit
    "The member's win, when they won."
    winner_id: Int
    claim_deadline: String
  }

  "The member's entries in one giveaway (member.info.sweeps)."
  type MemberSweepEntries {
    sweepId: Int!
    entries: Int!
  }

  type WinnerQueueItem {
    winnerId: Int!
    sweepId: Int!
  }

  "An upsell offer (docs/decisions/032), priced by the server from the seventh sign-up funnel entry."
  type UpsellOffer {
    "access (20 days, then monthly membership), triple (entries) or bonus (100 entries, one time)."
    offer: String!
    "vpn or media, for the access offer."
    kind: String
    currency: String!
    symbol: String!
    "What the member pays now, in major units."
    amount: Float!
    "The bonus offer's price before its discount."
    regularAmount: Float
    entries: Int
    accessDays: Int
    planName: String
    "The giveaway the offer's entries go to."
    sweepId: Int!
  }

  "The receipt of the member's own giveaway payment, as the server verified and delivered it."
  type GiveawayReceipt {
    checkoutId: String!
    "entries or upsell."
    purpose: String!
    "paid (verified and delivered), pending or failed."
    outcome: String!
    "In major units."
    amount: Float!
    currency: String!
    description: String!
    offer: String
    sweepId: Int
    "Entries granted by this payment (entries, triple, bonus)."
    entries: Int
    "The verified payment's id."
    transactionId: String
    planName: String
    nextBillingDate: String
  }

  type UpsellOffersPayload {
    responseResult: ResponseResult!
    offers: [UpsellOffer!]!
  }

  type SweepQuery {
    "The brand's giveaways (only the request's own brand), refused where giveaways are disabled."
    listByBrand(brandId: Int!): [Sweep!]!
    byId(id: Int!): Sweep!
    "The member's wins whose winner modal has not been shown yet."
    winnerQueue: [WinnerQueueItem!]!
    "The receipt of the member's own entries or upsell payment (never the return's word)."
    receipt(checkoutId: String!): GiveawayReceipt!
    "Offers the bonus offer modal (source bonus) or the failed-upsell funnel (source funnel) may show."
    upsellOffers(sweepId: Int!, source: String!): [UpsellOffer!]!
  }

  type AddEntriesPayload {
    responseResult: ResponseResult!
    "The verified payment that granted the entries."
    transactionId: String
    "What that payment cost, in major units."
    amount: Float
  }

  type SweepActionPayload {
    responseResult: ResponseResult!
    entries: Int
  }

  type SweepMutation {
    """
    Confirms the entries a verified payment granted on this giveaway. Grants nothing itself: entries
    come only from a payment the server verified (the entries payment purpose).
    """
    addEntriesAfterPaypalSuccess(sweepId: Int!, entries: Int!): AddEntriesPayload!
    "Starts the hosted checkout for one of the giveaway's prices."
    buyEntries(sweepId: Int!, priceId: Int!, over18: Boolean!): CheckoutPayload!
    "The free monthly entry of an active member on a monthly-exclusive giveaway."
    enterFree(sweepId: Int!, over18: Boolean!): SweepActionPayload!
    claimPrize(winnerId: Int!, address: ShippingAddressInput!, over18: Boolean!): SweepActionPayload!
    "Records that the winner modal was shown (winner_displayed); once per win."
    markWinnerDisplayed(winnerId: Int!): SweepActionPayload!
    """
    Displays the upsell after an entry purchase: the offers, once per member (the server sets
    upsell_displayed); none when the rule says no.
    """
    showUpsell(sweepId: Int!): UpsellOffersPayload!
    "Starts the hosted checkout of an offer (source: upsell, bonus or funnel); delivered once paid."
    takeUpsell(sweepId: Int!, offer: String!, source: String!, over18: Boolean!): CheckoutPayload!
  }

  extend type MemberInfo {
    "The member's entries per giveaway; null (with an error) where giveaways are disabled."
    sweeps: [MemberSweepEntries!]
  }

  extend type Query {
    sweep: SweepQuery!
  }

  extend type Mutation {
    sweep: SweepMutation!
  }
`;
