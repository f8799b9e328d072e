import { gql, graphqlRequest } from './graphql';
import { logger } from './logger';

/*
 * The header's cart count: one number shared by the header and the screens that change the server's
 * cart (the marketplace's and the shippable products'), which publish the count of every cart the
 * server answers, so the header follows without asking again.
 */
let count: number | null = null;
const listeners = new Set<() => void>();

export function publishCartCount(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

export function subscribeCartCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function cartCountSnapshot(): number | null {
  return count;
}

const COUNT_QUERY = gql<{ ecommerce: { cart: { count: number } } }>(`
  query MarketplaceCartCount { ecommerce { cart { count } } }
`);

/** Asks the server for the count once (the header's first paint); a failure leaves the count unknown. */
export async function refreshCartCount(): Promise<void> {
  try {
    const { ecommerce } = await graphqlRequest(COUNT_QUERY, {});
    publishCartCount(ecommerce.cart.count);
  } catch (error) {
    logger.warn('Could not load the cart count', error);
  }
}
