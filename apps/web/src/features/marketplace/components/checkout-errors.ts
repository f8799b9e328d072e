import type { TranslationKey, Translator } from '../../../lib/i18n';

/** The refusals of the checkout mutations the member can act on (decision 024's slugs). */
const KNOWN: Record<string, TranslationKey> = {
  invalid_email: 'marketplace.errors.invalid_email',
  cart_empty: 'marketplace.errors.cart_empty',
  checkout_incomplete: 'marketplace.errors.checkout_incomplete',
  checkout_closed: 'marketplace.errors.checkout_closed',
  out_of_stock: 'marketplace.errors.out_of_stock',
  out_of_stock_refunded: 'marketplace.errors.out_of_stock_refunded',
  invalid_shipping_method: 'marketplace.errors.invalid_shipping_method',
  insufficient_coins: 'marketplace.errors.insufficient_coins',
  coins_short_refunded: 'marketplace.errors.coins_short_refunded',
  checkout_not_found: 'marketplace.errors.checkout_not_found',
};

/** A refusal's slug in the member's words; anything else is the generic error. */
export function checkoutErrorText(slug: string | null, t: Translator['t']): string {
  const key = slug && Object.hasOwn(KNOWN, slug) ? KNOWN[slug] : undefined;
  return t(key ?? 'marketplace.errors.generic');
}
