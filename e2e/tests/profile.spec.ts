import enAccount from '../../apps/web/src/locales/account/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';

const profile = enAccount.profile;

test.describe('account: profile', () => {
  test('a member changes name and time zone, and they are kept after a reload', async ({ page }) => {
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/account'));
    const nav = page.getByRole('navigation', { name: enAccount.sectionsLabel });
    await nav.getByRole('link', { name: enAccount.sections.profile }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);

    const section = page.getByRole('region', { name: enAccount.sections.profile });
    const name = section.getByRole('textbox', { name: profile.name });
    const timezone = section.getByRole('combobox', { name: profile.timezone });
    await expect(timezone).not.toHaveValue('Asia/Tokyo');

    await name.fill('Profile Tester');
    await timezone.selectOption('Asia/Tokyo');
    await section.getByRole('button', { name: profile.save }).click();
    // The profile region also holds the picture and security forms, each with its own status line.
    await expect(section.getByRole('status').filter({ hasText: profile.saved })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    await page.reload();
    const reloaded = page.getByRole('region', { name: enAccount.sections.profile });
    await expect(reloaded.getByRole('textbox', { name: profile.name })).toHaveValue('Profile Tester');
    await expect(reloaded.getByRole('combobox', { name: profile.timezone })).toHaveValue('Asia/Tokyo');
    await expect(page.getByRole('button', { name: /Profile Tester/ })).toBeVisible();
  });
});
