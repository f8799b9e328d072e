import enAccount from '../../apps/web/src/locales/account/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/marketplace/en-us.json' with { type: 'json' };
import enOrders from '../../apps/web/src/locales/orders/en-us.json' with { type: 'json' };
import type { Page } from '@playwright/test';
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember } from './members';
import { runOperatorCommand } from './operator';

/*
 * The member's side of a marketplace order after the cart (issue 17): the Champion price and free
 * standard shipping through to the confirmation, a declined card, the account's order screens (cancel,
 * change address) and a review once the operator shipped the order. ClickCoins offers the marketplace;
 * each test makes its own member there.
 */

const PHONE = { width: 390, height: 844 };
const BRAND = 'clickcoins';
const PRODUCT = 'Headphones';
const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

const ADDRESS = {
  country: 'CA',
  firstName: 'Casey',
  lastName: 'Member',
  address: '100 Queen Street West',
  apartment: '',
  city: 'Toronto',
  region: 'Ontario',
  postcode: 'M5H 2N2',
  phone: '+1 416 555 0100',
};

async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The demo product's id, looked up as the member. */
async function productId(member: Member, name = PRODUCT): Promise<number> {
  const data = await member.graphql<{ ecommerce: { products: { id: number; name: string }[] } }>(
    '{ ecommerce { products(limit: 60) { id name } } }',
  );
  const found = data.ecommerce.products.find((product) => product.name === name);
  if (!found) throw new Error(`No ${name} in the demo marketplace`);
  return found.id;
}

/**
 * Fills the cart and the first two checkout steps through the member graph API (the screens are
 * marketplace.spec's), and opens the payment step in the page.
 */
async function readyToPay(page: Page, member: Member, id: number): Promise<void> {
  await member.graphql(
    `mutation ($id: Int!) { ecommerce { setCartQuantity(productId: $id, quantity: 1) { responseResult { succeeded } } } }`,
    { id },
  );
  await member.graphql(
    `mutation ($input: CheckoutInformationInput!) { ecommerce { saveCheckoutInformation(input: $input) {
      responseResult { succeeded } } } }`,
    { input: { email: member.email, address: ADDRESS } },
  );
  await member.graphql(
    `mutation { ecommerce { chooseShipping(method: "standard") { responseResult { succeeded } } } }`,
  );
  await page.goto(brandUrl(BRAND, '/marketplace/checkout/payment'));
}

/** Pays on the hosted payment page with `card`. */
async function payWith(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Places an order of one product with the test card, and waits for the confirmation. */
async function placeOrder(page: Page, member: Member, id: number): Promise<void> {
  await readyToPay(page, member, id);
  await screenOf(page)
    .getByRole('radio', { name: /^Use a new card/ })
    .check();
  await screenOf(page).getByRole('button', { name: /^Pay / }).click();
  await payWith(page, CARD_OK);
  await expect(page).toHaveURL(/\/marketplace\/checkout\/confirmation$/);
  await expect(screenOf(page).getByRole('region', { name: en.checkout.confirmation.thanks })).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('marketplace orders', () => {
  test('a Champion member sees 30% off and free standard shipping through to the confirmation', async ({
    page,
  }) => {
    // A product page, three checkout steps, the hosted payment page and the confirmation, axe on four.
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    const member = await createMember(page, { slug: BRAND, plan: 'Champion' });
    const id = await productId(member);
    const main = screenOf(page);

    await page.goto(brandUrl(BRAND, `/marketplace/product/headphones/${String(id)}`));
    await expect(main.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
    const price = main.locator('.market-product .market-price');
    await expect(price.getByText(/^Your Champion price: /)).toBeVisible();
    const listPrice = (await price.locator('del').innerText()).trim();
    const championText = (await price.locator('.market-price__now').innerText()).trim();
    const championPrice = championText.replace('Your Champion price: ', '');
    // 30% off, in cents, rounded half up as the server does.
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    expect(cents(championPrice)).toBe(Math.floor((cents(listPrice) * 70 + 50) / 100));
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);
    await main.getByRole('button', { name: en.product.add }).click();
    await expect(main.getByRole('status').filter({ hasText: en.product.added })).toBeVisible();

    await main
      .getByRole('region', { name: en.cart.title })
      .getByRole('link', { name: en.cart.checkout })
      .click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/information$/);
    const info = en.checkout.information;
    await main.getByLabel(info.email, { exact: true }).fill(member.email);
    await main.getByLabel(info.country, { exact: true }).selectOption(ADDRESS.country);
    await main.getByLabel(info.firstName, { exact: true }).fill(ADDRESS.firstName);
    await main.getByLabel(info.lastName, { exact: true }).fill(ADDRESS.lastName);
    await main.getByLabel(info.address, { exact: true }).fill(ADDRESS.address);
    await main.getByLabel(info.city, { exact: true }).fill(ADDRESS.city);
    await main.getByLabel(info.region, { exact: true }).fill(ADDRESS.region);
    await main.getByLabel(info.postcode, { exact: true }).fill(ADDRESS.postcode);
    await main.getByLabel(info.phone, { exact: true }).fill(ADDRESS.phone);
    await main.getByRole('button', { name: info.submit }).click();

    await expect(page).toHaveURL(/\/marketplace\/checkout\/shipping$/);
    const standard = main.getByRole('radio', { name: new RegExp(en.checkout.shipping.standard) });
    // Standard shipping is free for Champions; the list fee shows struck through.
    await expect(
      main.locator('.market-options__option', { hasText: en.checkout.shipping.standard }),
    ).toContainText(en.checkout.free);
    await standard.check();
    await expectNoSeriousA11yViolations(page, main);
    await main.getByRole('button', { name: en.checkout.shipping.submit }).click();

    await expect(page).toHaveURL(/\/marketplace\/checkout\/payment$/);
    const summary = main.getByRole('region', { name: en.checkout.summary });
    await expect(summary.locator('.market-totals__total dd')).toHaveText(championPrice);
    await expect(summary.getByText(en.checkout.free)).toBeVisible();
    await main.getByRole('radio', { name: /^Use a new card/ }).check();
    await main.getByRole('button', { name: `Pay ${championPrice}` }).click();
    await payWith(page, CARD_OK);

    await expect(page).toHaveURL(/\/marketplace\/checkout\/confirmation$/);
    const confirmation = main.getByRole('region', { name: en.checkout.confirmation.thanks });
    await expect(confirmation).toBeVisible({ timeout: 20_000 });
    await expect(confirmation.getByText(`${PRODUCT} × 1`)).toBeVisible();
    await expect(confirmation.locator('.market-totals__total dd')).toHaveText(championPrice);
    await expect(confirmation.getByText(en.checkout.free)).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);
  });

  test('a declined card says payment failed, places no order and keeps the cart', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    const member = await createMember(page, { slug: BRAND });
    await readyToPay(page, member, await productId(member));
    const main = screenOf(page);

    await main.getByRole('radio', { name: /^Use a new card/ }).check();
    await main.getByRole('button', { name: /^Pay / }).click();
    await payWith(page, CARD_DECLINED);
    await expect(page.getByRole('alert')).toContainText('Payment failed.');
    await page.getByRole('link', { name: 'Cancel and return' }).click();

    await expect(page).toHaveURL(/\/marketplace\/checkout\/payment$/);
    await expect(main.getByRole('alert').filter({ hasText: en.checkout.payment.declined })).toBeVisible();
    expect(en.checkout.payment.declined).toMatch(/^Payment failed/);
    const summary = main.getByRole('region', { name: en.checkout.summary });
    await expect(summary.getByText(`${PRODUCT} × 1`)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (items: 1)' })).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    await page.goto(brandUrl(BRAND, '/account/orders'));
    await expect(main.getByRole('heading', { name: enOrders.emptyTitle })).toBeVisible();
  });

  test('a member changes an order’s address and cancels it from the account', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    const member = await createMember(page, { slug: BRAND });
    await placeOrder(page, member, await productId(member));
    const main = screenOf(page);

    await main.getByRole('link', { name: en.checkout.confirmation.viewOrder }).click();
    await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
    await expect(main.getByRole('heading', { level: 1, name: /^Order MK-/ })).toBeVisible();
    await expect(main.getByText(enOrders.statuses.placed, { exact: true })).toBeVisible();
    await expect(main.getByText(PRODUCT, { exact: true })).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);

    await main.getByRole('link', { name: enOrders.changeAddress }).click();
    await expect(page).toHaveURL(/\/account\/change-address\/\d+\/order$/);
    await expect(main.getByRole('heading', { level: 1, name: enAccount.orderAddress.title })).toBeVisible();
    const fields = enAccount.addresses.fields;
    await expect(main.getByLabel(fields.city, { exact: true })).toHaveValue(ADDRESS.city);
    await main.getByLabel(fields.city, { exact: true }).fill('Ottawa');
    await main.getByLabel(fields.address, { exact: true }).fill('1 Wellington Street');
    await main.getByLabel(fields.postcode, { exact: true }).fill('K1A 0A9');
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);
    await main.getByRole('button', { name: enAccount.addresses.save }).click();

    await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
    await expect(main.locator('address')).toContainText('1 Wellington Street');
    await expect(main.locator('address')).toContainText('Ottawa');

    await main.getByRole('button', { name: enOrders.cancel }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel order MK-/ });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, dialog);
    await dialog.getByRole('button', { name: enOrders.cancelConfirm }).click();
    await expect(main.getByRole('status').filter({ hasText: /^The order is cancelled\./ })).toBeVisible();
    await expect(main.getByText(enOrders.statuses.cancelled, { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: enOrders.cancel })).toHaveCount(0);
    await expect(main.getByRole('link', { name: enOrders.changeAddress })).toHaveCount(0);
    // The sandbox accepts the refund while the cancel is answered: refunded, not merely on its way.
    await expect(main.getByText(enOrders.refund.succeeded, { exact: true })).toBeVisible();

    await main.getByRole('link', { name: enOrders.back }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    const card = main.getByRole('article', { name: /^Order MK-/ });
    await expect(card.getByText(enOrders.statuses.cancelled, { exact: true })).toBeVisible();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, main);
  });

  test('a member reviews a product once the operator shipped it', async ({ page }) => {
    test.setTimeout(90_000);
    const member = await createMember(page, { slug: BRAND });
    const id = await productId(member);
    const main = screenOf(page);
    const reviews = main.getByRole('region', { name: en.reviews.title });

    // Before receiving it, the member reads why they cannot review it.
    await page.goto(brandUrl(BRAND, `/marketplace/product/headphones/${String(id)}`));
    await expect(reviews.getByText(en.reviews.onlyReceived)).toBeVisible();
    await expect(reviews.getByRole('button', { name: en.reviews.submit })).toHaveCount(0);

    await placeOrder(page, member, id);
    const orders = await member.graphql<{ ecommerce: { getMemberOrders: { reference: string }[] } }>(
      '{ ecommerce { getMemberOrders { reference } } }',
    );
    const reference = orders.ecommerce.getMemberOrders[0]?.reference ?? '';
    const tracking = `TRACK-${String(Date.now())}`;
    expect(runOperatorCommand(['marketplace:ship', '--order', reference, '--tracking', tracking])).toContain(
      `${reference} shipped`,
    );

    await page.goto(brandUrl(BRAND, '/account/orders'));
    const card = main.getByRole('article', { name: `Order ${reference}` });
    await expect(card.getByText(enOrders.statuses.shipped, { exact: true })).toBeVisible();
    await expect(card.getByText(`Tracking number: ${tracking}`)).toBeVisible();

    await page.goto(brandUrl(BRAND, `/marketplace/product/headphones/${String(id)}`));
    await expect(reviews.getByRole('heading', { name: en.reviews.write })).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);
    const text = `Clear sound, comfortable for hours (${tracking}).`;
    // The stars are radio buttons: the keyboard moves between them.
    await reviews.getByRole('radio', { name: '3 out of 5 stars' }).check();
    await page.keyboard.press('ArrowRight');
    await expect(reviews.getByRole('radio', { name: '4 out of 5 stars' })).toBeChecked();
    await reviews.getByLabel(en.reviews.text).fill(text);
    await reviews.getByRole('button', { name: en.reviews.submit }).click();

    await expect(reviews.getByText(en.reviews.reviewed)).toBeVisible();
    await expect(reviews.getByText(text)).toBeVisible();
    await expect(reviews.getByText(/out of 5 · Reviews: \d+$/)).toBeVisible();
    await expect(reviews.getByRole('button', { name: en.reviews.submit })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, main);
  });

  test('a member pays part of an order with coins, and gets them back on cancelling', async ({ page }) => {
    test.setTimeout(90_000);
    const member = await createMember(page, { slug: BRAND });
    const main = screenOf(page);
    // 1,200 coins from the wallet's pack, paid on the hosted page.
    const bought = await member.graphql<{ member: { buyCoins: { url: string | null } } }>(
      'mutation { member { buyCoins(packId: "coins-1200") { url } } }',
    );
    await page.goto(brandUrl(BRAND, bought.member.buyCoins.url ?? ''));
    await payWith(page, CARD_OK);
    await expect(page).toHaveURL(/\/account\/wallet/);

    await readyToPay(page, member, await productId(member));
    const summary = main.getByRole('region', { name: en.checkout.summary });
    const total = (await summary.locator('.market-totals__total dd').innerText()).trim();
    const useCoins = main.getByRole('checkbox', { name: /^Use my coins: 1,200 coins pay / });
    await expect(useCoins).not.toBeChecked();
    await expect(main.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
    await useCoins.check();
    // The card pays the total less what the coins pay (a coin is a hundredth of a dollar).
    const cardPart = main.locator('.market-coins .market-totals__total dd');
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    await expect(cardPart).toHaveText(/\d/);
    const card = (await cardPart.innerText()).trim();
    expect(cents(card)).toBe(cents(total) - 1200);
    await expectNoSeriousA11yViolations(page, main);
    await main.getByRole('radio', { name: /^Use a new card/ }).check();
    await main.getByRole('button', { name: `Pay ${card}` }).click();
    await payWith(page, CARD_OK);

    const confirmation = main.getByRole('region', { name: en.checkout.confirmation.thanks });
    await expect(confirmation).toBeVisible({ timeout: 20_000 });
    await expect(confirmation.getByText('Paid with 1,200 coins')).toBeVisible();
    await expect(confirmation.locator('.market-totals__total dd')).toHaveText(total);
    const balance = () =>
      member.graphql<{ member: { getCreditBalance: number } }>('{ member { getCreditBalance } }');
    expect((await balance()).member.getCreditBalance).toBe(0);

    await confirmation.getByRole('link', { name: en.checkout.confirmation.viewOrder }).click();
    await expect(main.getByText('Paid with 1,200 coins')).toBeVisible();
    await main.getByRole('button', { name: enOrders.cancel }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel order MK-/ });
    await expect(dialog).toContainText(`${card} will be refunded to your card and 1,200 coins go back`);
    await dialog.getByRole('button', { name: enOrders.cancelConfirm }).click();
    await expect(
      main.getByRole('status').filter({ hasText: `${card} will be refunded and 1,200 coins are back` }),
    ).toBeVisible();
    expect((await balance()).member.getCreditBalance).toBe(1200);
  });
});
