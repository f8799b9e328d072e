import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../graphql';
import { type I18nStore, namespaceFiles } from '../i18n';

/*
 * Paying a purchase with a saved card (docs/decisions/035), for any screen that sells something: the
 * purchase's own mutation opens a hosted checkout as before (its URL is `/paymentflow/checkout/<id>`),
 * and instead of going to that page the member's chosen card pays it (`member.payWithSavedCard`).
 */

/** A saved card as a purchase offers it. */
export interface SavedCard {
  paymentMethodId: string;
  ccLast: string;
  ccType: string;
  isDefault: boolean;
  expMonth: number;
  expYear: number;
}

const CARDS = gql<{ member: { paymentMethods: SavedCard[] } }>(`
  query SavedCards { member { paymentMethods { paymentMethodId ccLast ccType isDefault expMonth expYear } } }
`);

/** The member's saved cards, the default first. */
export async function listSavedCards(signal?: AbortSignal): Promise<SavedCard[]> {
  const { member } = await graphqlRequest(CARDS, {}, signal ? { signal } : {});
  return member.paymentMethods;
}

interface PayData {
  member: {
    payWithSavedCard: {
      responseResult: ResponseResult;
      outcome: string | null;
      failureCode: string | null;
      returnUrl: string | null;
    };
  };
}

const PAY = gql<PayData, { checkoutId: string; paymentMethodId: string; requestKey: string }>(`
  mutation PayWithSavedCard($checkoutId: String!, $paymentMethodId: String!, $requestKey: String!) {
    member { payWithSavedCard(checkoutId: $checkoutId, paymentMethodId: $paymentMethodId, requestKey: $requestKey) {
      ${RESPONSE_RESULT_FIELDS} outcome failureCode returnUrl } }
  }
`);

/**
 * Pays a hosted checkout with a saved card; answers where to go next (the purchase's own return page,
 * which asks the server for the verified receipt). A decline is refused with slug `payment_failed`.
 */
export async function payWithSavedCard(input: {
  checkoutId: string;
  paymentMethodId: string;
  requestKey: string;
}): Promise<string> {
  const { member } = await graphqlRequest(PAY, input);
  assertSucceeded(member.payWithSavedCard.responseResult);
  if (!member.payWithSavedCard.returnUrl) throw new Error('The server answered without a return page');
  return member.payWithSavedCard.returnUrl;
}

/** The checkout a purchase's payment URL names, or null for any other URL (nothing left to pay). */
export function checkoutIdOfUrl(url: string): string | null {
  return /^\/paymentflow\/checkout\/(cs_[\w-]{10,60})$/.exec(url)?.[1] ?? null;
}

/** A key for one purchase attempt: kept for a retry after a lost answer, renewed after any answer. */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return `sc-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

// The saved-card choice's strings (`payments.*`) load with the first screen that offers it.
const FILES = import.meta.glob<unknown>('../../locales/payments/*.json', { import: 'default' });
const paymentsFile = namespaceFiles('payments', FILES);

export function loadSavedCardStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('payments', paymentsFile);
}
