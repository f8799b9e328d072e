import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { createTranslator, flattenMessages } from '../../../lib/i18n';
import marketplaceEn from '../../../locales/marketplace/en-us.json';
import marketplaceFr from '../../../locales/marketplace/fr-ca.json';
import type { ShopCheckout } from '../api/marketplace';
import { CHECKOUT_STEPS, type CheckoutStep } from '../api/checkout-loader';
import { quantityChoices } from './cart-panel';
import { checkoutErrorText } from './checkout-errors';
import { shownStep } from './checkout-page';

const checkout = (step: CheckoutStep, status = 'open'): ShopCheckout => ({
  id: 'mk_1',
  status,
  step,
  information: null,
  shippingMethod: null,
  shippingOptions: [],
  cart: {
    lines: [],
    count: 0,
    currency: 'CAD',
    subtotal: 0,
    listSubtotal: 0,
    memberSavings: 0,
    isEmpty: true,
  },
  deliveryFee: 0,
  total: 0,
  currency: 'CAD',
  orderId: null,
  failureCode: null,
  coinBalance: 0,
  coinOffer: { coins: 0, valueMinor: 0, cardMinor: 0 },
  coinsApplied: 0,
  coinsValueMinor: 0,
});

const stepArb = fc.constantFrom(...CHECKOUT_STEPS);

describe('shownStep', () => {
  it('resumes where the server checkout is when no step is asked for', () => {
    expect(shownStep(null, checkout('shipping'), false)).toBe('shipping');
    expect(shownStep(null, checkout('payment'), false)).toBe('payment');
  });

  it('never shows a step beyond the one the server reached, nor the confirmation before the order', () => {
    fc.assert(
      fc.property(
        stepArb,
        fc.constantFrom<CheckoutStep>('information', 'shipping', 'payment'),
        (wanted, reached) => {
          const shown = shownStep(wanted, checkout(reached), false);
          expect(shown).not.toBe('confirmation');
          expect(CHECKOUT_STEPS.indexOf(shown as CheckoutStep)).toBeLessThanOrEqual(
            CHECKOUT_STEPS.indexOf(reached),
          );
        },
      ),
    );
  });

  it('shows the confirmation whatever is asked once the order is placed', () => {
    fc.assert(
      fc.property(fc.option(stepArb, { nil: null }), fc.boolean(), (wanted, returned) => {
        expect(shownStep(wanted, checkout('confirmation', 'placed'), returned)).toBe('confirmation');
      }),
    );
  });

  it('waits for the verification only when back from a payment that says it succeeded', () => {
    expect(shownStep('confirmation', checkout('payment', 'paying'), true)).toBe('confirming');
    // A declined or forged-looking return, or a plain visit, never claims an order.
    expect(shownStep('confirmation', checkout('payment', 'paying'), false)).toBe('payment');
    expect(shownStep('confirmation', checkout('payment', 'open'), true)).toBe('payment');
  });
});

describe('quantityChoices', () => {
  it('offers 1 to the stock, never more than the cart bound of 20 and nothing for bad stock', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 500 }), (stock) => {
        const choices = quantityChoices(stock);
        expect(choices.length).toBe(Math.max(0, Math.min(stock, 20)));
        if (choices.length > 0) expect(choices[0]).toBe(1);
      }),
    );
  });
});

describe('checkoutErrorText', () => {
  const french = createTranslator({
    locale: 'fr-ca',
    messages: flattenMessages({ marketplace: marketplaceFr }),
    fallback: flattenMessages({ marketplace: marketplaceEn }),
  });

  it('words known refusals and falls back to the generic error for anything else', () => {
    expect(checkoutErrorText('out_of_stock', french.t)).toBe(marketplaceFr.errors.out_of_stock);
    expect(checkoutErrorText('toString', french.t)).toBe(marketplaceFr.errors.generic);
    expect(checkoutErrorText(null, french.t)).toBe(marketplaceFr.errors.generic);
  });
});
