import { redirect } from 'react-router';
import type { I18nStore } from '../../../lib/i18n';
import type { SessionStore } from '../../../lib/session';
import { type Plan, getPlans } from './billing-api';
import { loadBillingStrings } from './billing-strings';

export interface SignupData {
  /** Null when the plans could not be loaded (the page says so). */
  plans: Plan[] | null;
}

/**
 * `/signup`: a visitor sees the brand's plans; a signed-in member joins from inside the account, where
 * the same plans are offered (Account → Membership's plan picker).
 */
export function createSignupLoader(
  session: Pick<SessionStore, 'activeMember'>,
  i18n: Pick<I18nStore, 'loadNamespace'>,
) {
  return async ({ request }: { request: Request }): Promise<SignupData | Response> => {
    if (session.activeMember()) return redirect('/account/membership#plans');
    const [plans] = await Promise.all([getPlans(request.signal).catch(() => null), loadBillingStrings(i18n)]);
    return { plans };
  };
}

export type SignupLoader = ReturnType<typeof createSignupLoader>;
