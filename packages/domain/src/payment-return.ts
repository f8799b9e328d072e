/**
 * The payment return's `state` query parameter (spec sections 2 and 4): JSON with is_success, slug,
 * subscription_provider and, for subscriptions, price and subscription_id. It is accepted only when
 * every required field is present with the right type. It is never proof of payment: the server
 * verifies the payment itself before it activates anything.
 */
export interface PaymentReturnState {
  isSuccess: boolean;
  slug: string;
  subscriptionProvider: string;
  /** Present for subscription returns only, together with `subscriptionId`. */
  subscription: { price: number; subscriptionId: string } | null;
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
  return { isSuccess, slug: record.slug, subscriptionProvider: record.subscription_provider, subscription };
}
