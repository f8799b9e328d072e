export const commonTypeDefs = /* GraphQL */ `
  "Outcome of a mutation (spec section 7)."
  type ResponseResult {
    succeeded: Boolean!
    errorCode: String
    slug: String
    message: String
  }

  type Query {
    content: ContentQuery!
    member: MemberQuery!
    plan: PlanQuery!
  }

  type Mutation {
    member: MemberMutation!
  }
`;
