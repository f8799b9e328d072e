import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginHref } from '../../config/paths';
import { loadAccountStrings } from '../../features/account/api/account-strings';
import { type Membership, getMembership } from '../../features/account/api/get-membership';
import { loadBillingStrings } from '../../features/billing/api/billing-strings';
import type { I18nStore } from '../../lib/i18n';
import { isUnauthenticated } from '../../lib/refusal';
import { notFound } from '../../lib/route-errors';
import type { SessionStore } from '../../lib/session';
import { loadOrdersStrings } from '../../features/orders/api/orders-strings';
import { loadWalletStrings } from '../../features/wallet/api/wallet-strings';

/** The sections of `/account/:slug?` (spec section 1); membership is the default. */
export const ACCOUNT_SECTIONS = [
  'membership',
  'profile',
  'payment-methods',
  'wallet',
  'orders',
  'addresses',
] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

function isAccountSection(value: string): value is AccountSection {
  return (ACCOUNT_SECTIONS as readonly string[]).includes(value);
}

export interface AccountData {
  section: AccountSection;
  /** Loaded for the membership section only. */
  membership: Membership | null;
}

/**
 * Checks the section and loads what it shows. Without a signed-in member it loads nothing: the main
 * layout's loader, which runs alongside, sends the visitor to sign in.
 */
export function createAccountLoader(
  session: Pick<SessionStore, 'activeMember' | 'setMember'>,
  i18n: Pick<I18nStore, 'loadNamespace'>,
) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<AccountData | Response | null> => {
    await Promise.all([
      loadAccountStrings(i18n),
      loadWalletStrings(i18n),
      loadOrdersStrings(i18n),
      loadBillingStrings(i18n),
    ]);
    const section = params.slug ?? 'membership';
    if (!isAccountSection(section)) notFound();
    if (section !== 'membership') return { section, membership: null };
    if (!session.activeMember()) return null;
    try {
      return { section, membership: await getMembership(request.signal) };
    } catch (error) {
      // The session was revoked on the server: sign out here too and come back after signing in.
      if (isUnauthenticated(error)) {
        session.setMember(null);
        const { pathname, search } = new URL(request.url);
        return redirect(loginHref(`${pathname}${search}`));
      }
      throw error;
    }
  };
}

export type AccountLoader = ReturnType<typeof createAccountLoader>;
