import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '../../../lib/route-errors';

/** Checkout steps in order (spec section 4): information, shipping, payment, then confirmation. */
export const CHECKOUT_STEPS = ['information', 'shipping', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

function isCheckoutStep(value: string): value is CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value);
}

/** The step the address asks for; none (`/marketplace/checkout`) resumes where the server's checkout is. */
export function checkoutLoader({ params }: LoaderFunctionArgs): { step: CheckoutStep | null } {
  const step = params.step ?? null;
  if (step !== null && !isCheckoutStep(step)) notFound();
  return { step };
}
