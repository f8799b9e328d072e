import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '../../../lib/route-errors';

/** Checkout steps in order (spec section 4): information, shipping, payment, then confirmation. */
export const CHECKOUT_STEPS = ['information', 'shipping', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

function isCheckoutStep(value: string): value is CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value);
}

export function checkoutLoader({ params }: LoaderFunctionArgs): { step: CheckoutStep } {
  const step = params.step ?? 'information';
  if (!isCheckoutStep(step)) notFound();
  return { step };
}
