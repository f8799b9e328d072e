import type { Page } from '@playwright/test';

import shell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/giveaways/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember } from './members';
import { runOperatorCommand } from './operator';

/*
 * Buying giveaway entries and the upsells (issue 16, decision 032), each test on a new member of
 * StreamHub (a USD brand whose demo giveaways sell USD packs) given `sweepsattack:enable` by the
 * operator command, as support would (the brand carries `sweeps`; a member cannot tag themselves).
 */

const SLUG = 'streamhub';
const GIVEAWAY = 'Win a 4K TV';
const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const PHONE = { width: 390, height: 844 };

async function giveawaysMember(page: Page): Promise<Member> {
  const member = await createMember(page, { slug: SLUG });
  runOperatorCommand([
    'member:tag',
    '--brand',
    SLUG,
    '--email',
    member.email,
    '--tags',
    'sweepsattack:enable',
  ]);
  return member;
}

async function payWith(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * From the menu to the giveaway, then a pack of 10 entries for $5.00 paid with a test card typed on the
 * hosted page ("Use a new card": a member made by sign-up has their card saved), or with that saved card.
 */
async function buyTenEntries(page: Page, how: 'new card' | 'saved card' = 'new card'): Promise<void> {
  await page.goto(brandUrl(SLUG, '/'));
  const menuButton = page.getByRole('button', { name: shell.nav.menuButton, exact: true });
  const menu = page.getByRole('navigation', { name: shell.nav.mainLabel });
  await expect(page.getByRole('banner')).toBeVisible();
  // On a phone the menu is a panel behind the header's button.
  if (await menuButton.isVisible()) await menuButton.click();
  await menu.getByRole('link', { name: shell.menu.giveaways }).click();
  await expect(page.getByRole('heading', { level: 1, name: shell.giveaways.title })).toBeVisible();
  const screen = screenOf(page);
  await screen.getByRole('article', { name: GIVEAWAY }).getByRole('link', { name: GIVEAWAY }).click();
  const card = screen.getByRole('article', { name: GIVEAWAY });
  await card.getByRole('button', { name: en.buy.open }).click();

  const dialog = page.getByRole('dialog', { name: `Buy entries: ${GIVEAWAY}` });
  await expect(dialog).toBeVisible();
  // The server's packs for USD: 10 for $5.00, and 50 for $20.00 doubled by its ×2 multiplier offer.
  await expect(dialog.getByRole('radio', { name: /^10 entries/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^100 entries.*×2 offer.*\$20\.00$/ })).toBeVisible();
  const pay = dialog.getByRole('button', { name: 'Pay $5.00' });
  await expect(pay).toBeDisabled();
  await dialog.getByLabel(en.giveaways.over18).check();
  // The card saved at sign-up is chosen first, beside "Use a new card".
  await expect(dialog.getByRole('radio', { name: /^VISA ending in 4242/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, dialog);
  await expectFitsWidth(page);
  if (how === 'saved card') {
    await pay.click();
    return;
  }
  await dialog.getByRole('radio', { name: /^Use a new card/ }).check();
  await pay.click();
  await payWith(page, CARD_OK);
}

/** The receipt the page opens on its own after the payment: what the server granted. */
async function expectReceipt(page: Page, entries: string, amount: string): Promise<void> {
  await expect(page).toHaveURL(/\/giveaways\/id\/\d+$/);
  const receipt = page.getByRole('alertdialog', { name: en.receipt.paidTitle });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByRole('definition').filter({ hasText: amount })).toBeVisible();
  await expect(receipt.getByText(entries, { exact: true })).toBeVisible();
  await expect(receipt.getByText(/^pay_/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, receipt);
  await receipt.getByRole('button', { name: en.receipt.close }).click();
  await expect(receipt).toBeHidden();
}

test.describe('giveaway purchases and upsells', () => {
  // Two hosted payments, four modals, each with its axe scan.
  test.setTimeout(120_000);

  test('a member buys entries through the modal, sees the receipt and the entered state, and takes the upsell', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await giveawaysMember(page);
    await buyTenEntries(page);
    await expectReceipt(page, '10', '$5.00');
    const card = screenOf(page).getByRole('article', { name: GIVEAWAY });
    await expect(card.getByText(en.giveaways.states.entered)).toBeVisible();
    await expect(card.getByText('Your entries: 10')).toBeVisible();

    // The upsell, once: 20 days of the VPN then monthly, or triple entries, priced by the server.
    const upsell = page.getByRole('dialog', { name: en.offers.upsellTitle });
    await expect(upsell).toBeVisible();
    await expect(
      upsell.getByText('VPN Platinum: 20 days of access for $9.99, then $9.99 a month'),
    ).toBeVisible();
    await expect(upsell.getByText('Triple your entries: 20 more entries for $9.99.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, upsell);
    await expectFitsWidth(page);
    const triple = upsell.getByRole('button', { name: 'Triple my entries for $9.99' });
    await expect(triple).toBeDisabled();
    await upsell.getByLabel(en.giveaways.over18).check();
    await upsell.getByRole('radio', { name: /^Use a new card/ }).check();
    await triple.click();
    await payWith(page, CARD_OK);

    await expectReceipt(page, '20', '$9.99');
    await expect(card.getByText('Your entries: 30')).toBeVisible();
    // Shown once: coming back to the giveaway offers nothing more.
    await page.reload();
    await expect(card.getByText('Your entries: 30')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a declined card on the upsell opens the failed-upsell funnel with the next-best offer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await giveawaysMember(page);
    await buyTenEntries(page);
    await expectReceipt(page, '10', '$5.00');

    const upsell = page.getByRole('dialog', { name: en.offers.upsellTitle });
    await upsell.getByLabel(en.giveaways.over18).check();
    await upsell.getByRole('radio', { name: /^Use a new card/ }).check();
    await upsell.getByRole('button', { name: 'Start 20 days for $9.99' }).click();
    await payWith(page, CARD_DECLINED);
    await expect(page.getByRole('alert')).toContainText('Payment failed.');
    await page.getByRole('link', { name: 'Cancel and return' }).click();

    await expect(page).toHaveURL(/\/giveaways\/id\/\d+$/);
    const funnel = page.getByRole('dialog', { name: en.offers.funnelTitle });
    await expect(funnel).toBeVisible();
    await expect(funnel.getByRole('button', { name: 'Triple my entries for $9.99' })).toBeVisible();
    await expect(funnel.getByRole('button', { name: /Start 20 days/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, funnel);
    await funnel.getByRole('button', { name: en.offers.noThanks }).click();
    await expect(funnel).toBeHidden();
    // Nothing was granted by the declined payment.
    await expect(screenOf(page).getByText('Your entries: 10')).toBeVisible();
  });

  test('a member buys entries and takes the upsell with the card saved at sign-up, typing no card', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await giveawaysMember(page);
    await buyTenEntries(page, 'saved card');
    // No payment page: the server's receipt, as after the hosted page.
    await expectReceipt(page, '10', '$5.00');
    const card = screenOf(page).getByRole('article', { name: GIVEAWAY });
    await expect(card.getByText('Your entries: 10')).toBeVisible();

    const upsell = page.getByRole('dialog', { name: en.offers.upsellTitle });
    await expect(upsell.getByRole('radio', { name: /^VISA ending in 4242/ })).toBeChecked();
    await upsell.getByLabel(en.giveaways.over18).check();
    await upsell.getByRole('button', { name: 'Triple my entries for $9.99' }).click();
    await expectReceipt(page, '20', '$9.99');
    await expect(card.getByText('Your entries: 30')).toBeVisible();
  });

  test('"no thanks" to the upsell leads to the one-time bonus offer', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await giveawaysMember(page);
    await buyTenEntries(page);
    await expectReceipt(page, '10', '$5.00');

    const upsell = page.getByRole('dialog', { name: en.offers.upsellTitle });
    await upsell.getByRole('button', { name: en.offers.noThanks }).click();
    const bonus = page.getByRole('dialog', { name: en.offers.bonusTitle });
    await expect(bonus).toBeVisible();
    await expect(bonus.getByText('100 entries for $5.00 instead of $25.00: 80% off.')).toBeVisible();
    await expect(bonus.getByRole('button', { name: 'Get 100 entries for $5.00' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, bonus);
    await expectFitsWidth(page);
    await bonus.getByRole('button', { name: en.offers.noThanks }).click();
    await expect(bonus).toBeHidden();
  });
});
