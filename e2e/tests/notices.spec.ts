import enNotices from '../../apps/web/src/locales/notices/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { createMember } from './members';
import { runOperatorCommand } from './operator';

/*
 * The migration-to-brand modal (issue 18 item 6, decision 033). A brand of its own (no other test
 * sees it): the operator adds it and says it moved (`brand:edit --moved-to-url --moved-to-name`); its
 * member is told once, on a phone and on a desktop.
 */
const SLUG = 'orbitmoving';
const text = enNotices.brandMove;

test.describe('migration-to-brand notice', () => {
  test.slow();

  test('a member of a brand that moved sees where and how to continue, once', async ({ page }) => {
    runOperatorCommand([
      'brand:add',
      '--slug',
      SLUG,
      '--name',
      'Orbit Media',
      '--hostname',
      `${SLUG}.localhost`,
    ]);
    runOperatorCommand([
      'brand:edit',
      ...['--brand', SLUG, '--moved-to-url', 'https://members.nova.example/welcome'],
      ...['--moved-to-name', 'Nova Media'],
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await createMember(page, { slug: SLUG });

    const noticeRead = () =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/membergraphapi/graphql') &&
          (response.request().postData() ?? '').includes('query BrandMove'),
      );
    let read = noticeRead();
    await page.goto(brandUrl(SLUG, '/'));
    await read;
    const dialog = page.getByRole('dialog', { name: 'Orbit Media is now Nova Media' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'Orbit Media has moved to Nova Media. Your membership continues there: open members.nova.example and sign in with the email address you use here.',
    );
    await expect(dialog.getByRole('link', { name: 'Continue to Nova Media' })).toHaveAttribute(
      'href',
      'https://members.nova.example/welcome',
    );
    await expectNoSeriousA11yViolations(page, dialog);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await dialog.getByRole('button', { name: text.close, exact: true }).click();
    await expect(dialog).toBeHidden();

    // Seen once: the server does not show it again, on this device or another width.
    await page.setViewportSize({ width: 1280, height: 900 });
    read = noticeRead();
    await page.reload();
    const answer = await read;
    expect(
      ((await answer.json()) as { data: { member: { brandMove: { show: boolean } } } }).data.member.brandMove
        .show,
    ).toBe(false);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
