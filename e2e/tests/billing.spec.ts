import billing from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import { type Page } from '@playwright/test';
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { MEMBER_PASSWORD, createMember } from './members';

/** A visitor picks Premium, creates an account and lands on the hosted payment page. */
async function startSignup(page: Page, email: string): Promise<void> {
  await page.goto(brandUrl('streamhub', '/login'));
  await page.getByRole('link', { name: billing.signup.loginLink }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: /^Premium/ }).check();
  await expectNoSeriousA11yViolations(page, screenOf(page));
  await page.getByLabel(billing.signup.email).fill(email);
  await page.getByLabel(billing.signup.password, { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel(billing.signup.name).fill('E2E Member');
  await page.getByRole('button', { name: billing.signup.submit }).click();
  await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);
}

async function payWith(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test.describe('billing', () => {
  test('a visitor signs up with a test card and reaches the member area', async ({ page }) => {
    await startSignup(page, `signup-${Date.now()}@example.com`);
    // The hosted payment page is a document of its own.
    await expectNoSeriousA11yViolations(page);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/account\/membership$/);
    const receipt = page.getByRole('alertdialog', { name: billing.receipt.successTitle });
    await expect(receipt).toBeVisible();
    await expectNoSeriousA11yViolations(page, receipt);
    await receipt.getByRole('button', { name: billing.receipt.close }).click();
    await expect(receipt).toBeHidden();
    await expect(page.getByText('Premium').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Premium membership' })).toBeVisible();
  });

  test('a declined card shows "payment failed" and no subscription is activated', async ({ page }) => {
    await startSignup(page, `declined-${Date.now()}@example.com`);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Payment failed.');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const receipt = page.getByRole('alertdialog', { name: billing.receipt.failureTitle });
    await expect(receipt).toBeVisible();
    await expectNoSeriousA11yViolations(page, receipt);
  });

  test('a member adds a card', async ({ page }) => {
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/account/payment-methods'));
    const section = page.getByRole('region', { name: billing.methods.title });
    await expect(section.getByRole('button', { name: billing.methods.add })).toBeVisible();
    await section.getByRole('button', { name: billing.methods.add }).click();
    await section.getByLabel(billing.methods.cardNumber).fill('5555 5555 5555 4444');
    await section.getByLabel(billing.methods.expiry).fill('04/33');
    await section.getByLabel(billing.methods.cvc).fill('123');
    // The saved cards and the new card's form.
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await section.getByRole('button', { name: billing.methods.save }).click();
    await expect(section.getByRole('status')).toHaveText(billing.methods.added);
    await expect(section.getByText('MASTERCARD ending in 4444')).toBeVisible();
  });

  test('a member cancels through the retention offer and restarts', async ({ page }) => {
    await createMember(page);
    await page.goto('/account/membership');
    await page.getByRole('button', { name: billing.cancel.open }).click();
    const offer = page.getByRole('dialog', { name: billing.cancel.offerTitle });
    await expect(offer).toBeVisible();
    await expectNoSeriousA11yViolations(page, offer);
    await offer.getByRole('button', { name: billing.cancel.continue }).click();

    const confirm = page.getByRole('dialog', { name: billing.cancel.confirmTitle });
    await confirm.getByRole('radio', { name: billing.cancel.optionGiveaway }).check();
    await confirm.getByRole('button', { name: billing.cancel.finish }).click();
    await expect(confirm.getByRole('alert')).toHaveText(billing.cancel.errors.confirmation_required);
    await confirm.getByRole('checkbox', { name: billing.cancel.confirm }).check();
    await confirm.getByRole('button', { name: billing.cancel.finish }).click();
    await expect(confirm.getByRole('alert')).toHaveText(billing.cancel.errors.forfeit_agreement_required);
    await confirm.getByRole('checkbox', { name: billing.cancel.forfeit }).check();
    await expectNoSeriousA11yViolations(page, confirm);
    await confirm.getByRole('button', { name: billing.cancel.finish }).click();

    const receipt = page.getByRole('alertdialog', { name: billing.cancel.receiptTitle });
    await expect(receipt).toBeVisible();
    await expectNoSeriousA11yViolations(page, receipt);
    await receipt.getByRole('button', { name: billing.cancel.close }).click();

    await page.getByRole('button', { name: billing.restart.button }).click();
    await expect(page.getByText(billing.restart.restarted)).toBeVisible();
    await expect(page.getByRole('button', { name: billing.cancel.open })).toBeVisible();
  });
});
