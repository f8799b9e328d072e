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

  "The answer of payWithSavedCard (docs/decisions/035)."
  type SavedCardPaymentPayload {
    responseResult: ResponseResult!
    "succeeded, pending (the provider has not answered yet) or failed."
    outcome: String
    "Why a failed payment failed (card_declined, expired_card, checkout_closed, payment_failed…)."
    failureCode: String
    "Where the hosted page would have returned the member (with its state): the purchase's own receipt."
    returnUrl: String
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
    "Makes one card the default; concurrent changes leave exactly one default."
    setDefaultPaymentMethod(paymentMethodId: String!): PaymentMethodsPayload!
    "Removes a card; removing the default makes the newest other card the default, or leaves none."
    removePaymentMethod(paymentMethodId: String!): PaymentMethodsPayload!
    """
    Pays one of the member's open hosted checkouts (the url a purchase mutation answered,
    /paymentflow/checkout/<checkoutId>) with a saved card instead of the page. requestKey (16 to 100
    letters, digits, - or _) is made once per purchase: repeated, it charges nothing more and answers
    the checkout it first paid. A decline answers slug payment_failed; no card, no_payment_method.
    """
    payWithSavedCard(
      checkoutId: String!
      paymentMethodId: String!
      requestKey: String!
    ): SavedCardPaymentPayload!
  }
`;
