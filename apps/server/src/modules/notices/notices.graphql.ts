export const noticesTypeDefs = /* GraphQL */ `
  "The migration-to-brand modal (spec section 2): the brand has moved to another brand."
  type BrandMoveNotice {
    "The brand it moved to."
    name: String!
    "Where to continue: the new brand's member area."
    url: String!
    host: String!
    "The member has not closed the notice yet, so it is shown (once)."
    show: Boolean!
  }

  type BrandMovePayload {
    responseResult: ResponseResult!
    notice: BrandMoveNotice
  }

  extend type MemberQuery {
    "Null while the brand has not moved (site config movedTo)."
    brandMove: BrandMoveNotice
  }

  extend type MemberMutation {
    "Records that the member has seen the brand's move, so it is not shown again."
    acknowledgeBrandMove: BrandMovePayload!
  }
`;
