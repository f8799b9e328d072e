import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginHref } from '../../../config/paths';
import { isUnauthenticated } from '../../../lib/refusal';
import type { I18nStore } from '../../../lib/i18n';
import { notFound } from '../../../lib/route-errors';
import type { SessionStore } from '../../../lib/session';
import { type ShippingAddress, getAddress } from './addresses';
import { loadAccountStrings } from './account-strings';

/** `/account/change-address/new` adds an address; a number edits that address. */
export function changeAddressHref(id: number | 'new'): string {
  return `/account/change-address/${id}/addresses`;
}

export interface ChangeAddressData {
  /** Null when adding. */
  address: ShippingAddress | null;
  /** True when the id named no address of the member. */
  missing: boolean;
}

/** Loads the strings and, when editing, the address (only the member's own; the server filters). */
export function createChangeAddressLoader(
  session: Pick<SessionStore, 'activeMember' | 'setMember'>,
  i18n: Pick<I18nStore, 'loadNamespace'>,
) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<ChangeAddressData | Response | null> => {
    await loadAccountStrings(i18n);
    const id = params.id ?? '';
    if (id === 'new') return { address: null, missing: false };
    if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
    if (!session.activeMember()) return null;
    try {
      const address = await getAddress(Number(id), request.signal);
      return { address, missing: address === null };
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
