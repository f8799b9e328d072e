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

  "A product given free with the welcome gift."
  type WelcomeGiftProduct {
    id: Int!
    name: String!
    image: String
  }

  "Onboarding step 1: the free welcome gift, claimed as a free order shipped to the member (decision 033)."
  type WelcomeGift {
    "Null when the brand has no gift in stock."
    product: WelcomeGiftProduct
    "The order that carries the member's gift, once claimed."
    claimedOrderId: Int
    claimedGift: String
  }

  type WelcomeGiftPayload {
    responseResult: ResponseResult!
    welcomeGift: WelcomeGift
  }

  extend type MemberQuery {
    onboarding: Onboarding!
    "Refused (onboarding_unavailable) unless the onboarding is shown to the member."
    welcomeGift: WelcomeGift!
  }

  extend type MemberMutation {
    "Grants the Explorer Badge and 600 coins once all three steps really happened; refused otherwise (onboarding_incomplete)."
    completeOnboarding: OnboardingPayload!
    """
    Claims the free welcome gift: a free order (no payment, free shipping) carrying the gift, shipped to
    the address; once per member. Refused: onboarding_unavailable, welcome_gift_unavailable,
    invalid_address:<field>:<issue>.
    """
    claimWelcomeGift(address: ShippingAddressInput!): WelcomeGiftPayload!
  }
`;
