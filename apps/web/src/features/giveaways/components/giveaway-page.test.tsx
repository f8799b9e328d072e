import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDialogStandIn } from '../../../test/dialog-stand-in';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';

/*
 * The payment return on a giveaway: the receipt is the server's (never the return's `state`), a paid
 * pack leads to the upsell, "no thanks" to the bonus offer, and a failed upsell to the funnel's
 * next-best offer.
 */

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const SLOW = { timeout: 10_000 };

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
  state: 'entered',
  tabs: ['all', 'entered', 'active'],
  member_entries: 10,
  on_sale: true,
  free_entry_available: false,
  seed_commitment: 'c0ffee',
  prices: [
    { id: 5, currency: 'USD', symbol: '$', entries: 10, amount: 5, multiplierFactor: 1, totalEntries: 10 },
  ],
  audit: null,
};

const offer = (kind: 'access' | 'triple' | 'bonus') => ({
  offer: kind,
  kind: kind === 'access' ? 'vpn' : null,
  currency: 'USD',
  symbol: '$',
  amount: kind === 'bonus' ? 5 : 9.99,
  regularAmount: kind === 'bonus' ? 25 : null,
  entries: kind === 'access' ? null : kind === 'bonus' ? 100 : 20,
  accessDays: kind === 'access' ? 20 : null,
  planName: kind === 'access' ? 'VPN Platinum' : null,
  sweepId: 1,
});

function receipt(overrides: Record<string, unknown>) {
  return {
    checkoutId: 'cs_test_checkout_1',
    purpose: 'entries',
    outcome: 'paid',
    amount: 5,
    currency: 'USD',
    description: '10 entries: Win a 4K TV',
    offer: null,
    sweepId: 1,
    entries: 10,
    transactionId: 'pay_test_1',
    planName: null,
    nextBillingDate: null,
    ...overrides,
  };
}

function mockApi(receipts: Record<string, unknown>[]) {
  const ops: { name: string; variables: Record<string, unknown> }[] = [];
  const ok = { succeeded: true, errorCode: null, slug: null, message: null };
  mockFetch((url, init) => {
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    const body = requestJson(init) as { query?: string; variables?: Record<string, unknown> } | null;
    const name = /(?:query|mutation) (\w+)/.exec(body?.query ?? '')?.[1] ?? '';
    ops.push({ name, variables: body?.variables ?? {} });
    switch (name) {
      case 'MenuItems':
        return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
      case 'Giveaways':
        return jsonResponse({ data: { sweep: { listByBrand: [TV] } } });
      case 'GiveawayReceipt':
        return jsonResponse({
          data: { sweep: { receipt: receipts.shift() ?? receipt({ outcome: 'pending' }) } },
        });
      case 'ShowUpsell':
        return jsonResponse({
          data: { sweep: { showUpsell: { responseResult: ok, offers: [offer('access'), offer('triple')] } } },
        });
      case 'SavedCards':
        return jsonResponse({ data: { member: { paymentMethods: [] } } });
      case 'UpsellOffers':
        return jsonResponse({
          data: { sweep: { upsellOffers: [offer('access'), offer('triple'), offer('bonus')] } },
        });
      default:
        return jsonResponse({ errors: [{ message: 'unexpected', extensions: { code: 'INTERNAL' } }] });
    }
  });
  return ops;
}

const returnPath = (state: Record<string, unknown>) =>
  `/giveaways/id/1?state=${encodeURIComponent(
    JSON.stringify({ subscription_provider: 'sandbox', checkout_id: 'cs_test_checkout_1', ...state }),
  )}`;

const boot = () => buildBoot({ member: buildMember() });
let removeDialogStandIn: () => void = () => undefined;
beforeAll(() => {
  removeDialogStandIn = installDialogStandIn();
});
afterAll(() => {
  removeDialogStandIn();
});

describe('giveaway payment return', { timeout: 30_000 }, () => {
  it('shows what the server granted, asks again while pending, then the upsell and the bonus offer', async () => {
    const ops = mockApi([receipt({ outcome: 'pending', entries: null, transactionId: null }), receipt({})]);
    const user = userEvent.setup();
    await renderApp(returnPath({ is_success: true, slug: 'entries' }), boot());

    const paid = await screen.findByRole('alertdialog', { name: 'Payment received' }, SLOW);
    expect(paid).toHaveTextContent('Entries granted10');
    expect(paid).toHaveTextContent('Amount$5.00');
    expect(paid).toHaveTextContent('Transaction IDpay_test_1');
    expect(ops.filter((op) => op.name === 'GiveawayReceipt')).toHaveLength(2);
    // The giveaway is read again once the payment is confirmed.
    expect(ops.filter((op) => op.name === 'Giveaways').length).toBeGreaterThanOrEqual(2);

    // jsdom does not close a dialog on its `method="dialog"` form (the browser does, as the e2e test
    // shows): the click focuses the button, then Escape closes the dialog the same way.
    await user.click(within(paid).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    const upsell = await screen.findByRole('dialog', { name: 'Offers for you' });
    expect(ops.filter((op) => op.name === 'ShowUpsell')).toHaveLength(1);
    const triple = within(upsell).getByRole('button', { name: 'Triple my entries for $9.99' });
    expect(triple).toBeDisabled();
    expect(within(upsell).getByRole('button', { name: 'Start 20 days for $9.99' })).toBeDisabled();

    await user.click(within(upsell).getByRole('button', { name: 'No thanks' }));
    await user.keyboard('{Escape}');
    const bonus = await screen.findByRole('dialog', { name: 'One-time bonus offer' });
    expect(bonus).toHaveTextContent('100 entries for $5.00 instead of $25.00: 80% off.');
    expect(within(bonus).queryByRole('button', { name: /Triple/ })).not.toBeInTheDocument();
    expect(ops.find((op) => op.name === 'UpsellOffers')?.variables).toEqual({ sweepId: 1, source: 'bonus' });
  });

  it('never says "received" on the return’s word: a return that says paid but a server that says failed', async () => {
    const ops = mockApi([receipt({ outcome: 'failed', entries: null, transactionId: null })]);
    const user = userEvent.setup();
    await renderApp(returnPath({ is_success: true, slug: 'entries' }), boot());
    const failed = await screen.findByRole('alertdialog', { name: 'Payment not completed' }, SLOW);
    expect(failed).not.toHaveTextContent('Entries granted');
    await user.click(within(failed).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(ops.filter((op) => op.name === 'ShowUpsell')).toHaveLength(0);
  });

  it('opens the failed-upsell funnel with the next-best offer after a declined upsell', async () => {
    mockApi([
      receipt({ purpose: 'upsell', outcome: 'pending', offer: 'access', entries: null, transactionId: null }),
    ]);
    await renderApp(returnPath({ is_success: false, slug: 'upsell' }), boot());
    const funnel = await screen.findByRole('dialog', { name: 'Your payment did not go through' }, SLOW);
    expect(within(funnel).getByRole('button', { name: 'Triple my entries for $9.99' })).toBeInTheDocument();
    expect(within(funnel).queryByRole('button', { name: /Start 20 days/ })).not.toBeInTheDocument();
    expect(within(funnel).queryByRole('button', { name: /Get 100 entries/ })).not.toBeInTheDocument();
  });
});
