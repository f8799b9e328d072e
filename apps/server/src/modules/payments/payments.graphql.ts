export const paymentsTypeDefs = /* GraphQL */ `
  "Payment method of spec section 3: a saved card, as the payment provider reported it."
  type PaymentMethod {
    paymentMethodId: String!
    ccLast: String!
    ccType: String!
    "The preferred card, charged for renewals."
    isDefault: Boolean!
    expMonth: Int!
    expYear: Int!
  }

  "A charge in the member's billing history (spec section 3: date, description, amount)."
  type BillingTransaction {
    id: String!
    date: String!
    description: String!
    "Integer minor units (cents) of currency."
    amount: Int!
    currency: String!
    "succeeded or failed."
    status: String!
    "signup, renewal, restart, coins or entries."
    purpose: String!
  }

  type PaymentMethodsPayload {
    responseResult: ResponseResult!
    paymentMethods: [PaymentMethod!]
  }

  extend type MemberQuery {
    "The member's saved cards, default first."
    paymentMethods: [PaymentMethod!]!
    "Charges on this brand, newest first; limit 1 to 100 (default 50)."
    billingHistory(limit: Int): [BillingTransaction!]!
  }

  extend type MemberMutation {
    "Saves a card the provider confirmed for this member; ccLast and ccType must match the provider's."
    addPaymentMethod(
      paymentMethodId: String!
      ccLast: String!
      isDefault: Boolean!
      ccType: String!
    ): PaymentMethodsPayload!
    "Replaces the default card with a new confirmed one (card_update_unavailable or no_payment_method when it cannot)."
    updatePaymentMethod(paymentMethodId: String!, ccLast: String!, ccType: String!): PaymentMethodsPayload!
    setDefaultPaymentMethod(paymentMethodId: String!): PaymentMethodsPayload!
  }
`;
