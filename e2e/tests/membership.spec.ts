import enAccount from '../../apps/web/src/locales/account/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import frAccount from '../../apps/web/src/locales/account/fr-ca.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { signInAs } from './members';

const membership = enAccount.membership;

test.describe('account: membership', () => {
  test('the active member opens Account from the member menu and sees Premium, Active', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    // Every screen has the member menu: a light one.
    await page.goto('/history');
    await page.getByRole('button', { name: /Alex Morgan/ }).click();
    await page.getByRole('link', { name: en.member.account }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: enAccount.title })).toBeVisible();
    const nav = page.getByRole('navigation', { name: enAccount.sectionsLabel });
    await expect(nav.getByRole('link', { name: enAccount.sections.membership })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const section = page.getByRole('region', { name: enAccount.sections.membership });
    await expect(section.getByRole('definition').filter({ hasText: 'Premium' })).toBeVisible();
    await expect(
      section.getByRole('definition').filter({ hasText: membership.statuses.active }),
    ).toBeVisible();
    // The demo active member renews in 12 days: a date, not the "no payment" text.
    await expect(section.getByRole('definition').nth(2)).not.toHaveText(membership.noNextBilling);
    await expect(section.getByRole('list', { name: membership.mediaTypes })).toContainText(
      en.media.movie.title,
    );
    await expect(
      section.getByRole('list', { name: membership.subscriptionsTitle }).getByRole('listitem'),
    ).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, screenOf(page));

    await nav.getByRole('link', { name: enAccount.sections.wallet }).click();
    await expect(page).toHaveURL(/\/account\/wallet$/);
    // The wallet is a real section now (account.spec.ts covers it): no "coming soon" there.
    const wallet = page.getByRole('region', { name: enAccount.sections.wallet });
    await expect(wallet).toBeVisible();
    await expect(wallet.getByText(en.common.comingSoonTitle)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test('the trial member sees Trial', async ({ page }) => {
    await signInAs(page, 'trial@streamhub.demo');
    await page.goto('/account');
    const section = page.getByRole('region', { name: enAccount.sections.membership });
    await expect(
      section.getByRole('definition').filter({ hasText: membership.statuses.trial }),
    ).toBeVisible();
    await expect(section.getByRole('definition').filter({ hasText: 'Premium' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test('the free account sees that it has no subscription', async ({ page }) => {
    await signInAs(page, 'free@streamhub.demo');
    await page.goto('/account/membership');
    const section = page.getByRole('region', { name: enAccount.sections.membership });
    await expect(section.getByRole('heading', { level: 3, name: membership.emptyTitle })).toBeVisible();
    await expect(section.getByRole('list', { name: membership.subscriptionsTitle })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test('the canceled member sees Canceled and when access ended', async ({ page }) => {
    await signInAs(page, 'canceled@streamhub.demo');
    await page.goto('/account');
    // This member reads the site in French (fr-ca), as the seed sets.
    const section = page.getByRole('region', { name: frAccount.sections.membership });
    await expect(
      section.getByRole('definition').filter({ hasText: frAccount.membership.statuses.canceled }),
    ).toBeVisible();
    await expect(section.getByText(frAccount.membership.endedOn.split('{date}')[0] ?? '')).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });
});
