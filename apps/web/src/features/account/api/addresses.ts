import type { Address } from '@member/domain/address';

import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

export interface ShippingAddress extends Address {
  id: number;
}

const FIELDS = 'id country firstName lastName address apartment city region postcode phone';

const LIST_QUERY = gql<{ member: { shippingAddresses: ShippingAddress[] } }>(`
  query ShippingAddresses { member { shippingAddresses { ${FIELDS} } } }
`);

const ONE_QUERY = gql<{ member: { shippingAddress: ShippingAddress | null } }, { id: number }>(`
  query ShippingAddress($id: Int!) { member { shippingAddress(id: $id) { ${FIELDS} } } }
`);

interface SaveData {
  member: Record<
    'addShippingAddress' | 'updateShippingAddress',
    { responseResult: ResponseResult } | undefined
  >;
}

const ADD_MUTATION = gql<SaveData, { input: Address }>(`
  mutation AddShippingAddress($input: ShippingAddressInput!) {
    member { addShippingAddress(input: $input) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

const UPDATE_MUTATION = gql<SaveData, { id: number; input: Address }>(`
  mutation UpdateShippingAddress($id: Int!, $input: ShippingAddressInput!) {
    member { updateShippingAddress(id: $id, input: $input) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

const DELETE_MUTATION = gql<
  { member: { deleteShippingAddress: { responseResult: ResponseResult } } },
  { id: number }
>(`
  mutation DeleteShippingAddress($id: Int!) {
    member { deleteShippingAddress(id: $id) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

export async function listAddresses(signal?: AbortSignal): Promise<ShippingAddress[]> {
  const { member } = await graphqlRequest(LIST_QUERY, {}, signal ? { signal } : {});
  return member.shippingAddresses;
}

export async function getAddress(id: number, signal?: AbortSignal): Promise<ShippingAddress | null> {
  const { member } = await graphqlRequest(ONE_QUERY, { id }, signal ? { signal } : {});
  return member.shippingAddress;
}

/** Adds (id null) or updates an address. */
export async function saveAddress(id: number | null, input: Address): Promise<void> {
  const { member } =
    id === null
      ? await graphqlRequest(ADD_MUTATION, { input })
      : await graphqlRequest(UPDATE_MUTATION, { id, input });
  const result = member.addShippingAddress ?? member.updateShippingAddress;
  if (!result) throw new Error('The server answered without a result');
  assertSucceeded(result.responseResult);
}

export async function deleteAddress(id: number): Promise<void> {
  const { member } = await graphqlRequest(DELETE_MUTATION, { id });
  assertSucceeded(member.deleteShippingAddress.responseResult);
}
