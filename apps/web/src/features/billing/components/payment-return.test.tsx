import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  installBillingTestHooks,
  mockBillingApi,
  ok,
  refused,
  renderBilling,
} from '../test/billing-test-kit';
import { jsonResponse } from '../../../test/render-app';
import { PaymentReturn, RELOAD_AGAIN_MS } from './payment-return';

const state = (value: Record<string, unknown>) => `?state=${encodeURIComponent(JSON.stringify(value))}`;
const CHECKOUT = 'cs_0123456789abcdef';
const coins = { is_success: true, slug: 'coins', subscription_provider: 'sandbox', checkout_id: CHECKOUT };
const RECEIPT_PATH = `/paymentflow/checkout/${CHECKOUT}/receipt`;
const receiptOf = (outcome: string) => () =>
  jsonResponse({
    checkoutId: CHECKOUT,
    purpose: 'coins',
    outcome,
    amountMinor: 1200,
    currency: 'JPY',
    description: '1,200 coins',
  });
const restart = {
  is_success: true,
  slug: 'restart',
  subscription_provider: 'sandbox',
  price: '19.99',
  subscription_id: 'sub-42',
};

installBillingTestHooks();

// Each flow clicks through several screens; a loaded machine needs more than the default 5 s.
describe('payment return', { timeout: 30_000 }, () => {
  it('reads the state once, clears the query and shows the receipt the server verified', async () => {
    const { calls, restCalls } = mockBillingApi({}, { [RECEIPT_PATH]: receiptOf('paid') });
    const { router } = await renderBilling(<PaymentReturn />, `/account/wallet${state(coins)}`);
    const receipt = await screen.findByRole('alertdialog', { name: 'Payment received' });
    expect(within(receipt).getByText('Thank you! Your payment was verified.')).toBeInTheDocument();
    expect(restCalls.map((call) => call.path)).toEqual([RECEIPT_PATH]);
    // The amount is in the currency's minor units: the yen has none.
    expect(within(receipt).getByText('1,200 coins')).toBeInTheDocument();
    expect(within(receipt).getByText('¥1,200')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/wallet');
    expect(router.state.location.search).toBe('');
    // A purchase without a subscription activates nothing.
    expect(calls.filter((call) => call.operation === 'ActivateSubscription')).toEqual([]);

    await userEvent.setup().click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('activates the subscription by its refId and shows the plan and amount the server verified', async () => {
    const { calls } = mockBillingApi({
      ActivateSubscription: () => ({
        member: {
          activateSubscription: {
            responseResult: ok,
            extra: JSON.stringify({ amount: 1999, currency: 'USD', planName: 'Premium' }),
          },
        },
      }),
    });
    await renderBilling(<PaymentReturn />, `/account/membership${state(restart)}`);
    const receipt = await screen.findByRole('alertdialog', { name: 'Payment received' });
    expect(calls).toEqual([{ operation: 'ActivateSubscription', variables: { subscriptionId: 'sub-42' } }]);
    const terms = within(receipt)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(receipt)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Plan: 'Premium',
      Amount: '$19.99',
    });
  });

  it('shows the failure receipt when the server finds no verified payment, whatever the state says', async () => {
    mockBillingApi({
      ActivateSubscription: () => ({
        member: { activateSubscription: { responseResult: refused('payment_not_verified'), extra: null } },
      }),
    });
    await renderBilling(<PaymentReturn />, `/account/membership${state(restart)}`);
    const receipt = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(within(receipt).queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows the failure receipt when activation cannot be reached, and logs a warning only', async () => {
    mockFetchFailure();
    await renderBilling(<PaymentReturn />, `/account/membership${state(restart)}`);
    expect(await screen.findByRole('alertdialog', { name: 'Payment failed' })).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });

  it('shows the failure receipt for a failed payment without asking the server', async () => {
    const { calls } = mockBillingApi({});
    await renderBilling(
      <PaymentReturn />,
      `/signup${state({ ...restart, is_success: false })}`.replace('/signup', '/account/membership'),
    );
    const receipt = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(
      within(receipt).getByText(/The payment did not go through\. No subscription was activated\./),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says a cancelled coin purchase charged nothing, with what it was for and its amount (issue 14 item 9)', async () => {
    mockBillingApi({}, { [RECEIPT_PATH]: receiptOf('pending') });
    await renderBilling(<PaymentReturn />, `/account/wallet${state({ ...coins, is_success: false })}`);
    const receipt = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    expect(within(receipt).getByText(/nothing was charged for this purchase/)).toBeInTheDocument();
    expect(within(receipt).queryByText(/subscription/i)).not.toBeInTheDocument();
    expect(within(receipt).getByText('1,200 coins')).toBeInTheDocument();
    expect(within(receipt).getByText('¥1,200')).toBeInTheDocument();
  });

  it('clears a malformed state without a receipt', async () => {
    const { calls } = mockBillingApi({});
    const { router } = await renderBilling(
      <PaymentReturn />,
      `/account/membership${state({ is_success: 'yes', slug: 'coins' })}`,
    );
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('never says received on the return alone: a purchase being verified, or without its checkout, is pending', async () => {
    mockBillingApi({}, { [RECEIPT_PATH]: receiptOf('pending') });
    const first = await renderBilling(<PaymentReturn />, `/account/wallet${state(coins)}`);
    expect(await screen.findByRole('alertdialog', { name: 'Payment being confirmed' })).toBeInTheDocument();
    first.unmount();

    const { restCalls } = mockBillingApi({});
    const { checkout_id: _unknown, ...withoutCheckout } = coins;
    await renderBilling(<PaymentReturn />, `/account/wallet${state(withoutCheckout)}`);
    expect(await screen.findByRole('alertdialog', { name: 'Payment being confirmed' })).toBeInTheDocument();
    expect(restCalls).toEqual([]);
  });

  it('shows the failure receipt when the server says the checkout expired unpaid', async () => {
    mockBillingApi({}, { [RECEIPT_PATH]: receiptOf('failed') });
    await renderBilling(<PaymentReturn />, `/account/wallet${state(coins)}`);
    const receipt = await screen.findByRole('alertdialog', { name: 'Payment failed' });
    // What the purchase was and its amount, but no word of a subscription (issue 14 item 9).
    expect(within(receipt).getByText('¥1,200')).toBeInTheDocument();
    expect(within(receipt).queryByText(/subscription/i)).not.toBeInTheDocument();
  });

  it('reloads the account state after the receipt and once more 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockBillingApi({}, { [RECEIPT_PATH]: receiptOf('paid') });
    const { loader } = await renderBilling(<PaymentReturn />, `/account/wallet${state(coins)}`);
    await screen.findByRole('alertdialog', { name: 'Payment received' });
    await waitFor(() => {
      // The first load, the load after the query was cleared, and the reload after the receipt.
      expect(loader.mock.calls.length).toBeGreaterThanOrEqual(2);
    });
    const before = loader.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RELOAD_AGAIN_MS);
    });
    await waitFor(() => {
      expect(loader).toHaveBeenCalledTimes(before + 1);
    });
  });
});

function mockFetchFailure() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}
