import enAccount from '../../apps/web/src/locales/account/en-us.json' with { type: 'json' };
import enBilling from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enPayments from '../../apps/web/src/locales/payments/en-us.json' with { type: 'json' };
import enRecovery from '../../apps/web/src/locales/recovery/en-us.json' with { type: 'json' };
import enWallet from '../../apps/web/src/locales/wallet/en-us.json' with { type: 'json' };
import type { Page } from '@playwright/test';
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';

/*
 * Issue 14 item 5 (the card page, saved cards) and item 9's reset link and deletion confirmation, each
 * journey on its own member (docs/decisions/021, 035).
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS;

async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const balanceOf = async (page: Page) => {
  const wallet = page.getByRole('region', { name: enWallet.wallet.title });
  const balance = wallet.locator('dd').first();
  await expect(balance).toHaveText(/^\d[\d,]* coins?$/);
  return Number((await balance.innerText()).replace(/\D/g, ''));
};

test.describe('cards', () => {
  test('the payment page on a phone formats as the member types, fits, and an error keeps the values', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/account/wallet'));
    const wallet = page.getByRole('region', { name: enWallet.wallet.title });
    await wallet.getByRole('radio', { name: /^Use a new card/ }).check();
    await wallet.getByRole('button', { name: /^Buy 100 coins for/ }).click();
    await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);

    const number = page.getByLabel('Card number');
    const expiry = page.getByLabel('Expiry date');
    const cvc = page.getByLabel('Security code (CVC)');
    // Typed as a number pad types: no spaces, no slash.
    await number.pressSequentially('4242424242424241');
    await expiry.pressSequentially('1230');
    await cvc.pressSequentially('123');
    await expect(number).toHaveValue('4242 4242 4242 4241');
    await expect(expiry).toHaveValue('12/30');
    await expect(cvc).toHaveValue('123');
    await expectFitsWidth(page);
    const box = await cvc.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'hosted-page-phone');

    // A wrong number (its checksum fails): the error, and everything typed is still there.
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveValue('4242 4242 4242 4241');
    await expect(expiry).toHaveValue('12/30');
    await expect(cvc).toHaveValue('123');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'hosted-page-phone-error');

    // The narrowest phone still fits.
    await page.setViewportSize({ width: 320, height: 700 });
    await expectFitsWidth(page);

    await number.fill('');
    await number.pressSequentially('4242424242424242');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/account\/wallet$/);
    await expect(page.getByRole('alertdialog', { name: enBilling.receipt.successTitle })).toBeVisible();
  });

  test('the account’s card form formats as the member types and fits a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/account/payment-methods'));
    const section = page.getByRole('region', { name: enBilling.methods.title });
    await section.getByRole('button', { name: enBilling.methods.add }).click();
    const form = section.getByRole('form', { name: enBilling.methods.addTitle });
    await form.getByLabel(enBilling.methods.cardNumber).pressSequentially('5555555555554444');
    await form.getByLabel(enBilling.methods.expiry).pressSequentially('0433');
    await form.getByLabel(enBilling.methods.cvc).pressSequentially('123');
    await expect(form.getByLabel(enBilling.methods.cardNumber)).toHaveValue('5555 5555 5555 4444');
    await expect(form.getByLabel(enBilling.methods.expiry)).toHaveValue('04/33');
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, section);
    await shot(page, 'card-form-phone');
    await form.getByRole('button', { name: enBilling.methods.save }).click();
    await expect(section.getByRole('status')).toHaveText(enBilling.methods.added);
  });

  test('a member buys coins with the card saved at sign-up, without typing it', async ({ page }) => {
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/account/wallet'));
    const before = await balanceOf(page);
    const wallet = page.getByRole('region', { name: enWallet.wallet.title });
    const saved = wallet.getByRole('radio', { name: /^VISA ending in 4242/ });
    await expect(saved).toBeChecked();
    await expect(wallet.getByRole('radio', { name: /^Use a new card/ })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page, wallet);
    await shot(page, 'wallet-saved-card');
    await wallet.getByRole('button', { name: /^Buy 100 coins for/ }).click();

    // No payment page: the receipt the server verified, with what and how much.
    const receipt = page.getByRole('alertdialog', { name: enBilling.receipt.successTitle });
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/account\/wallet$/);
    await expect(receipt.getByText('100 coins')).toBeVisible();
    await expect(receipt.getByText(enBilling.receipt.amount)).toBeVisible();
    await expectNoSeriousA11yViolations(page, receipt);
    await receipt.getByRole('button', { name: enBilling.receipt.close }).click();
    expect(await balanceOf(page)).toBe(before + 100);
  });

  test('a member adds a card, makes it the default and removes the old one', async ({ page }) => {
    test.setTimeout(90_000);
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/account/payment-methods'));
    const section = page.getByRole('region', { name: enBilling.methods.title });
    await section.getByRole('button', { name: enBilling.methods.add }).click();
    const form = section.getByRole('form', { name: enBilling.methods.addTitle });
    await form.getByLabel(enBilling.methods.cardNumber).fill('5555555555554444');
    await form.getByLabel(enBilling.methods.expiry).fill('0433');
    await form.getByLabel(enBilling.methods.cvc).fill('123');
    await form.getByRole('button', { name: enBilling.methods.save }).click();
    const cards = section.getByRole('list', { name: enBilling.methods.listLabel });
    await expect(cards.getByRole('listitem')).toHaveCount(2);

    await section
      .getByRole('button', { name: `${enBilling.methods.makeDefault}: MASTERCARD ending in 4444` })
      .click();
    await expect(section.getByRole('status')).toHaveText(enBilling.methods.defaultChanged);
    const visa = cards.getByRole('listitem').filter({ hasText: 'VISA ending in 4242' });
    await expect(visa.getByText(enBilling.methods.default, { exact: true })).toHaveCount(0);

    await section.getByRole('button', { name: `${enBilling.methods.remove}: VISA ending in 4242` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove VISA ending in 4242?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, dialog);
    await shot(page, 'remove-card-dialog');
    await dialog.getByRole('button', { name: enBilling.methods.removeConfirm }).click();
    await expect(section.getByRole('status')).toHaveText('VISA ending in 4242 was removed.');
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    const left = cards.getByRole('listitem').first();
    await expect(left).toContainText('MASTERCARD ending in 4444');
    await expect(left.getByText(enBilling.methods.default, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, section);

    // The wallet offers the card that is left, as the default.
    await page.goto(brandUrl('clickcoins', '/account/wallet'));
    await expect(page.getByRole('radio', { name: /^MASTERCARD ending in 4444/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^VISA/ })).toHaveCount(0);
    expect(enPayments.newCard).toBe('Use a new card');
  });
});

test.describe('recovery and deletion', () => {
  test('a reset link that does not work is refused before its form', async ({ page }) => {
    await page.goto(brandUrl('clickcoins', `/reset-password/${'A'.repeat(43)}`));
    const main = screenOf(page);
    await expect(main.getByRole('alert')).toContainText(enRecovery.errors.invalid_or_expired_key);
    await expect(main.getByRole('link', { name: enRecovery.resetPassword.requestNew })).toBeVisible();
    await expect(page.getByLabel(enRecovery.resetPassword.newPassword, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, main);
    await shot(page, 'reset-link-refused');
  });

  test('deleting an account lands on the sign-in page, which confirms it', async ({ page }) => {
    const { password } = await createMember(page, { slug: 'clickcoins', testAccount: true });
    await page.goto(brandUrl('clickcoins', '/account/profile'));
    const zone = page.getByRole('region', { name: enAccount.deactivate.title });
    await zone.getByLabel(enAccount.deactivate.confirm).check();
    await zone.getByLabel(enAccount.deactivate.password).fill(password);
    await zone.getByRole('button', { name: enAccount.deactivate.submit }).click();
    await expect(page).toHaveURL(/\/login\?deleted=1$/);
    const notice = page.getByRole('status').filter({ hasText: 'ClickCoins account was deleted' });
    await expect(notice).toBeVisible();
    expect(enShell.auth.login.accountDeleted).toContain('{brand}');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'deleted-account');
  });
});
