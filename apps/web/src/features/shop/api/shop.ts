import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { slugOf } from '../../../lib/refusal';

/*
 * The shippable products screens (spec section 2: `shippable`, `shippable/id/{id}`) over the
 * marketplace's GraphQL fields (`ecommerce { listCategories products product cart setCartQuantity }`):
 * the same catalogue, prices and server cart, asked for the shippable products only. The server prices
 * everything; these screens send product ids and quantities.
 */

/** A shippable product as the server prices it for this member (integer minor units of `currency`). */
export interface ShippableProduct {
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
  shippable: boolean;
  rating: number | null;
  reviewCount: number;
}

export interface ShippableCategory {
  slug: string;
  name: string;
}

export interface ShippableReview {
  id: number;
  rating: number;
  text: string;
  authorName: string;
  createdAt: string;
}

export interface ShippableDetail {
  product: ShippableProduct;
  reviews: ShippableReview[];
  canReview: boolean;
  hasReviewed: boolean;
}

/** What these screens need of the member's server cart: how many of each product it holds. */
export interface CartHolding {
  count: number;
  lines: { quantity: number; product: { id: number } }[];
}

/** Products per page of the list (the server answers at most 60). */
export const SHIPPABLE_PAGE_SIZE = 24;

const PRODUCT_FIELDS =
  'id slug name description categorySlug images currency price memberPrice isMemberPriceApplied stock inStock shippable rating reviewCount';

function withSignal(signal?: AbortSignal): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

const LIST_QUERY = gql<
  { ecommerce: { listCategories: ShippableCategory[]; products: ShippableProduct[] } },
  { limit: number; offset: number }
>(`
  query ShippableProducts($limit: Int, $offset: Int) {
    ecommerce { listCategories { slug name } products(shippableOnly: true, limit: $limit, offset: $offset) { ${PRODUCT_FIELDS} } }
  }
`);

/**
 * One page of the brand's shippable products (in the catalogue's order: category, then product) with
 * the categories' names; `hasMore` when the page came back full.
 */
export async function getShippablePage(
  offset: number,
  signal?: AbortSignal,
): Promise<{ categories: ShippableCategory[]; products: ShippableProduct[]; hasMore: boolean }> {
  const { ecommerce } = await graphqlRequest(
    LIST_QUERY,
    { limit: SHIPPABLE_PAGE_SIZE, offset },
    withSignal(signal),
  );
  return {
    categories: ecommerce.listCategories,
    products: ecommerce.products,
    hasMore: ecommerce.products.length === SHIPPABLE_PAGE_SIZE,
  };
}

const PRODUCT_QUERY = gql<{ ecommerce: { product: ShippableDetail } }, { id: number }>(`
  query ShippableProduct($id: Int!) { ecommerce { product(id: $id) {
    product { ${PRODUCT_FIELDS} }
    reviews { id rating text authorName createdAt } canReview hasReviewed } } }
`);

/** A shippable product of this brand with its reviews; null when there is none (or it is not shipped). */
export async function getShippableProduct(id: number, signal?: AbortSignal): Promise<ShippableDetail | null> {
  try {
    const { ecommerce } = await graphqlRequest(PRODUCT_QUERY, { id }, withSignal(signal));
    return ecommerce.product.product.shippable ? ecommerce.product : null;
  } catch (error) {
    if (slugOf(error) === 'product_not_found') return null;
    throw error;
  }
}

const CART_FIELDS = 'count lines { quantity product { id } }';

const CART_QUERY = gql<{ ecommerce: { cart: CartHolding } }>(`
  query ShippableCart { ecommerce { cart { ${CART_FIELDS} } } }
`);

export async function getCartHolding(signal?: AbortSignal): Promise<CartHolding> {
  const { ecommerce } = await graphqlRequest(CART_QUERY, {}, withSignal(signal));
  return ecommerce.cart;
}

const SET_QUANTITY = gql<
  { ecommerce: { setCartQuantity: { responseResult: ResponseResult; cart: CartHolding | null } } },
  { productId: number; quantity: number }
>(`
  mutation ShippableSetCartQuantity($productId: Int!, $quantity: Int!) {
    ecommerce { setCartQuantity(productId: $productId, quantity: $quantity) { ${RESPONSE_RESULT_FIELDS} cart { ${CART_FIELDS} } } }
  }
`);

/** Sets a product's quantity in the server's cart (bounded by stock there); answers the cart. */
export async function setCartQuantity(productId: number, quantity: number): Promise<CartHolding> {
  const { ecommerce } = await graphqlRequest(SET_QUANTITY, { productId, quantity });
  assertSucceeded(ecommerce.setCartQuantity.responseResult);
  if (!ecommerce.setCartQuantity.cart) throw new Error('The server answered without a cart');
  return ecommerce.setCartQuantity.cart;
}
