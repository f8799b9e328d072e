export const impactsTypeDefs = /* GraphQL */ `
  "An impact item's texts in one language."
  type ImpactLang {
    language: String!
    name: String!
    description: String!
    unit: String!
    unitPlural: String!
  }

  "A quick choice: units of an item and what they cost in coins (the server's price)."
  type ImpactPrice {
    quantity: Int!
    coins: Int!
  }

  "Impact item of spec section 3, in the member's language; progress counts every member's units."
  type ImpactItem {
    id: Int!
    categoryId: Int!
    slug: String!
    name: String!
    description: String!
    "What one unit is, e.g. tree."
    unit: String!
    "Several units, e.g. trees (the unit itself in languages without plural forms)."
    unitPlural: String!
    langs: [ImpactLang!]!
    prices: [ImpactPrice!]!
    "Whole coins per unit."
    price_per_unit: Int!
    target_quantity: Int!
    "The member's own target (the target modal), or null."
    member_target: Int
    images: [String!]!
    "Units funded by all members."
    funded: Int!
    "Whole percent 0 to 100 of target_quantity."
    percent: Int!
    reached: Boolean!
    "Units this member funded."
    memberFunded: Int!
    "Whole percent of member_target, null without one."
    memberPercent: Int
    "False for a retired item: shown, but it takes no contributions."
    active: Boolean!
  }

  "Impact category of spec section 3."
  type ImpactCategory {
    id: Int!
    name: String!
    slug: String!
    items: [ImpactItem!]!
  }

  type ImpactItemPage {
    items: [ImpactItem!]!
    page: Int!
    pageCount: Int!
    total: Int!
  }

  "One of the member's contributions."
  type ImpactContribution {
    id: Int!
    itemId: Int!
    quantity: Int!
    coins: Int!
    createdAt: String!
  }

  type ImpactItemDetail {
    item: ImpactItem!
    "The member's contributions to this item, newest first (at most 50)."
    history: [ImpactContribution!]!
  }

  "Impacts of member info: what the member funded, per item."
  type MemberImpact {
    itemId: Int!
    name: String!
    unit: String!
    unitPlural: String!
    quantity: Int!
    coins: Int!
    lastAt: String!
  }

  type ImpactsQuery {
    "The brand's categories and their active items (the web reads it network-only)."
    listCategories: [ImpactCategory!]!
    "A page of impacts/{page?}, from 1."
    page(page: Int): ImpactItemPage!
    "impacts/id/{id}; NOT_FOUND for an item of another brand."
    item(id: Int!): ImpactItemDetail!
  }

  type ImpactContributionPayload {
    responseResult: ResponseResult!
    contributionId: Int
    "Coins spent by this contribution."
    coins: Int
    "The member's coin balance after it."
    balance: Int
    item: ImpactItem
  }

  type ImpactItemPayload {
    responseResult: ResponseResult!
    item: ImpactItem
  }

  extend type Query {
    impacts: ImpactsQuery!
  }

  "A month of the green page's chart: trees earned by its end."
  type TreePoint {
    "YYYY-MM"
    month: String!
    trees: Int!
  }

  "The green page (spec section 1): one tree per active month and per hour streamed; 4 trees = 1 tonne."
  type GreenPage {
    activeMonths: Int!
    hoursStreamed: Int!
    treesFromMonths: Int!
    treesFromStreaming: Int!
    trees: Int!
    "Tonnes of carbon the trees absorb (a quarter tonne per tree)."
    carbonTonnes: Float!
    greenPoints: Int!
    "The last 24 months, oldest first."
    history: [TreePoint!]!
    "1 for green_page, 2 for green_page_v2."
    version: Int!
  }

  extend type MemberQuery {
    "FORBIDDEN (green_page_disabled) unless the member's tags turn green_page or green_page_v2 on."
    green: GreenPage!
  }

  extend type MemberInfo {
    "What the member funded, per item, most recent first."
    impacts: [MemberImpact!]!
  }

  extend type MemberMutation {
    """
    Funds units of an impact item with coins: one spend that names the contribution, committed with it.
    requestKey (8 to 64 of A-Z a-z 0-9 - _) makes a retry spend nothing twice. Refused with
    insufficient_coins rather than overdrawn.
    """
    contributeToImpact(itemId: Int!, quantity: Int!, requestKey: String!): ImpactContributionPayload!
    "The target modal: the member's own target for an item (1 to 100000), or null to clear it."
    setImpactTarget(itemId: Int!, target: Int): ImpactItemPayload!
  }
`;
