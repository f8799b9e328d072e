import en from '../../apps/web/src/locales/marketplace/en-us.json' with { type: 'json' };
import type { Page } from '@playwright/test';
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';

// ClickCoins offers the marketplace (its `ecommerce` tag); each test makes its own member there.

/** A phone's width: the screen must fit it without scrolling sideways. */
const PHONE = { width: 390, height: 844 };

async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('marketplace', () => {
  test('a member picks a product, checks out with a card and sees the order confirmed', async ({ page }) => {
    // Seven screens with an axe scan each, the hosted payment page and a reload: ~25 s on the shared machine.
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await createMember(page, { slug: 'clickcoins' });
    const main = screenOf(page);
    const cart = main.getByRole('region', { name: en.cart.title });

    await page.goto(brandUrl('clickcoins', '/marketplace'));
    await expect(main.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    await expect(cart.getByText(en.cart.empty)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Audio' })).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    await main.getByRole('link', { name: 'See all Audio' }).click();
    await expect(page).toHaveURL(/\/marketplace\/category\/headphones-audio$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Audio' })).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    await main.getByRole('link', { name: 'Headphones', exact: true }).click();
    await expect(page).toHaveURL(/\/marketplace\/product\/[\w-]+\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Headphones' })).toBeVisible();
    await expect(main.getByText(/^\d+ in stock$/)).toBeVisible();
    await main.getByLabel(en.product.quantity, { exact: true }).selectOption('2');
    await main.getByRole('button', { name: en.product.add }).click();
    await expect(main.getByRole('status').filter({ hasText: en.product.added })).toBeVisible();
    const quantity = cart.getByLabel('Quantity of Headphones');
    await expect(quantity).toHaveValue('2');
    await expect(cart.getByText('Items in your cart: 2')).toBeVisible();
    // The header's cart link follows the server's cart.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (items: 2)' })).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    // The server's cart changes with the quantity chosen in it.
    await quantity.selectOption('1');
    await expect(cart.getByText('Items in your cart: 1')).toBeVisible();

    await cart.getByRole('link', { name: en.cart.checkout }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/information$/);
    const steps = main.getByRole('navigation', { name: en.checkout.steps });
    await expect(steps.locator('[aria-current="step"]')).toHaveText(en.checkoutSteps.information);
    // The form says what is missing before it sends anything.
    await main.getByRole('button', { name: en.checkout.information.submit }).click();
    await expect(main.getByText(en.errors.invalid_email)).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    const info = en.checkout.information;
    await main.getByLabel(info.email, { exact: true }).fill('casey.shopper@example.com');
    await main.getByLabel(info.country, { exact: true }).selectOption('CA');
    await main.getByLabel(info.firstName, { exact: true }).fill('Casey');
    await main.getByLabel(info.lastName, { exact: true }).fill('Member');
    await main.getByLabel(info.address, { exact: true }).fill('100 Queen Street West');
    await main.getByLabel(info.city, { exact: true }).fill('Toronto');
    await main.getByLabel(info.region, { exact: true }).fill('Ontario');
    await main.getByLabel(info.postcode, { exact: true }).fill('M5H 2N2');
    await main.getByLabel(info.phone, { exact: true }).fill('+1 416 555 0100');
    await main.getByRole('button', { name: info.submit }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/shipping$/);

    // The server keeps the checkout: a reload resumes on the same step.
    await page.reload();
    await expect(steps.locator('[aria-current="step"]')).toHaveText(en.checkoutSteps.shipping);
    await main.getByRole('radio', { name: new RegExp(en.checkout.shipping.express) }).check();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);
    await main.getByRole('button', { name: en.checkout.shipping.submit }).click();

    await expect(page).toHaveURL(/\/marketplace\/checkout\/payment$/);
    const summary = main.getByRole('region', { name: en.checkout.summary });
    await expect(summary.getByText('Headphones × 1')).toBeVisible();
    await expect(main.getByText(en.checkout.shipping.express)).toBeVisible();
    const total = (await summary.locator('.market-totals__total dd').innerText()).trim();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    // The hosted page: a new card rather than the one saved at sign-up (issue 14 item 5).
    await main.getByRole('radio', { name: /^Use a new card/ }).check();
    await main.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/marketplace\/checkout\/confirmation$/);
    const confirmation = main.getByRole('region', { name: en.checkout.confirmation.thanks });
    await expect(confirmation).toBeVisible({ timeout: 20_000 });
    await expect(confirmation.getByText(en.checkout.confirmation.number)).toBeVisible();
    await expect(confirmation.getByText('Headphones × 1')).toBeVisible();
    await expect(confirmation.locator('.market-totals__total dd')).toHaveText(total);
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    // The cart was emptied by the order.
    await confirmation.getByRole('link', { name: en.checkout.confirmation.continue }).click();
    await expect(cart.getByText(en.cart.empty)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (items: 0)' })).toBeVisible();
  });

  test('checkout with an empty cart and an unknown product say so, at desktop width', async ({ page }) => {
    await createMember(page, { slug: 'clickcoins' });
    const main = screenOf(page);

    // Asking for a later step than the checkout reached shows the first one, here with the empty cart.
    await page.goto(brandUrl('clickcoins', '/marketplace/checkout/payment'));
    await expect(page).toHaveURL(/\/marketplace\/checkout\/information$/);
    await expect(main.getByText(en.checkout.emptyCart)).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);

    await page.goto(brandUrl('clickcoins', '/marketplace/product/forged/999999999'));
    await expect(main.getByText(en.product.notFound)).toBeVisible();
    await expect(main.getByRole('region', { name: en.cart.title }).getByText(en.cart.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);
  });
});
