import type { RefundState } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

export interface OrderShippingInfo {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  address: string | null;
  apartment: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country: string | null;
  phone: string | null;
  method: string | null;
}

export interface MemberOrder {
  id: number;
  reference: string;
  status: string;
  createdAt: string;
  currency: string;
  products: { productId: string; name: string; quantity: number; unitPrice: number; image: string | null }[];
  shippingInfo: OrderShippingInfo;
  subtotal: number;
  deliveryFee: number;
  orderTotal: number;
  freeGift: string | null;
  tracking: string | null;
  refundedMinor: number;
  /** Where a cancelled order's refund stands at the payment provider; null when nothing goes back. */
  refundStatus: RefundState | null;
  /** Coins that paid part of the order, and what they paid (minor units). */
  coinsApplied: number;
  coinsValueMinor: number;
}

const ORDER_FIELDS = `id reference status createdAt currency
  products { productId name quantity unitPrice image }
  shippingInfo { name firstName lastName address apartment city region postcode country phone method }
  subtotal deliveryFee orderTotal freeGift tracking refundedMinor refundStatus coinsApplied coinsValueMinor`;

const ORDERS_QUERY = gql<{ ecommerce: { getMemberOrders: MemberOrder[] } }>(`
  query MemberOrders { ecommerce { getMemberOrders { ${ORDER_FIELDS} } } }
`);

export async function getOrders(signal?: AbortSignal): Promise<MemberOrder[]> {
  const { ecommerce } = await graphqlRequest(ORDERS_QUERY, {}, signal ? { signal } : {});
  return ecommerce.getMemberOrders;
}

const ORDER_QUERY = gql<{ ecommerce: { order: MemberOrder | null } }, { id: number }>(`
  query MemberOrder($id: Int!) { ecommerce { order(id: $id) { ${ORDER_FIELDS} } } }
`);

/** One of the member's orders; null when the id names none of theirs (the server filters). */
export async function getOrder(id: number, signal?: AbortSignal): Promise<MemberOrder | null> {
  const { ecommerce } = await graphqlRequest(ORDER_QUERY, { id }, signal ? { signal } : {});
  return ecommerce.order;
}

const CANCEL_ORDER = gql<
  {
    ecommerce: {
      cancelOrder: {
        responseResult: ResponseResult;
        refundedMinor: number | null;
        refundedCoins: number | null;
      };
    };
  },
  { id: number }
>(`
  mutation CancelOrder($id: Int!) {
    ecommerce { cancelOrder(id: $id) { ${RESPONSE_RESULT_FIELDS} refundedMinor refundedCoins } }
  }
`);

/** Cancels an order that has not shipped; answers what the server refunded to the card and to the wallet. */
export async function cancelOrder(id: number): Promise<{ refundedMinor: number; refundedCoins: number }> {
  const { ecommerce } = await graphqlRequest(CANCEL_ORDER, { id });
  assertSucceeded(ecommerce.cancelOrder.responseResult);
  return {
    refundedMinor: ecommerce.cancelOrder.refundedMinor ?? 0,
    refundedCoins: ecommerce.cancelOrder.refundedCoins ?? 0,
  };
}
