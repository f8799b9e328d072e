import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDialogStandIn } from '../../../test/dialog-stand-in';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';

/*
 * Giveaway payments with a saved card (docs/decisions/035): the buy-entries modal and the offer modals
 * offer the member's saved cards beside "Use a new card"; a saved card pays the checkout the purchase
 * opened, and the member goes to the same return page as after the hosted page, where the receipt is
 * the server's.
 */

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const SLOW = { timeout: 10_000 };
const OK = { succeeded: true, errorCode: null, slug: null, message: null };
const CHECKOUT = 'cs_test_checkout_1';
const UPSELL_CHECKOUT = 'cs_test_checkout_2';
const returnUrl = (checkoutId: string, slug: string) =>
  `/giveaways/id/1?state=${encodeURIComponent(
    JSON.stringify({ is_success: true, slug, subscription_provider: 'sandbox', checkout_id: checkoutId }),
  )}`;

const TV = {
  id: 1,
  name: 'Win a 4K TV',
  product_name: '4K TV',
  description: 'A TV.',
  image: '',
  start_date: iso(-3),
  end_date: iso(20),
  ref_number: 'REF-1',
  entries: 100_000,
  total_entries_sold: 10,
  monthly_exclusive: false,
  draw_period: '2026-11',
  winner_id: null,
  claim_deadline: null,
  state: 'active',
  tabs: ['all', 'active'],
  member_entries: 0,
  on_sale: true,
  free_entry_available: false,
  seed_commitment: 'c0ffee',
  prices: [
    { id: 5, currency: 'USD', symbol: '$', entries: 10, amount: 5, multiplierFactor: 1, totalEntries: 10 },
  ],
  audit: null,
};

const CARD = {
  paymentMethodId: 'pm_visa',
  ccLast: '4242',
  ccType: 'visa',
  isDefault: true,
  expMonth: 12,
  expYear: 2030,
};

const triple = {
  offer: 'triple',
  kind: null,
  currency: 'USD',
  symbol: '$',
  amount: 9.99,
  regularAmount: null,
  entries: 20,
  accessDays: null,
  planName: null,
  sweepId: 1,
};

const receipt = {
  checkoutId: CHECKOUT,
  purpose: 'entries',
  outcome: 'paid',
  amount: 5,
  currency: 'USD',
  description: '10 entries: Win a 4K TV',
  offer: null,
  sweepId: 1,
  entries: 10,
  transactionId: 'pay_saved_1',
  planName: null,
  nextBillingDate: null,
};

type Pay = (variables: Record<string, unknown>) => unknown;

const paid: Pay = (variables) => ({
  responseResult: OK,
  outcome: 'succeeded',
  failureCode: null,
  returnUrl: returnUrl(
    String(variables.checkoutId),
    variables.checkoutId === CHECKOUT ? 'entries' : 'upsell',
  ),
});

function mockApi(pay: Pay = paid) {
  const ops: { name: string; variables: Record<string, unknown> }[] = [];
  mockFetch((url, init) => {
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    const body = requestJson(init) as { query?: string; variables?: Record<string, unknown> } | null;
    const name = /(?:query|mutation) (\w+)/.exec(body?.query ?? '')?.[1] ?? '';
    const variables = body?.variables ?? {};
    ops.push({ name, variables });
    switch (name) {
      case 'MenuItems':
        return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
      case 'Giveaways':
        return jsonResponse({ data: { sweep: { listByBrand: [TV] } } });
      case 'WinnerQueue':
        return jsonResponse({ data: { sweep: { winnerQueue: [] } } });
      case 'SavedCards':
        return jsonResponse({ data: { member: { paymentMethods: [CARD] } } });
      case 'BuyEntries':
        return jsonResponse({
          data: { sweep: { buyEntries: { responseResult: OK, url: `/paymentflow/checkout/${CHECKOUT}` } } },
        });
      case 'TakeUpsell':
        return jsonResponse({
          data: {
            sweep: { takeUpsell: { responseResult: OK, url: `/paymentflow/checkout/${UPSELL_CHECKOUT}` } },
          },
        });
      case 'PayWithSavedCard':
        return jsonResponse({ data: { member: { payWithSavedCard: pay(variables) } } });
      case 'GiveawayReceipt':
        return jsonResponse({ data: { sweep: { receipt } } });
      case 'ShowUpsell':
        return jsonResponse({
          data: { sweep: { showUpsell: { responseResult: OK, offers: [triple] } } },
        });
      default:
        return jsonResponse({ errors: [{ message: 'unexpected', extensions: { code: 'INTERNAL' } }] });
    }
  });
  return ops;
}

const boot = () => buildBoot({ member: buildMember() });
let removeDialogStandIn: () => void = () => undefined;
let assign: ReturnType<typeof vi.fn>;

beforeAll(() => {
  removeDialogStandIn = installDialogStandIn();
});
afterAll(() => {
  removeDialogStandIn();
});
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { href: window.location.href, origin: window.location.origin, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openBuyDialog() {
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'Win a 4K TV' }, SLOW);
  await user.click(within(card).getByRole('button', { name: 'Buy entries' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy entries: Win a 4K TV' });
  return { user, dialog };
}

describe('giveaway payments with a saved card', { timeout: 30_000 }, () => {
  it('buys entries with the default saved card, then shows the server’s receipt on the return', async () => {
    const ops = mockApi();
    await renderApp('/giveaways/id/1', boot());
    const { user, dialog } = await openBuyDialog();
    expect(await within(dialog).findByRole('radio', { name: /VISA ending in 4242/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Use a new card/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm I am over 18/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(returnUrl(CHECKOUT, 'entries'));
    });
    expect(ops.find((op) => op.name === 'BuyEntries')?.variables).toEqual({
      sweepId: 1,
      priceId: 5,
      over18: true,
    });
    expect(ops.filter((op) => op.name === 'PayWithSavedCard').map((op) => op.variables)).toEqual([
      { checkoutId: CHECKOUT, paymentMethodId: 'pm_visa', requestKey: expect.stringMatching(/^sc-/) },
    ]);

    // The page the member lands on is the hosted page's own return: the receipt is the server's.
    cleanup();
    await renderApp(returnUrl(CHECKOUT, 'entries'), boot());
    const shown = await screen.findByRole('alertdialog', { name: 'Payment received' }, SLOW);
    expect(shown).toHaveTextContent('Entries granted10');
    expect(shown).toHaveTextContent('Amount$5.00');
    expect(shown).toHaveTextContent('Transaction IDpay_saved_1');
    expect(ops.filter((op) => op.name === 'GiveawayReceipt').map((op) => op.variables)).toEqual([
      { checkoutId: CHECKOUT },
    ]);
  });

  it('says why a saved card was refused and stays, ready to pay with a new card on the payment page', async () => {
    const ops = mockApi(() => ({
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
    await renderApp('/giveaways/id/1', boot());
    const { user, dialog } = await openBuyDialog();
    await within(dialog).findByRole('radio', { name: /VISA ending in 4242/ });
    await user.click(within(dialog).getByRole('checkbox', { name: /I confirm I am over 18/ }));
    const pay = within(dialog).getByRole('button', { name: 'Pay $5.00' });
    await user.click(pay);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Payment failed\./);
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(pay).toBeEnabled();
    });

    await user.click(within(dialog).getByRole('radio', { name: /Use a new card/ }));
    await user.click(pay);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(`/paymentflow/checkout/${CHECKOUT}`);
    });
    expect(ops.filter((op) => op.name === 'BuyEntries')).toHaveLength(2);
    expect(ops.filter((op) => op.name === 'PayWithSavedCard')).toHaveLength(1);
  });

  it('takes an upsell offer with the saved card', async () => {
    const ops = mockApi();
    await renderApp(returnUrl(CHECKOUT, 'entries'), boot());
    const user = userEvent.setup();
    const shown = await screen.findByRole('alertdialog', { name: 'Payment received' }, SLOW);
    // jsdom does not close a dialog on its `method="dialog"` form: Escape closes it the same way.
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    const upsell = await screen.findByRole('dialog', { name: 'Offers for you' });
    expect(await within(upsell).findByRole('radio', { name: /VISA ending in 4242/ })).toBeChecked();
    await user.click(within(upsell).getByRole('checkbox', { name: /I confirm I am over 18/ }));
    await user.click(within(upsell).getByRole('button', { name: 'Triple my entries for $9.99' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(returnUrl(UPSELL_CHECKOUT, 'upsell'));
    });
    expect(ops.find((op) => op.name === 'TakeUpsell')?.variables).toEqual({
      sweepId: 1,
      offer: 'triple',
      source: 'upsell',
      over18: true,
    });
    expect(ops.find((op) => op.name === 'PayWithSavedCard')?.variables).toMatchObject({
      checkoutId: UPSELL_CHECKOUT,
      paymentMethodId: 'pm_visa',
    });
  });
});
