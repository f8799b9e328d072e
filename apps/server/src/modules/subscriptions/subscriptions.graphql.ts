export const subscriptionsTypeDefs = /* GraphQL */ `
  type ActivateSubscriptionPayload {
    responseResult: ResponseResult!
    subscription: MemberSubscription
    "JSON with the verified payment: paymentId, amount (minor units), currency, planName, nextBillingDate."
    extra: String
  }

  "Offered before a cancellation: a discount on the next renewal."
  type RetentionOffer {
    discountPercent: Int!
    "Minor units of currency."
    regularPriceMinor: Int!
    priceMinor: Int!
    currency: String!
  }

  type RetentionOfferPayload {
    responseResult: ResponseResult!
    offer: RetentionOffer
  }

  enum CancelOption {
    "Cancel the membership at the end of the billing period."
    standard
    "Cancel, forfeiting monthly-exclusive giveaway entries (existing entries stay active)."
    giveaway
  }

  input CancelSubscriptionInput {
    "The subscription's refId."
    subscriptionId: String!
    "Must be true: cancellation needs an explicit confirmation."
    confirm: Boolean!
    option: CancelOption!
    "Required true for the giveaway option."
    forfeitMonthlyExclusiveEntries: Boolean
  }

  type CancellationReceipt {
    cancelRefId: String!
    planName: String!
    cancelledAt: String!
    "Access continues until the end of the billing period."
    accessUntil: String
  }

  type CancelSubscriptionPayload {
    responseResult: ResponseResult!
    receipt: CancellationReceipt
  }

  type RestartSubscriptionPayload {
    responseResult: ResponseResult!
    "True when the membership simply continues (it was still in its paid period)."
    restarted: Boolean!
    "The hosted payment page when access had ended and a new period must be paid."
    checkoutUrl: String
  }

  type JoinPlanPayload {
    responseResult: ResponseResult!
    "The hosted payment page for the plan's first amount; the subscription starts once it is paid."
    checkoutUrl: String
    "The refId the new subscription will have."
    subscriptionId: String
  }

  extend type MemberMutation {
    "Activates a subscription by refId only after the server verified its payment with the provider."
    activateSubscription(subscriptionId: String!): ActivateSubscriptionPayload!
    "Shows the retention offer, the step before cancelling."
    presentRetentionOffer(subscriptionId: String!): RetentionOfferPayload!
    acceptRetentionOffer(subscriptionId: String!): RetentionOfferPayload!
    cancelSubscription(input: CancelSubscriptionInput!): CancelSubscriptionPayload!
    restartSubscription(subscriptionId: String!): RestartSubscriptionPayload!
    "A signed-in member joins a plan offered on this site (not one already running for them)."
    joinPlan(planId: Int!): JoinPlanPayload!
  }
`;
