import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/shop/en-us.json' with { type: 'json' };
import type { Locator, Page } from '@playwright/test';
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember } from './members';

/*
 * The shippable products screens (spec section 2: `shippable`, `shippable/id/{id}`): reached from the
 * menu where the marketplace is, a page of products at a time grouped by category with prices and
 * reviews, and a product's pictures, prices, stock, reviews and the server's cart. ClickCoins offers the
 * marketplace; each test makes its own member there.
 */

const BRAND = 'clickcoins';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function checkBothWidths(page: Page, region: Locator): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page, region);
  await page.setViewportSize(PHONE);
  await expectFitsWidth(page);
  await expectNoSeriousA11yViolations(page, region);
  await page.setViewportSize(DESKTOP);
}

async function productIdOf(member: Member, name: string): Promise<number> {
  const data = await member.graphql<{ ecommerce: { products: { id: number; name: string }[] } }>(
    '{ ecommerce { products(limit: 60) { id name } } }',
  );
  const found = data.ecommerce.products.find((product) => product.name === name);
  if (!found) throw new Error(`No ${name} in the demo marketplace`);
  return found.id;
}

test.describe('shippable products', () => {
  test('a member finds them in the menu, pages through them and adds one to the server cart', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await createMember(page, { slug: BRAND });
    const main = screenOf(page);

    await page.goto(brandUrl(BRAND, '/'));
    await page
      .getByRole('navigation', { name: enShell.nav.mainLabel })
      .getByRole('link', { name: enShell.shop.shippableTitle })
      .click();
    await expect(page).toHaveURL(/\/shippable$/);
    await expect(main.getByRole('heading', { level: 1, name: enShell.shop.shippableTitle })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Audio' })).toBeVisible();
    // Headphone stand: stock to spare (other tests buy Headphones); reviewed or not, its summary shows.
    const stand = main.locator('.shop-card', {
      has: page.getByRole('link', { name: 'Headphone stand', exact: true }),
    });
    await expect(stand.getByText(/^Champion price: CA\$[\d,]+\.\d\d$/)).toBeVisible();
    await expect(
      stand.getByText(new RegExp(`^(${en.list.noReviews}|[\\d.]+ out of 5 · Reviews: \\d+)$`)),
    ).toBeVisible();
    await checkBothWidths(page, main);

    // A page at a time: 24, then 48, then the 58 shippable products (the demo's digital one is not).
    const cards = main.locator('.shop-card');
    await expect(cards).toHaveCount(24);
    await main.getByRole('button', { name: en.list.more }).click();
    await expect(cards).toHaveCount(48);
    // The keyboard carries on at the first product the button brought.
    await expect(page.locator('.shop-card__link:focus')).toHaveCount(1);
    await main.getByRole('button', { name: en.list.more }).click();
    await expect(cards).toHaveCount(58);
    await expect(main.getByRole('button', { name: en.list.more })).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 2, name: 'Gifts' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Greeting card', exact: true })).toHaveCount(0);

    await main.getByRole('link', { name: 'Headphone stand', exact: true }).click();
    await expect(page).toHaveURL(/\/shippable\/id\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Headphone stand' })).toBeVisible();
    await expect(main.getByRole('img', { name: 'Picture 1 of 1: Headphone stand' })).toBeVisible();
    await expect(main.getByText(/^\d+ in stock$/)).toBeVisible();
    await expect(
      main.getByText('Headphone stand, made for members who love their evenings in.'),
    ).toBeVisible();
    await expect(main.getByText(/^Champion price: CA\$[\d,]+\.\d\d$/)).toBeVisible();
    const reviews = main.getByRole('region', { name: en.reviews.title });
    // A new member has received nothing: they read who may review.
    await expect(reviews.getByText(en.reviews.onlyReceived)).toBeVisible();
    await checkBothWidths(page, main);

    await main.getByLabel(en.product.quantity, { exact: true }).selectOption('2');
    await main.getByRole('button', { name: en.product.add }).click();
    await expect(main.getByRole('status').filter({ hasText: en.product.added })).toBeVisible();
    await expect(main.getByText('In your cart: 2')).toBeVisible();
    // The same server cart as the marketplace's: the header follows it.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (items: 2)' })).toBeVisible();
    await checkBothWidths(page, main);

    await main.getByRole('link', { name: en.product.checkout }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/information$/);
  });

  test('a Champion member sees the Champion price; a product that does not ship is not one of them', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const member = await createMember(page, { slug: BRAND, plan: 'Champion' });
    const main = screenOf(page);

    await page.goto(brandUrl(BRAND, `/shippable/id/${String(await productIdOf(member, 'Earbuds'))}`));
    await expect(main.getByRole('heading', { level: 1, name: 'Earbuds' })).toBeVisible();
    const price = main.locator('.shop-product .shop-price');
    const champion = (await price.locator('.shop-price__now').innerText()).replace(
      'Your Champion price: ',
      '',
    );
    const list = (await price.locator('del').innerText()).trim();
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    expect(cents(champion)).toBe(Math.floor((cents(list) * 70 + 50) / 100));
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    // The demo's digital gift (a greeting card) is sold in the marketplace but not shipped.
    await page.goto(brandUrl(BRAND, `/shippable/id/${String(await productIdOf(member, 'Greeting card'))}`));
    await expect(main.getByText(en.product.notFound)).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: enShell.shop.productTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);
  });
});
