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

  type MemberMutation {
    refreshToken: TokenPayload!
    "Saves the member's interface language (one the brand offers) and re-issues the token."
    setLanguage(language: String!): TokenPayload!
    "Adds tags a member may set for themselves; server-owned tags are refused."
    setTags(tags: [String!]!): MemberPayload!
  }
`;
