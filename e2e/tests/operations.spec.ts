import en from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { MEMBER_PASSWORD, createMember } from './members';
import { runOperatorCommand } from './operator';

/*
 * Issue 15, item 7 (decision 034): a member an operator deactivated (`member:deactivate`) is told so by
 * the sign-in form, with the support address, and signs in again once reactivated.
 */

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const deactivated = new RegExp(
  en.auth.login.accountDeactivated.split('{email}')[0]?.trim().slice(0, 40) ?? 'x',
);

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`a deactivated member is told so at sign-in, and signs in again once reactivated (${name})`, async ({
    page,
  }) => {
    // A sign-up paid through the hosted page, two operator commands (each a process that opens the
    // database) and an axe scan: more than the default budget on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const member = await createMember(page, { signIn: false });
    runOperatorCommand([
      'member:deactivate',
      '--brand',
      'streamhub',
      '--email',
      member.email,
      '--reason',
      'e2e check',
    ]);

    await page.goto('/login');
    await page.getByLabel(en.auth.login.email).fill(member.email);
    await page.getByLabel(en.auth.login.password).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: en.auth.login.submit }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(deactivated);
    await expect(alert.getByRole('link')).toHaveAttribute('href', /^mailto:/);
    await expect(page).toHaveURL(/\/login/);
    await expectNoSeriousA11yViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deactivated-${name}.png`, fullPage: true });

    runOperatorCommand(['member:reactivate', '--brand', 'streamhub', '--email', member.email]);
    await page.getByLabel(en.auth.login.email).fill(member.email);
    await page.getByLabel(en.auth.login.password).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: en.auth.login.submit }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });
}
