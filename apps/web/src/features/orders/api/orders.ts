import { gql, graphqlRequest } from '../../../lib/graphql';

export interface MemberOrder {
  id: number;
  reference: string;
  status: string;
  createdAt: string;
  currency: string;
  products: { productId: string; name: string; quantity: number; unitPrice: number }[];
  shippingInfo: { name: string | null; address: string | null; city: string | null; method: string | null };
  deliveryFee: number;
  orderTotal: number;
  freeGift: string | null;
}

const ORDERS_QUERY = gql<{ ecommerce: { getMemberOrders: MemberOrder[] } }>(`
  query MemberOrders {
    ecommerce {
      getMemberOrders {
        id reference status createdAt currency
        products { productId name quantity unitPrice }
        shippingInfo { name address city method }
        deliveryFee orderTotal freeGift
      }
    }
  }
`);

export async function getOrders(signal?: AbortSignal): Promise<MemberOrder[]> {
  const { ecommerce } = await graphqlRequest(ORDERS_QUERY, {}, signal ? { signal } : {});
  return ecommerce.getMemberOrders;
}
