export const membersTypeDefs = /* GraphQL */ `
  "The member claims carried by the mb-jwt cookie (spec section 3)."
  type MemberClaims {
    id: Int!
    email: String!
    name: String!
    avatar: String
    timezone: String!
    language: String!
    provider: String!
    tags: [String!]!
    recipe: String
    brandId: Int!
    "Expiry in seconds since the epoch."
    exp: Float!
  }

  type MemberInfo {
    id: Int!
    email: String!
    name: String!
    displayName: String!
    pictureUrl: String
    timezone: String!
    language: String!
    tags: [String!]!
    subscriptionProvider: String!
    accountType: String!
    createdAt: String!
    "A stable, random reference the member quotes to support, e.g. M-7K3QX-9PD2H."
    referenceNumber: String!
    "At least 1 (spec section 9)."
    greenPoints: Int!
    "The member's subscriptions on this brand, newest first."
    subscriptions: [MemberSubscription!]!
    "The member's subscription state (spec section 4)."
    subscription: SubscriptionSummary!
  }

  type SubscriptionOffer {
    id: Int!
    name: String!
    mediaTypes: [String!]!
  }

  "Subscription of spec section 3 (a type named Subscription would become the subscription root)."
  type MemberSubscription {
    id: Int!
    isActive: Boolean!
    isTrial: Boolean!
    planName: String!
    membership_id: String
    billingPeriodDays: Int!
    nextBillingDate: String
    cancelledAt: String
    cancelRefId: String
    startDate: String!
    refId: String!
    cancelDate: String
    endDate: String
    mediaTypes: [String!]!
    offers: [SubscriptionOffer!]!
    "Percent off the next renewal: a retention offer the member took (0 without one)."
    renewalDiscountPercent: Int!
    "The recurring price in minor units of currency, before any discount."
    priceMinor: Int!
    currency: String!
  }

  enum SubscriptionDisplayStatus {
    trial
    active
    inactive
  }

  "The state of spec section 4 over all of the member's subscriptions."
  type SubscriptionSummary {
    isActive: Boolean!
    "True when there are no subscriptions or every one carries a cancelRefId."
    isCanceled: Boolean!
    displayStatus: SubscriptionDisplayStatus!
    "Media types the member may use, then vpn when a VPN offer grants it."
    activeMediaTypes: [String!]!
    "Of the current subscription: the newest active one, else the newest."
    planName: String
    nextBillingDate: String
    "When access of the current subscription ends (set once it is canceled)."
    endDate: String
  }

  type MemberQuery {
    "The signed-in member."
    info: MemberInfo!
  }

  type TokenPayload {
    responseResult: ResponseResult!
    "The new token; the mb-jwt cookie is set to it for 365 days."
    jwt: String
    member: MemberClaims
  }

  type MemberPayload {
    responseResult: ResponseResult!
    member: MemberClaims
  }

  "The profile fields a member edits in the account area."
  input UpdateProfileInput {
    "Display name, trimmed, at most 80 characters; empty falls back to the email."
    name: String!
    "An IANA time zone id from the offered list."
    timezone: String!
    "An interface language the brand offers."
    language: String!
  }

  type MemberMutation {
    refreshToken: TokenPayload!
    "Saves the member's interface language (one the brand offers) and re-issues the token."
    setLanguage(language: String!): TokenPayload!
    "Saves name, time zone and language together and re-issues the token; refused input saves nothing."
    updateProfile(input: UpdateProfileInput!): TokenPayload!
    "Adds tags a member may set for themselves; server-owned tags are refused."
    setTags(tags: [String!]!): MemberPayload!
  }
`;
