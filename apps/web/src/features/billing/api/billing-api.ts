import {
  RESPONSE_RESULT_FIELDS as RESULT,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { RefusalError } from '../../../lib/refusal';

export interface PaymentMethod {
  paymentMethodId: string;
  ccLast: string;
  ccType: string;
  isDefault: boolean;
  expMonth: number;
  expYear: number;
}

export interface BillingTransaction {
  id: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  purpose: string;
}

export interface Plan {
  id: number;
  name: string;
  group: string;
  description: string;
  trialPeriod: number;
  priceRecurring: number;
  priceInitial: number;
  currency: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number };
  /** The media types the plan includes ('vpn' for a VPN plan). */
  mediaTypes: string[];
}

const METHOD = 'paymentMethodId ccLast ccType isDefault expMonth expYear';

const PLANS = gql<{ plan: { getPlans: Plan[] } }>(`
  query Plans { plan { getPlans { id name group description trialPeriod priceRecurring priceInitial currency
    recurring { interval interval_count } mediaTypes } } }
`);

export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return (await graphqlRequest(PLANS, {}, signal ? { signal } : {})).plan.getPlans;
}

const BILLING = gql<{ member: { paymentMethods: PaymentMethod[]; billingHistory: BillingTransaction[] } }>(`
  query Billing { member { paymentMethods { ${METHOD} } billingHistory(limit: 50) { id date description amount currency status purpose } } }
`);

export async function getBilling(signal?: AbortSignal) {
  return (await graphqlRequest(BILLING, {}, signal ? { signal } : {})).member;
}

interface MethodsPayload {
  responseResult: ResponseResult;
  paymentMethods: PaymentMethod[] | null;
}

const ADD_METHOD = gql<
  { member: { addPaymentMethod: MethodsPayload } },
  { paymentMethodId: string; ccLast: string; isDefault: boolean; ccType: string }
>(`
  mutation AddPaymentMethod($paymentMethodId: String!, $ccLast: String!, $isDefault: Boolean!, $ccType: String!) {
    member { addPaymentMethod(paymentMethodId: $paymentMethodId, ccLast: $ccLast, isDefault: $isDefault, ccType: $ccType) {
      ${RESULT} paymentMethods { ${METHOD} } } }
  }
`);

const UPDATE_METHOD = gql<
  { member: { updatePaymentMethod: MethodsPayload } },
  { paymentMethodId: string; ccLast: string; ccType: string }
>(`
  mutation UpdatePaymentMethod($paymentMethodId: String!, $ccLast: String!, $ccType: String!) {
    member { updatePaymentMethod(paymentMethodId: $paymentMethodId, ccLast: $ccLast, ccType: $ccType) {
      ${RESULT} paymentMethods { ${METHOD} } } }
  }
`);

const SET_DEFAULT = gql<
  { member: { setDefaultPaymentMethod: MethodsPayload } },
  { paymentMethodId: string }
>(`
  mutation SetDefaultPaymentMethod($paymentMethodId: String!) {
    member { setDefaultPaymentMethod(paymentMethodId: $paymentMethodId) { ${RESULT} paymentMethods { ${METHOD} } } }
  }
`);

const REMOVE_METHOD = gql<{ member: { removePaymentMethod: MethodsPayload } }, { paymentMethodId: string }>(`
  mutation RemovePaymentMethod($paymentMethodId: String!) {
    member { removePaymentMethod(paymentMethodId: $paymentMethodId) { ${RESULT} paymentMethods { ${METHOD} } } }
  }
`);

/** The member's cards after a change; a refusal throws a RefusalError with its slug. */
function methodsAfter(payload: MethodsPayload): PaymentMethod[] {
  assertSucceeded(payload.responseResult);
  if (!payload.paymentMethods) throw new RefusalError('INTERNAL', 'The answer has no payment methods');
  return payload.paymentMethods;
}

export async function addPaymentMethod(variables: {
  paymentMethodId: string;
  ccLast: string;
  isDefault: boolean;
  ccType: string;
}): Promise<PaymentMethod[]> {
  return methodsAfter((await graphqlRequest(ADD_METHOD, variables)).member.addPaymentMethod);
}

export async function updatePaymentMethod(variables: {
  paymentMethodId: string;
  ccLast: string;
  ccType: string;
}): Promise<PaymentMethod[]> {
  return methodsAfter((await graphqlRequest(UPDATE_METHOD, variables)).member.updatePaymentMethod);
}

export async function setDefaultPaymentMethod(paymentMethodId: string): Promise<PaymentMethod[]> {
  return methodsAfter(
    (await graphqlRequest(SET_DEFAULT, { paymentMethodId })).member.setDefaultPaymentMethod,
  );
}

/** Removes a card; the server makes another card the default when the default goes. */
export async function removePaymentMethod(paymentMethodId: string): Promise<PaymentMethod[]> {
  return methodsAfter((await graphqlRequest(REMOVE_METHOD, { paymentMethodId })).member.removePaymentMethod);
}

const ACTIVATE = gql<
  { member: { activateSubscription: { responseResult: ResponseResult; extra: string | null } } },
  { subscriptionId: string }
>(`
  mutation ActivateSubscription($subscriptionId: String!) {
    member { activateSubscription(subscriptionId: $subscriptionId) { ${RESULT} extra } }
  }
`);

export async function activateSubscription(subscriptionId: string) {
  return (await graphqlRequest(ACTIVATE, { subscriptionId })).member.activateSubscription;
}

export interface RetentionOffer {
  discountPercent: number;
  regularPriceMinor: number;
  priceMinor: number;
  currency: string;
}

interface OfferPayload {
  responseResult: ResponseResult;
  offer: RetentionOffer | null;
}

const PRESENT_OFFER = gql<{ member: { presentRetentionOffer: OfferPayload } }, { subscriptionId: string }>(`
  mutation PresentRetentionOffer($subscriptionId: String!) {
    member { presentRetentionOffer(subscriptionId: $subscriptionId) { ${RESULT} offer { discountPercent regularPriceMinor priceMinor currency } } }
  }
`);

const ACCEPT_OFFER = gql<{ member: { acceptRetentionOffer: OfferPayload } }, { subscriptionId: string }>(`
  mutation AcceptRetentionOffer($subscriptionId: String!) {
    member { acceptRetentionOffer(subscriptionId: $subscriptionId) { ${RESULT} offer { discountPercent regularPriceMinor priceMinor currency } } }
  }
`);

/**
 * The cancellation's first step: the retention offer, or null when the server has none to make (a
 * membership without a price, or an offer already taken). A refusal throws a RefusalError with its slug.
 */
export async function presentRetentionOffer(subscriptionId: string): Promise<RetentionOffer | null> {
  const payload = (await graphqlRequest(PRESENT_OFFER, { subscriptionId })).member.presentRetentionOffer;
  assertSucceeded(payload.responseResult);
  return payload.offer;
}

export async function acceptRetentionOffer(subscriptionId: string): Promise<void> {
  assertSucceeded(
    (await graphqlRequest(ACCEPT_OFFER, { subscriptionId })).member.acceptRetentionOffer.responseResult,
  );
}

export interface CancellationReceipt {
  cancelRefId: string;
  planName: string;
  cancelledAt: string;
  accessUntil: string | null;
}

const CANCEL = gql<
  { member: { cancelSubscription: { responseResult: ResponseResult; receipt: CancellationReceipt | null } } },
  {
    input: {
      subscriptionId: string;
      confirm: boolean;
      option: 'standard' | 'giveaway';
      forfeitMonthlyExclusiveEntries: boolean;
    };
  }
>(`
  mutation CancelSubscription($input: CancelSubscriptionInput!) {
    member { cancelSubscription(input: $input) { ${RESULT} receipt { cancelRefId planName cancelledAt accessUntil } } }
  }
`);

export async function cancelSubscription(input: {
  subscriptionId: string;
  confirm: boolean;
  option: 'standard' | 'giveaway';
  forfeitMonthlyExclusiveEntries: boolean;
}): Promise<CancellationReceipt> {
  const payload = (await graphqlRequest(CANCEL, { input })).member.cancelSubscription;
  assertSucceeded(payload.responseResult);
  if (!payload.receipt) throw new RefusalError('INTERNAL', 'The answer has no receipt');
  return payload.receipt;
}

const RESTART = gql<
  {
    member: {
      restartSubscription: { responseResult: ResponseResult; restarted: boolean; checkoutUrl: string | null };
    };
  },
  { subscriptionId: string }
>(`
  mutation RestartSubscription($subscriptionId: String!) {
    member { restartSubscription(subscriptionId: $subscriptionId) { ${RESULT} restarted checkoutUrl } }
  }
`);

/** Restarts a cancelled membership: done at once, or a hosted checkout to pay first (`checkoutUrl`). */
export async function restartSubscription(
  subscriptionId: string,
): Promise<{ restarted: boolean; checkoutUrl: string | null }> {
  const { responseResult, ...outcome } = (await graphqlRequest(RESTART, { subscriptionId })).member
    .restartSubscription;
  assertSucceeded(responseResult);
  return outcome;
}

const MY_SUBSCRIPTIONS = gql<{
  member: {
    info: {
      subscriptions: {
        refId: string;
        planName: string;
        isActive: boolean;
        cancelRefId: string | null;
        endDate: string | null;
        nextBillingDate: string | null;
        offers: { id: number }[];
      }[];
    };
  };
}>(`
  query MySubscriptions { member { info { subscriptions { refId planName isActive cancelRefId endDate nextBillingDate offers { id } } } } }
`);

export async function getSubscriptions(signal?: AbortSignal) {
  return (await graphqlRequest(MY_SUBSCRIPTIONS, {}, signal ? { signal } : {})).member.info.subscriptions;
}

const JOIN_PLAN = gql<
  {
    member: {
      joinPlan: { responseResult: ResponseResult; checkoutUrl: string | null; subscriptionId: string | null };
    };
  },
  { planId: number }
>(`
  mutation JoinPlan($planId: Int!) {
    member { joinPlan(planId: $planId) { ${RESULT} checkoutUrl subscriptionId } }
  }
`);

/**
 * A signed-in member joins a plan: the hosted payment page for its first amount (the subscription starts
 * once the server verified that payment). A refusal throws a RefusalError with its slug.
 */
export async function joinPlan(planId: number): Promise<{ checkoutUrl: string }> {
  const payload = (await graphqlRequest(JOIN_PLAN, { planId })).member.joinPlan;
  assertSucceeded(payload.responseResult);
  if (!payload.checkoutUrl) throw new RefusalError('INTERNAL', 'The answer has no payment page');
  return { checkoutUrl: payload.checkoutUrl };
}
