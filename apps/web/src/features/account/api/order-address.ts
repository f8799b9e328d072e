import type { Address } from '@member/domain/address';

import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

/** What `account/change-address/{id}/order` edits: where one of the member's orders ships. */
export interface OrderAddress {
  id: number;
  reference: string;
  status: string;
  address: Address;
}

interface OrderShipping {
  id: number;
  reference: string;
  status: string;
  shippingInfo: Record<
    'firstName' | 'lastName' | 'address' | 'apartment' | 'city' | 'region' | 'postcode' | 'country' | 'phone',
    string | null
  >;
}

const ORDER_ADDRESS_QUERY = gql<{ ecommerce: { order: OrderShipping | null } }, { id: number }>(`
  query OrderAddress($id: Int!) {
    ecommerce { order(id: $id) { id reference status
      shippingInfo { firstName lastName address apartment city region postcode country phone } } }
  }
`);

/** The order's current shipping address; null when the id names none of the member's orders. */
export async function getOrderAddress(id: number, signal?: AbortSignal): Promise<OrderAddress | null> {
  const { ecommerce } = await graphqlRequest(ORDER_ADDRESS_QUERY, { id }, signal ? { signal } : {});
  const order = ecommerce.order;
  if (!order) return null;
  const info = order.shippingInfo;
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    address: {
      country: info.country ?? '',
      firstName: info.firstName ?? '',
      lastName: info.lastName ?? '',
      address: info.address ?? '',
      apartment: info.apartment ?? null,
      city: info.city ?? '',
      region: info.region ?? '',
      postcode: info.postcode ?? '',
      phone: info.phone ?? '',
    },
  };
}

const CHANGE_ORDER_ADDRESS = gql<
  { ecommerce: { changeOrderAddress: { responseResult: ResponseResult } } },
  { id: number; address: Address }
>(`
  mutation ChangeOrderAddress($id: Int!, $address: ShippingAddressInput!) {
    ecommerce { changeOrderAddress(id: $id, address: $address) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

/** Ships an unshipped order to a new address; refused (`order_not_changeable`) once it shipped. */
export async function changeOrderAddress(id: number, address: Address): Promise<void> {
  const { ecommerce } = await graphqlRequest(CHANGE_ORDER_ADDRESS, { id, address });
  assertSucceeded(ecommerce.changeOrderAddress.responseResult);
}
