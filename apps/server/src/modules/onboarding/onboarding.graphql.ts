export const onboardingTypeDefs = /* GraphQL */ `
  type OnboardingStepState {
    "welcome_gift, giveaway_entry or first_impact."
    step: String!
    "Checked by the server from what really happened."
    done: Boolean!
  }

  "Onboarding (spec section 4): status not_started until onboarding_status:completed is present."
  type Onboarding {
    status: String!
    "The onboarding flag allows it and the status is not_started."
    show: Boolean!
    steps: [OnboardingStepState!]!
    next: String
    allDone: Boolean!
    minutes: Int!
    rewardCoins: Int!
    "Badges the member holds, e.g. explorer."
    badges: [String!]!
  }

  type OnboardingPayload {
    responseResult: ResponseResult!
    "False when the reward had been granted before."
    granted: Boolean
    balance: Int
    onboarding: Onboarding
  }

  extend type MemberQuery {
    onboarding: Onboarding!
  }

  extend type MemberMutation {
    "Grants the Explorer Badge and 600 coins once all three steps really happened; refused otherwise (onboarding_incomplete)."
    completeOnboarding: OnboardingPayload!
  }
`;
