import type { Address } from '@member/domain/address';
import { MARKETPLACE_HOME_QUERY, SHOP_PRODUCT_FIELDS } from '@member/domain';
import { takeFirstData } from '../../../lib/first-data';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { slugOf } from '../../../lib/refusal';

/** A product as the server prices it for this member (integer minor units of `currency`). */
export interface ShopProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  categorySlug: string;
  images: string[];
  currency: string;
  price: number;
  memberPrice: number;
  isMemberPriceApplied: boolean;
  stock: number;
  inStock: boolean;
}

export interface ShopCategory {
  id: number;
  slug: string;
  name: string;
  productCount: number;
}

export interface CartLine {
  product: ShopProduct;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface Cart {
  lines: CartLine[];
  count: number;
  currency: string;
  subtotal: number;
  listSubtotal: number;
  memberSavings: number;
  isEmpty: boolean;
}

export interface ShippingOption {
  method: string;
  fee: number;
  listFee: number;
}

export interface CheckoutInformation extends Omit<Address, 'apartment'> {
  email: string;
  apartment: string | null;
}

export interface ShopCheckout {
  id: string;
  status: string;
  step: string;
  information: CheckoutInformation | null;
  shippingMethod: string | null;
  shippingOptions: ShippingOption[];
  cart: Cart;
  deliveryFee: number;
  total: number;
  currency: string;
  orderId: number | null;
  failureCode: string | null;
  /** The member's coins, and what they would pay of this total (decision 031; the server decides). */
  coinBalance: number;
  coinOffer: { coins: number; valueMinor: number; cardMinor: number };
  coinsApplied: number;
  coinsValueMinor: number;
}

export interface PlacedOrder {
  id: number;
  reference: string;
  currency: string;
  subtotal: number;
  deliveryFee: number;
  orderTotal: number;
  coinsApplied: number;
  coinsValueMinor: number;
  products: { productId: string; name: string; quantity: number; unitPrice: number }[];
}

const CART_FIELDS = `lines { product { ${SHOP_PRODUCT_FIELDS} } quantity unitPrice lineTotal } count currency subtotal listSubtotal memberSavings isEmpty`;
const CHECKOUT_FIELDS = `id status step
  information { email firstName lastName address apartment city region postcode country phone }
  shippingMethod shippingOptions { method fee listFee } cart { ${CART_FIELDS} }
  deliveryFee total currency orderId failureCode
  coinBalance coinOffer { coins valueMinor cardMinor } coinsApplied coinsValueMinor`;

function withSignal(signal?: AbortSignal): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

const HOME_QUERY = gql<{ ecommerce: { listCategories: ShopCategory[]; products: ShopProduct[] } }>(
  MARKETPLACE_HOME_QUERY,
);

/** The categories, each with its products (the first 60 of the catalogue). */
export async function getMarketplaceHome(
  signal?: AbortSignal,
): Promise<{ category: ShopCategory; products: ShopProduct[] }[]> {
  // A first visit's page holds the answer already (decision 046).
  const { ecommerce } =
    takeFirstData(HOME_QUERY) ?? (await graphqlRequest(HOME_QUERY, {}, withSignal(signal)));
  return ecommerce.listCategories.map((category) => ({
    category,
    products: ecommerce.products.filter((product) => product.categorySlug === category.slug),
  }));
}

const CATEGORY_QUERY = gql<
  { ecommerce: { listCategories: ShopCategory[]; products: ShopProduct[] } },
  { slug: string }
>(`
  query MarketplaceCategory($slug: String!) {
    ecommerce { listCategories { id slug name productCount } products(categorySlug: $slug, limit: 60) { ${SHOP_PRODUCT_FIELDS} } }
  }
`);

/** One category and its products; null when the brand has no such category. */
export async function getCategory(
  slug: string,
  signal?: AbortSignal,
): Promise<{ category: ShopCategory; products: ShopProduct[] } | null> {
  let ecommerce: { listCategories: ShopCategory[]; products: ShopProduct[] };
  try {
    ({ ecommerce } = await graphqlRequest(CATEGORY_QUERY, { slug }, withSignal(signal)));
  } catch (error) {
    if (slugOf(error) === 'category_not_found') return null;
    throw error;
  }
  const category = ecommerce.listCategories.find((known) => known.slug === slug);
  return category ? { category, products: ecommerce.products } : null;
}

export interface ShopReview {
  id: number;
  rating: number;
  text: string;
  authorName: string;
  createdAt: string;
}

/** A product with its rating, its newest reviews and whether this member may review it. */
export interface ShopProductDetail {
  product: ShopProduct & { rating: number | null; reviewCount: number };
  reviews: ShopReview[];
  canReview: boolean;
  hasReviewed: boolean;
}

const PRODUCT_QUERY = gql<{ ecommerce: { product: ShopProductDetail } }, { id: number }>(`
  query MarketplaceProduct($id: Int!) { ecommerce { product(id: $id) {
    product { ${SHOP_PRODUCT_FIELDS} rating reviewCount }
    reviews { id rating text authorName createdAt } canReview hasReviewed } } }
`);

/** A product of this brand with its reviews; null when there is no such product. */
export async function getProduct(id: number, signal?: AbortSignal): Promise<ShopProductDetail | null> {
  try {
    const { ecommerce } = await graphqlRequest(PRODUCT_QUERY, { id }, withSignal(signal));
    return ecommerce.product;
  } catch (error) {
    if (slugOf(error) === 'product_not_found') return null;
    throw error;
  }
}

const ADD_REVIEW = gql<
  { ecommerce: { addReview: { responseResult: ResponseResult } } },
  { productId: number; rating: number; text: string }
>(`
  mutation AddReview($productId: Int!, $rating: Int!, $text: String!) {
    ecommerce { addReview(productId: $productId, rating: $rating, text: $text) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

/** Writes the member's review; the server refuses members who did not receive the product, or twice. */
export async function addReview(productId: number, rating: number, text: string): Promise<void> {
  const { ecommerce } = await graphqlRequest(ADD_REVIEW, { productId, rating, text });
  assertSucceeded(ecommerce.addReview.responseResult);
}

const CART_QUERY = gql<{ ecommerce: { cart: Cart } }>(`
  query MarketplaceCart { ecommerce { cart { ${CART_FIELDS} } } }
`);

export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const { ecommerce } = await graphqlRequest(CART_QUERY, {}, withSignal(signal));
  return ecommerce.cart;
}

const SET_QUANTITY = gql<
  { ecommerce: { setCartQuantity: { responseResult: ResponseResult; cart: Cart | null } } },
  { productId: number; quantity: number }
>(`
  mutation SetCartQuantity($productId: Int!, $quantity: Int!) {
    ecommerce { setCartQuantity(productId: $productId, quantity: $quantity) { ${RESPONSE_RESULT_FIELDS} cart { ${CART_FIELDS} } } }
  }
`);

/** Sets a product's quantity in the server's cart (0 removes it); answers the cart as the server priced it. */
export async function setCartQuantity(productId: number, quantity: number): Promise<Cart> {
  const { ecommerce } = await graphqlRequest(SET_QUANTITY, { productId, quantity });
  assertSucceeded(ecommerce.setCartQuantity.responseResult);
  if (!ecommerce.setCartQuantity.cart) throw new Error('The server answered without a cart');
  return ecommerce.setCartQuantity.cart;
}

const CHECKOUT_QUERY = gql<{ ecommerce: { checkout: ShopCheckout } }>(`
  query MarketplaceCheckout { ecommerce { checkout { ${CHECKOUT_FIELDS} } } }
`);

export async function getCheckout(signal?: AbortSignal): Promise<ShopCheckout> {
  const { ecommerce } = await graphqlRequest(CHECKOUT_QUERY, {}, withSignal(signal));
  return ecommerce.checkout;
}

interface CheckoutPayload {
  responseResult: ResponseResult;
  checkout: ShopCheckout | null;
}

function checkoutOf(payload: CheckoutPayload): ShopCheckout {
  assertSucceeded(payload.responseResult);
  if (!payload.checkout) throw new Error('The server answered without a checkout');
  return payload.checkout;
}

const SAVE_INFORMATION = gql<
  { ecommerce: { saveCheckoutInformation: CheckoutPayload } },
  { input: { email: string; address: Address } }
>(`
  mutation SaveCheckoutInformation($input: CheckoutInformationInput!) {
    ecommerce { saveCheckoutInformation(input: $input) { ${RESPONSE_RESULT_FIELDS} checkout { ${CHECKOUT_FIELDS} } } }
  }
`);

export async function saveInformation(email: string, address: Address): Promise<ShopCheckout> {
  const { ecommerce } = await graphqlRequest(SAVE_INFORMATION, { input: { email, address } });
  return checkoutOf(ecommerce.saveCheckoutInformation);
}

const CHOOSE_SHIPPING = gql<{ ecommerce: { chooseShipping: CheckoutPayload } }, { method: string }>(`
  mutation ChooseShipping($method: String!) {
    ecommerce { chooseShipping(method: $method) { ${RESPONSE_RESULT_FIELDS} checkout { ${CHECKOUT_FIELDS} } } }
  }
`);

export async function chooseShipping(method: string): Promise<ShopCheckout> {
  const { ecommerce } = await graphqlRequest(CHOOSE_SHIPPING, { method });
  return checkoutOf(ecommerce.chooseShipping);
}

const PAY = gql<
  { ecommerce: { payCheckout: { responseResult: ResponseResult; url: string | null } } },
  { checkoutId: string; useCoins: boolean }
>(`
  mutation PayCheckout($checkoutId: String, $useCoins: Boolean) {
    ecommerce { payCheckout(checkoutId: $checkoutId, useCoins: $useCoins) { ${RESPONSE_RESULT_FIELDS} url } }
  }
`);

/**
 * Prices the checkout on the server and answers where to go: its hosted payment page, or the
 * confirmation when the member's coins paid it all (the server decides how many coins it takes).
 */
export async function payCheckout(checkoutId: string, useCoins: boolean): Promise<string> {
  const { ecommerce } = await graphqlRequest(PAY, { checkoutId, useCoins });
  assertSucceeded(ecommerce.payCheckout.responseResult);
  if (!ecommerce.payCheckout.url) throw new Error('The server answered without a payment page');
  return ecommerce.payCheckout.url;
}

const ORDER_QUERY = gql<{ ecommerce: { order: PlacedOrder | null } }, { id: number }>(`
  query MarketplaceOrder($id: Int!) {
    ecommerce { order(id: $id) { id reference currency subtotal deliveryFee orderTotal coinsApplied coinsValueMinor
      products { productId name quantity unitPrice } } }
  }
`);

export async function getOrder(id: number, signal?: AbortSignal): Promise<PlacedOrder | null> {
  const { ecommerce } = await graphqlRequest(ORDER_QUERY, { id }, withSignal(signal));
  return ecommerce.order;
}

const SAVED_ADDRESSES = gql<{ member: { shippingAddresses: (Address & { id: number })[] } }>(`
  query CheckoutSavedAddresses {
    member { shippingAddresses { id country firstName lastName address apartment city region postcode phone } }
  }
`);

/** The member's saved addresses, offered to fill the information step. */
export async function getSavedAddresses(signal?: AbortSignal): Promise<(Address & { id: number })[]> {
  const { member } = await graphqlRequest(SAVED_ADDRESSES, {}, withSignal(signal));
  return member.shippingAddresses;
}
