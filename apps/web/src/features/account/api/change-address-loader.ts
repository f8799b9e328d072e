import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginHref } from '../../../config/paths';
import { isUnauthenticated } from '../../../lib/refusal';
import type { I18nStore } from '../../../lib/i18n';
import { notFound } from '../../../lib/route-errors';
import type { SessionStore } from '../../../lib/session';
import { type ShippingAddress, getAddress } from './addresses';
import { loadAccountStrings } from './account-strings';
import { type OrderAddress, getOrderAddress } from './order-address';

/** `/account/change-address/new` adds an address; a number edits that address. */
export function changeAddressHref(id: number | 'new'): string {
  return `/account/change-address/${id}/addresses`;
}

/** The slug that makes the id an order's: `account/change-address/{orderId}/order`. */
export const ORDER_SLUG = 'order';

export type ChangeAddressData =
  | {
      kind: 'saved';
      /** Null when adding. */
      address: ShippingAddress | null;
      /** True when the id named no address of the member. */
      missing: boolean;
    }
  | {
      kind: 'order';
      /** Null when the id named no order of the member. */
      order: OrderAddress | null;
    };

/**
 * Loads the strings and what the screen edits: one of the member's saved addresses (or none, to add
 * one), or with the `order` slug where one of their orders ships. The server filters by member.
 */
export function createChangeAddressLoader(
  session: Pick<SessionStore, 'activeMember' | 'setMember'>,
  i18n: Pick<I18nStore, 'loadNamespace'>,
) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<ChangeAddressData | Response | null> => {
    await loadAccountStrings(i18n);
    const id = params.id ?? '';
    const forOrder = params.slug === ORDER_SLUG;
    if (id === 'new' && !forOrder) return { kind: 'saved', address: null, missing: false };
    if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
    if (!session.activeMember()) return null;
    try {
      if (forOrder) return { kind: 'order', order: await getOrderAddress(Number(id), request.signal) };
      const address = await getAddress(Number(id), request.signal);
      return { kind: 'saved', address, missing: address === null };
    } catch (error) {
      if (isUnauthenticated(error)) {
        session.setMember(null);
        const { pathname } = new URL(request.url);
        return redirect(loginHref(pathname));
      }
      throw error;
    }
  };
}

export type ChangeAddressLoader = ReturnType<typeof createChangeAddressLoader>;
