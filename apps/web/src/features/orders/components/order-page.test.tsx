import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDialogStandIn } from '../../../test/dialog-stand-in';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';
import type { MemberOrder } from '../api/orders';

const order = (overrides: Partial<MemberOrder> = {}): MemberOrder => ({
  id: 7,
  reference: 'MK-ABCDEF12-3456',
  status: 'placed',
  createdAt: '2026-11-20T10:00:00.000Z',
  currency: 'USD',
  products: [{ productId: '3', name: 'Headphones', quantity: 1, unitPrice: 7999, image: null }],
  shippingInfo: {
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: '1 Analytical Way',
    apartment: null,
    city: 'Boston',
    region: 'MA',
    postcode: '02110',
    country: 'US',
    phone: '+1 617 555 0100',
    method: 'standard',
  },
  subtotal: 7999,
  deliveryFee: 499,
  orderTotal: 8498,
  freeGift: null,
  tracking: null,
  refundedMinor: 0,
  refundStatus: null,
  coinsApplied: 0,
  coinsValueMinor: 0,
  ...overrides,
});

const refused = (slug: string) => ({ succeeded: false, errorCode: 'BAD_USER_INPUT', slug, message: slug });

function mockApi(shown: MemberOrder, cancel: unknown) {
  return mockFetch((url, init) => {
    const body = requestJson(init) as { query?: string };
    if (url.endsWith('/graphql') && body.query?.includes('query MemberOrder(')) {
      return jsonResponse({ data: { ecommerce: { order: shown } } });
    }
    if (url.endsWith('/graphql') && body.query?.includes('mutation CancelOrder')) {
      return jsonResponse({ data: { ecommerce: { cancelOrder: cancel } } });
    }
    if (url.endsWith('/graphql')) {
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    }
    return jsonResponse({}, 404);
  });
}

let removeDialogStandIn: () => void;

beforeAll(() => {
  removeDialogStandIn = installDialogStandIn();
});

afterAll(() => {
  removeDialogStandIn();
});

describe('order detail', () => {
  it('asks before cancelling, and shows the server’s refusal as it is', async () => {
    const fetchMock = mockApi(order(), {
      responseResult: refused('order_not_cancellable'),
      refundedMinor: null,
      refundedCoins: null,
    });
    await renderApp('/account/orders/7', buildBoot({ member: buildMember() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order MK-ABCDEF12-3456' })).toBeVisible();
    expect(screen.getByText('Headphones')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change address' })).toHaveAttribute(
      'href',
      '/account/change-address/7/order',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order MK-ABCDEF12-3456?' });
    expect(dialog).toHaveTextContent('$84.98 will be refunded');
    // Nothing is sent before the member confirms.
    expect(
      requestsTo(fetchMock, '/graphql').some((init) =>
        (requestJson(init) as { query: string }).query.includes('CancelOrder'),
      ),
    ).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText('This order has shipped already and can no longer be cancelled.'),
    ).toBeVisible();
    const sent = requestsTo(fetchMock, '/graphql')
      .map((init) => requestJson(init) as { query: string; variables?: unknown })
      .find((body) => body.query.includes('mutation CancelOrder'));
    expect(sent?.variables).toEqual({ id: 7 });
  });

  it('offers no cancel or change of address once shipped, and shows the tracking number', async () => {
    mockApi(order({ status: 'shipped', tracking: 'TRK-42' }), null);
    await renderApp('/account/orders/7', buildBoot({ member: buildMember() }));
    expect(await screen.findByText('Tracking number: TRK-42')).toBeVisible();
    expect(screen.getByText('Shipped')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change address' })).toBeNull();
    expect(
      screen.getByText('This order has shipped: it can no longer be cancelled or sent elsewhere.'),
    ).toBeVisible();
  });

  it.each([
    ['pending', 'Refund on its way'],
    ['succeeded', 'Refunded'],
    ['failed', 'Refund failed'],
  ] as const)('shows a cancelled order’s refund as the provider has it: %s', async (refundStatus, label) => {
    mockApi(order({ status: 'cancelled', refundedMinor: 8498, refundStatus }), null);
    await renderApp('/account/orders/7', buildBoot({ member: buildMember() }));
    const term = await screen.findByText(label, { exact: true });
    expect(term).toBeVisible();
    // The amount beside it, in the totals' list.
    expect(term.nextElementSibling).toHaveTextContent('$84.98');
    const others = ['Refund on its way', 'Refunded', 'Refund failed'].filter((text) => text !== label);
    for (const text of others) expect(screen.queryByText(text, { exact: true })).toBeNull();
    const failedNote = /Our support team will contact you/;
    if (refundStatus === 'failed') expect(screen.getByText(failedNote)).toBeVisible();
    else expect(screen.queryByText(failedNote)).toBeNull();
  });

  it('shows coins given back alone as refunded, in coins', async () => {
    mockApi(
      order({
        status: 'cancelled',
        refundedMinor: 0,
        refundStatus: 'succeeded',
        coinsApplied: 8498,
        coinsValueMinor: 8498,
      }),
      null,
    );
    await renderApp('/account/orders/7', buildBoot({ member: buildMember() }));
    const term = await screen.findByText('Refunded', { exact: true });
    expect(term.nextElementSibling).toHaveTextContent('8,498 coins');
  });
});
