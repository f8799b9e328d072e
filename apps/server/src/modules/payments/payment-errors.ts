/** The spec's messages (section 9) that both checkouts and saved cards answer. */
export const CARD_UPDATE_UNAVAILABLE = 'The card update feature is unavailable. Please contact support.';
export const NO_PAYMENT_METHOD = 'There is no payment method on the account. Add one first.';
export const PAYMENT_FAILED = 'Payment failed.';
