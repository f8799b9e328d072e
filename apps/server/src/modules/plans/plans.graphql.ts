export const plansTypeDefs = /* GraphQL */ `
  enum RecurringInterval {
    day
    week
    month
    year
  }

  "How often a plan renews: every interval_count intervals."
  type PlanRecurring {
    interval: RecurringInterval!
    interval_count: Int!
  }

  "Plan of spec section 3, priced in the brand's billing currency."
  type Plan {
    id: Int!
    name: String!
    group: String!
    description: String!
    "Days of trial before the first recurring charge; 0 for none."
    trialPeriod: Int!
    "Integer minor units (cents) of currency, charged every recurring period."
    priceRecurring: Int!
    "Integer minor units (cents) of currency, charged at sign-up."
    priceInitial: Int!
    "ISO 4217 code, e.g. USD."
    currency: String!
    symbol: String!
    recurring: PlanRecurring!
    "The media types a subscription to the plan includes ('vpn' for a VPN plan)."
    mediaTypes: [String!]!
  }

  type PlanQuery {
    "The plans offered on the brand of the request (any caller with a visitor or member token)."
    getPlans: [Plan!]!
  }
`;
