import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';
import type { ShippableDetail } from '../api/shop';

const detail = (overrides: Partial<ShippableDetail['product']> = {}): ShippableDetail => ({
  product: {
    id: 7,
    slug: 'enamel-mug',
    name: 'Enamel mug',
    description: 'A mug for long evenings.',
    categorySlug: 'kitchen',
    images: ['data:image/svg+xml;base64,PHN2Zy8+', 'data:image/svg+xml;base64,PHN2ZyAvPg=='],
    currency: 'USD',
    price: 1999,
    memberPrice: 1399,
    isMemberPriceApplied: false,
    stock: 3,
    inStock: true,
    shippable: true,
    rating: 4.5,
    reviewCount: 2,
    ...overrides,
  },
  reviews: [
    { id: 1, rating: 5, text: 'Lovely.', authorName: 'Robin', createdAt: '2026-11-20T10:00:00.000Z' },
    { id: 2, rating: 4, text: 'Good mug.', authorName: '', createdAt: '2026-11-21T10:00:00.000Z' },
  ],
  canReview: true,
  hasReviewed: false,
});

/** The menu, the product, the member's cart holding `held` of it, and the quantities the page sets. */
function mockShop(shown: ShippableDetail, held: number) {
  const sets: { productId: number; quantity: number }[] = [];
  const cart = (quantity: number) => ({
    count: quantity,
    lines: quantity > 0 ? [{ quantity, product: { id: shown.product.id } }] : [],
  });
  mockFetch((url, init) => {
    const body = requestJson(init) as { query?: string; variables?: { productId: number; quantity: number } };
    if (url.endsWith('/graphql') && body.query?.includes('query ShippableProduct(')) {
      return jsonResponse({ data: { ecommerce: { product: shown } } });
    }
    if (url.endsWith('/graphql') && body.query?.includes('query MarketplaceCartCount')) {
      return jsonResponse({ data: { ecommerce: { cart: { count: held } } } });
    }
    if (url.endsWith('/graphql') && body.query?.includes('query ShippableCart')) {
      return jsonResponse({ data: { ecommerce: { cart: cart(held) } } });
    }
    if (url.endsWith('/graphql') && body.query?.includes('mutation ShippableSetCartQuantity')) {
      const variables = body.variables ?? { productId: 0, quantity: 0 };
      sets.push(variables);
      return jsonResponse({
        data: {
          ecommerce: {
            setCartQuantity: {
              responseResult: { succeeded: true, errorCode: null, slug: null, message: null },
              cart: cart(variables.quantity),
            },
          },
        },
      });
    }
    if (url.endsWith('/graphql')) {
      return jsonResponse({
        data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('marketplace')] } },
      });
    }
    return jsonResponse({}, 404);
  });
  return sets;
}

describe('shippable product page', () => {
  it('shows the pictures, prices, stock and reviews, and adds to what the server cart holds', async () => {
    const sets = mockShop(detail(), 1);
    await renderApp('/shippable/id/7', buildBoot({ member: buildMember() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enamel mug' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('img', { name: 'Picture 1 of 2: Enamel mug' })).toBeVisible();
    expect(within(main).getByText('$19.99')).toBeVisible();
    expect(within(main).getByText('Champion price: $13.99')).toBeVisible();
    expect(within(main).getByText('3 in stock')).toBeVisible();
    expect(within(main).getByText('A mug for long evenings.')).toBeVisible();
    const reviews = within(main).getByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('4.5 out of 5 · Reviews: 2')).toBeVisible();
    expect(within(reviews).getByText('Lovely.')).toBeVisible();
    expect(within(reviews).getByText(/^A member, /)).toBeVisible();
    expect(within(reviews).getByRole('link', { name: 'Write a review' })).toHaveAttribute(
      'href',
      '/marketplace/product/enamel-mug/7',
    );

    // The second picture, chosen from its thumbnail.
    const user = userEvent.setup();
    await user.click(within(main).getByRole('button', { name: 'Picture 2 of 2: Enamel mug' }));
    expect(within(main).getByRole('button', { name: 'Picture 2 of 2: Enamel mug' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    expect(await within(main).findByText('In your cart: 1')).toBeVisible();
    await user.selectOptions(within(main).getByLabelText('Quantity'), '2');
    await user.click(within(main).getByRole('button', { name: 'Add to cart' }));
    expect(await within(main).findByText('Added to your cart.')).toBeVisible();
    // The cart held 1: the page asks the server for 1 + 2; the server bounds it by the stock.
    expect(sets).toEqual([{ productId: 7, quantity: 3 }]);
    expect(within(main).getByText('In your cart: 3')).toBeVisible();
    expect(within(main).getByRole('link', { name: 'Go to checkout' })).toHaveAttribute(
      'href',
      '/marketplace/checkout',
    );
  });

  it('says a product that does not ship is not a shippable product, and offers no cart', async () => {
    mockShop(detail({ shippable: false }), 0);
    await renderApp('/shippable/id/7', buildBoot({ member: buildMember() }));
    expect(await screen.findByText('This shippable product does not exist.')).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Product details' })).toBeVisible();
    expect(within(main).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });
});
