/**
 * Every route path in one table (spec section 2): the patterns of the route table. Screens of the main
 * layout are relative to `/`; the top-level screens are absolute. They are separate constants rather
 * than one object so that the bundler inlines them (an object would ship its keys too).
 */
export const HOME_PATH = '/';
export const BROWSE_PATH = 'browse/:media';
export const BROWSE_GENRE_PATH = 'browse/:media/genre/:genreId';
export const BROWSE_TAB_PATH = 'browse/:media/:tabSlug';
export const MEDIA_DETAILS_PATH = 'browse/:media/id/:id/:slug?';
export const LIVE_PATH = 'browse/:media/live/:slug?';
export const COLLECTION_PATH = 'collection';
export const PLAYLISTS_PATH = 'playlists';
export const HISTORY_PATH = 'history';
export const SHIPPABLE_PATH = 'shippable';
export const SHIPPABLE_PRODUCT_PATH = 'shippable/id/:id';
export const GIVEAWAYS_PATH = 'giveaways';
export const GIVEAWAY_PATH = 'giveaways/id/:id';
export const VPN_PATH = 'vpn';
export const GREEN_PATH = 'green';
export const IMPACT_PATH = 'impacts/id/:id';
export const IMPACTS_PATH = 'impacts/:page?';
export const MARKETPLACE_PATH = 'marketplace';
export const MARKETPLACE_CATEGORY_PATH = 'marketplace/category/:slug';
export const MARKETPLACE_PRODUCT_PATH = 'marketplace/product/:slug/:id';
export const CHECKOUT_PATH = 'marketplace/checkout/:step?';
export const FAQ_PATH = 'faq';
export const SUPPORT_PATH = 'support';
export const ACCOUNT_PATH = 'account/:slug?';
export const ORDER_PATH = 'account/orders/:id';
export const CHANGE_ADDRESS_PATH = 'account/change-address/:id/:slug?';
export const SEARCH_PATH = 'search';
/** A home shelf's whole list ("See all"): a slot of the server's, by slug. */
export const SHELF_PATH = 'shelves/:slug';
export const SEARCH_TYPE_PATH = 'search/:media';
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/reset-password/:key';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const FORGOT_EMAIL_PATH = '/forgot-email';
export const SIGNUP_PATH = '/signup';
export const NO_BRAND_PATH = '/nobrand';
export const NOT_FOUND_PATH = '*';

// Links to these routes. Kept as separate functions (not methods of the table) so that a bundle only
// carries the ones it uses.

export function accountHref(section?: string): string {
  return section ? `/account/${encodeURIComponent(section)}` : '/account';
}

/** `/login`, with the path to return to after signing in (the home page needs none). */
export function loginHref(next?: string): string {
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/** One of the member's orders, in the account area. */
export function orderHref(id: number): string {
  return `/account/orders/${id}`;
}

/** `account/change-address/{id}/order`: a new shipping address for an order that has not shipped. */
export function changeOrderAddressHref(id: number): string {
  return `/account/change-address/${id}/order`;
}

export const NO_BRAND_HREF = '/nobrand';
