/**
 * The payment return's `state` query parameter (spec sections 2 and 4): JSON with is_success, slug (the
 * payment's purpose), subscription_provider, checkout_id (the checkout the server answers for) and, for
 * subscriptions, price and subscription_id. It is accepted only when every required field is present
 * with the right type. It is never proof of payment: the server verifies the payment itself before it
 * activates anything or a receipt says it succeeded (`PaymentReceipt`).
 */
export interface PaymentReturnState {
  isSuccess: boolean;
  slug: string;
  subscriptionProvider: string;
  /** The checkout paid at; null in returns written before it was added. */
  checkoutId: string | null;
  /** Present for subscription returns only, together with `subscriptionId`. */
  subscription: { price: number; subscriptionId: string } | null;
}

/**
 * What a payment paid for. Each purpose is registered with the server's payments module; the receipt
 * and the return's `slug` name it. The known ones are listed for the screens that word them; a purpose
 * added later still reads as a string.
 */
export const PAYMENT_PURPOSES = ['signup', 'restart', 'coins', 'entries', 'upsell', 'order'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export function isPaymentPurpose(value: unknown): value is PaymentPurpose {
  return typeof value === 'string' && (PAYMENT_PURPOSES as readonly string[]).includes(value);
}

/** The server's word on a payment: `paid` only once the provider confirmed it. */
export const PAYMENT_OUTCOMES = ['paid', 'pending', 'failed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * The receipt of a payment return, written by the server from the checkout and its verified payment,
 * and read by the web through `parsePaymentReceipt`: a page never says a payment succeeded on the
 * return's `state` alone. Amounts are integers in the currency's minor units.
 */
export interface PaymentReceipt {
  checkoutId: string;
  purpose: string;
  outcome: PaymentOutcome;
  amountMinor: number;
  currency: string;
  /** What was bought, as the checkout described it (e.g. "1,200 coins"). */
  description: string;
}

/** The receipt in a server's answer, or null when the answer is not one. */
export function parsePaymentReceipt(value: unknown): PaymentReceipt | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { checkoutId, purpose, outcome, amountMinor, currency, description } = record;
  if (!isNonEmptyString(checkoutId) || !isNonEmptyString(purpose) || !isNonEmptyString(currency)) return null;
  if (!(PAYMENT_OUTCOMES as readonly unknown[]).includes(outcome)) return null;
  if (typeof amountMinor !== 'number' || !Number.isSafeInteger(amountMinor) || amountMinor < 0) return null;
  if (typeof description !== 'string') return null;
  return {
    checkoutId,
    purpose,
    outcome: outcome as PaymentOutcome,
    amountMinor,
    currency,
    description,
  };
}

/** How many decimals a currency's minor unit has: 2 for USD, 0 for JPY, 3 for KWD (ISO 4217, via Intl). */
export function minorUnitDigits(currency: string): number {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    return format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not a well-formed code: ISO 4217's usual two decimals.
    return 2;
  }
}

/** An amount in minor units as a plain decimal in major units: 1999 USD → "19.99", 1999 JPY → "1999". */
export function majorAmount(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function parsePrice(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** Returns the parsed state, or null when the text is not JSON or a required field is missing. */
export function parsePaymentReturnState(raw: string | null | undefined): PaymentReturnState | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const isSuccess = record.is_success;
  if (typeof isSuccess !== 'boolean') return null;
  if (!isNonEmptyString(record.slug) || !isNonEmptyString(record.subscription_provider)) return null;

  const hasPrice = record.price !== undefined && record.price !== null;
  const hasSubscriptionId = record.subscription_id !== undefined && record.subscription_id !== null;
  let subscription: PaymentReturnState['subscription'] = null;
  if (hasPrice || hasSubscriptionId) {
    // A subscription return needs both fields; one without the other is incomplete.
    const price = parsePrice(record.price);
    const subscriptionId =
      typeof record.subscription_id === 'number' ? String(record.subscription_id) : record.subscription_id;
    if (price === null || !isNonEmptyString(subscriptionId)) return null;
    subscription = { price, subscriptionId };
  }
  const checkoutId = isNonEmptyString(record.checkout_id) ? record.checkout_id : null;
  return {
    isSuccess,
    slug: record.slug,
    subscriptionProvider: record.subscription_provider,
    checkoutId,
    subscription,
  };
}
