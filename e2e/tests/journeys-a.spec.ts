import enAccount from '../../apps/web/src/locales/account/en-us.json' with { type: 'json' };
import enBilling from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import frBilling from '../../apps/web/src/locales/billing/fr-ca.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember, fill, signInAs } from './members';

const plans = enBilling.plans;

// Issue 14 items 3 and 4: no journey into a membership ends without a way in.
test.describe('journeys: the way back in', () => {
  test('a signed-in free member sent to /signup reaches the plans and the payment page from the account', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'free@streamhub.demo');
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/account\/membership#plans$/);
    const picker = page.getByRole('region', { name: plans.title });
    await expect(picker).toBeFocused();
    const premium = picker.getByRole('button', { name: fill(plans.joinLabel, { plan: 'Premium' }) });
    await expect(premium).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // Choosing opens the hosted payment page for that plan; nothing is paid or changed here.
    await premium.click();
    await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);
  });

  test("the canceled member's restart shows the server's refusal, and the plans to join again", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAs(page, 'canceled@streamhub.demo');
    await page.goto('/account/membership');
    // This member reads the site in French (fr-ca), as the seed sets.
    await page.getByRole('button', { name: frBilling.restart.button }).click();
    await expect(
      page.getByRole('status').filter({ hasText: frBilling.restart.errors.not_restartable }),
    ).toBeVisible();
    await expect(page.getByText(frBilling.restart.failed)).toHaveCount(0);
    const picker = page.getByRole('region', { name: frBilling.plans.title });
    await expect(
      picker.getByRole('button', { name: fill(frBilling.plans.joinLabel, { plan: 'Premium' }) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test('a taken retention offer shows on the membership card and is not offered again', async ({ page }) => {
    test.setTimeout(60_000);
    await createMember(page);
    await page.goto('/account/membership');
    const membership = page.getByRole('region', { name: enAccount.sections.membership });
    await expect(membership.getByRole('definition').filter({ hasText: 'Premium' })).toBeVisible();
    // The plan this member runs is marked, not sold again.
    const picker = page.getByRole('region', { name: plans.addTitle });
    await expect(picker.getByText(plans.current)).toBeVisible();

    await page.getByRole('button', { name: enBilling.cancel.open }).click();
    const offer = page.getByRole('dialog', { name: enBilling.cancel.offerTitle });
    await expect(offer).toContainText('$10.00');
    await expect(offer).toContainText('$19.99');
    await expectNoSeriousA11yViolations(page, offer);
    await offer
      .getByRole('button', { name: fill(enBilling.cancel.acceptOffer, { price: '$10.00' }) })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: fill(enBilling.cancel.offerAccepted, { price: '$10.00' }) }),
    ).toBeVisible();
    await expect(
      membership.getByText(fill(enAccount.membership.offerTaken, { price: '$10.00', regular: '$19.99' })),
    ).toBeVisible();

    // Cancelling again goes straight to the confirmation: the server makes the offer once.
    await page.getByRole('button', { name: enBilling.cancel.open }).click();
    const confirm = page.getByRole('dialog', { name: enBilling.cancel.confirmTitle });
    await expect(confirm).toBeVisible();
    await expect(page.getByRole('dialog', { name: enBilling.cancel.offerTitle })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, confirm);
  });

  test('a phone shows the plans without sideways scrolling', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'free@streamhub.demo');
    await page.goto('/account/membership#plans');
    const picker = page.getByRole('region', { name: plans.title });
    await expect(picker.getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, picker);
  });
});
