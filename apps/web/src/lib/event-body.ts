// Loaded on the first event only (lib/events.ts): events are fire-and-forget, so their code stays out
// of the JavaScript every page loads first.
import { chooseLayout, isTestAccount, type Locale } from '@member/domain';
import { GRAPH_API_BASE, apiFetch, getBearerToken } from './api-client';
import { logger } from './logger';
import type { Session } from './session';

export type EventNamespace = 'auth' | 'consumptions' | 'members';

export interface EventOptions {
  /** For consumptions. */
  vendorId?: string;
  /** For member-account and sweep events. */
  subscriptionProvider?: string;
}

export interface EventBody {
  namespace: EventNamespace;
  env: string;
  jwt?: string;
  brand_domain_name: string;
  brand_country_code: string;
  tags: string[];
  language: Locale;
  user_agent: string;
  browser_language: string;
  is_test: boolean;
  layout: string;
  vendor_id?: string;
  subscription_provider?: string;
  extras?: Record<string, unknown>;
}

/**
 * The event body of spec section 7. The server fills what only it can know (IP, request country, the
 * brand from the hostname) and does not trust those fields from the browser, so they are not sent.
 */
export function buildEventBody(
  session: Session,
  language: Locale,
  namespace: EventNamespace,
  extras?: Record<string, unknown>,
  options: EventOptions = {},
  nav: Pick<Navigator, 'userAgent' | 'language'> = navigator,
): EventBody {
  const { boot, brand, member } = session;
  const token = member ? null : getBearerToken();
  return {
    namespace,
    env: boot.env,
    // Members are identified by their httpOnly cookie; only a visitor's in-memory token can be sent.
    ...(token ? { jwt: token } : {}),
    brand_domain_name: brand.hostname,
    brand_country_code: brand.billing.countryCode,
    tags: member?.tags ?? [],
    language,
    user_agent: nav.userAgent,
    browser_language: nav.language,
    is_test: member ? isTestAccount(member) : false,
    layout: chooseLayout(member?.tags ?? [], brand.layout),
    ...(options.vendorId ? { vendor_id: options.vendorId } : {}),
    ...(options.subscriptionProvider ? { subscription_provider: options.subscriptionProvider } : {}),
    ...(extras ? { extras } : {}),
  };
}

/** Posts an event; failures only log a warning (spec section 8) and never reach the caller. */
export async function postEvent(body: EventBody): Promise<void> {
  try {
    const response = await apiFetch(`${GRAPH_API_BASE}/api/event`, {
      method: 'POST',
      json: body,
      keepalive: true,
    });
    if (!response.ok) logger.warn(`Event ${body.namespace} was not accepted (status ${response.status})`);
  } catch (error) {
    logger.warn(`Event ${body.namespace} could not be sent`, error);
  }
}
