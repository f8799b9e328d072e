import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, createI18n } from '../../lib/i18n';
import { jsonResponse, mockFetch, requestJson } from '../../test/render-app';
import { SavedCardChoice } from './saved-card-choice';
import { useSavedCardPayment } from './use-saved-card-payment';

const CARDS = [
  {
    paymentMethodId: 'pm_visa',
    ccLast: '4242',
    ccType: 'visa',
    isDefault: true,
    expMonth: 12,
    expYear: 2030,
  },
  {
    paymentMethodId: 'pm_mc',
    ccLast: '4444',
    ccType: 'mastercard',
    isDefault: false,
    expMonth: 4,
    expYear: 2031,
  },
];
const CHECKOUT_URL = '/paymentflow/checkout/cs_abcdefghijklmnop';
const OK = { succeeded: true, errorCode: null, slug: null, message: null };

/** A purchase screen as the wallet or the marketplace builds it: the choice and its own pay button. */
function Purchase({ start }: { start: () => Promise<string> }) {
  const payment = useSavedCardPayment();
  const [left, setLeft] = useState<boolean | null>(null);
  return (
    <>
      <SavedCardChoice payment={payment} />
      <button type="button" onClick={() => void payment.pay(start).then(setLeft)}>
        Buy
      </button>
      <p>{left === null ? '' : left ? 'left' : 'stayed'}</p>
    </>
  );
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { href: window.location.href, origin: window.location.origin, assign });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function mockApi(pay: (variables: Record<string, unknown>) => unknown, cards = CARDS) {
  const pays: Record<string, unknown>[] = [];
  mockFetch((_url, init) => {
    const body = requestJson(init) as { query: string; variables: Record<string, unknown> };
    if (body.query.includes('SavedCards'))
      return jsonResponse({ data: { member: { paymentMethods: cards } } });
    pays.push(body.variables);
    return jsonResponse({ data: { member: { payWithSavedCard: pay(body.variables) } } });
  });
  return pays;
}

async function renderPurchase(start = () => Promise.resolve(CHECKOUT_URL)) {
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  render(
    <I18nProvider store={i18n}>
      <Purchase start={start} />
    </I18nProvider>,
  );
}

describe('paying a purchase with a saved card', { timeout: 30_000 }, () => {
  it('offers the saved cards, the default chosen, beside "use a new card", and pays with the card', async () => {
    const pays = mockApi(() => ({
      responseResult: OK,
      outcome: 'succeeded',
      failureCode: null,
      returnUrl: '/account/wallet?state=x',
    }));
    await renderPurchase();
    expect(await screen.findByRole('radio', { name: /VISA ending in 4242/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /MASTERCARD ending in 4444/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Use a new card/ })).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/account/wallet?state=x');
    });
    expect(pays).toEqual([
      {
        checkoutId: 'cs_abcdefghijklmnop',
        paymentMethodId: 'pm_visa',
        requestKey: expect.stringMatching(/^sc-[0-9a-f]{36}$/),
      },
    ]);
  });

  it('goes to the payment page with a new card', async () => {
    const pays = mockApi(() => ({}));
    await renderPurchase();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Use a new card/ }));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    });
    expect(pays).toEqual([]);
  });

  it('says payment failed and stays, then sends a new key for the next attempt', async () => {
    const pays = mockApi(() => ({
      responseResult: {
        succeeded: false,
        errorCode: 'BAD_USER_INPUT',
        slug: 'payment_failed',
        message: 'Payment failed.',
      },
      outcome: 'failed',
      failureCode: 'card_declined',
      returnUrl: null,
    }));
    await renderPurchase();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payment failed\./);
    expect(screen.getByText('stayed')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => {
      expect(pays).toHaveLength(2);
    });
    expect(pays[1]?.requestKey).not.toBe(pays[0]?.requestKey);
  });

  it('without saved cards says how to save one and pays on the payment page', async () => {
    mockApi(() => ({}), []);
    await renderPurchase();
    expect(await screen.findByText(/Save a card under Account/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    });
  });
});
