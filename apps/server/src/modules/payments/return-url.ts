import { majorAmount } from '@member/domain';

import { readJson } from '../../db/json';
import type { CheckoutRow } from '../../db/tables/checkouts';

/**
 * The payment-return `state` of spec sections 2 and 4: is_success, slug (what was paid for),
 * subscription_provider, checkout_id (for the receipt, `checkoutReceipt`) and, for subscriptions, price
 * (in the currency's major units: 19.99 USD, 1999 JPY) and subscription_id. It is information for the
 * page; the server never takes it as proof of payment.
 */
export function returnUrl(checkout: CheckoutRow, providerName: string, isSuccess: boolean): string {
  const metadata = readJson<Record<string, string>>(checkout.metadata, {});
  const subscriptionId = metadata.subscription_ref_id;
  const state = {
    is_success: isSuccess,
    slug: checkout.purpose,
    subscription_provider: providerName,
    checkout_id: checkout.id,
    ...(subscriptionId
      ? { price: majorAmount(checkout.amount_minor, checkout.currency), subscription_id: subscriptionId }
      : {}),
  };
  const path = !isSuccess && metadata.cancel_path ? metadata.cancel_path : checkout.return_path;
  return `${path}${path.includes('?') ? '&' : '?'}state=${encodeURIComponent(JSON.stringify(state))}`;
}
