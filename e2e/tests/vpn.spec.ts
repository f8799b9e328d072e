import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import en from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enVpn from '../../apps/web/src/locales/vpn/en-us.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';
import { runOperatorCommand } from './operator';

const hasOpenssl = spawnSync('sh', ['-c', 'command -v openssl']).status === 0;

function section(profile: string, tag: string): string {
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(profile);
  if (!match?.[1]) throw new Error(`no <${tag}> in the profile`);
  return `${match[1]}\n`;
}

test.describe('VPN', () => {
  // A new member, a download and openssl: more than a default test's time on a shared machine.
  test.slow();

  test('a VPN member downloads a .ovpn whose certificate verifies against the brand CA', async ({ page }) => {
    await createMember(page, { plan: 'VPN Platinum' });
    await page.goto('/vpn');
    const main = screenOf(page);
    await expect(main.getByRole('heading', { level: 1, name: en.vpn.title })).toBeVisible();
    for (const name of Object.values(enVpn.platforms.name)) {
      await expect(main.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    await expect(main.getByText('Windows 7 or later')).toBeVisible();
    await expect(main.getByText('Android 9 or later')).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);

    const downloading = page.waitForEvent('download');
    await main.getByRole('button', { name: enVpn.download.button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ovpn$/);
    const url = download.url();
    // The file the browser saved.
    const profile = readFileSync(await download.path(), 'utf8');
    expect(profile).toMatch(/^client$/m);
    expect(profile).toContain('<cert>');

    if (hasOpenssl) {
      const dir = mkdtempSync(join(tmpdir(), 'e2e-vpn-'));
      try {
        writeFileSync(join(dir, 'ca.pem'), section(profile, 'ca'));
        writeFileSync(join(dir, 'cert.pem'), section(profile, 'cert'));
        const run = spawnSync('openssl', ['verify', '-CAfile', join(dir, 'ca.pem'), join(dir, 'cert.pem')], {
          encoding: 'utf8',
        });
        expect(run.stdout).toContain(': OK');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    // A tampered link serves nothing.
    const parts = url.split('/');
    parts[parts.length - 3] = '1';
    const tampered = parts.join('/');
    // From the page (the browser resolves the brand's *.localhost host; the test process does not).
    expect(await page.evaluate(async (href) => (await fetch(href)).status, tampered)).toBe(403);
  });

  test("a member without VPN sees why, and the upsell rule's VPN offer leading to the plans with VPN", async ({
    page,
  }) => {
    await createMember(page);
    await page.goto('/vpn');
    const main = screenOf(page);
    await expect(main.getByRole('heading', { name: enVpn.unavailable.no_vpn_plan.title })).toBeVisible();
    await expect(main.getByRole('button', { name: enVpn.download.button })).toHaveCount(0);
    // Premium carries every media type but not the VPN: chooseUpsell offers the VPN upsell.
    const upsell = main.getByRole('region', { name: enVpn.upsellOffer.title });
    await expect(upsell).toContainText('20 days of VPN access');
    await expectNoSeriousA11yViolations(page, main);
    const toPlans = upsell.getByRole('link', { name: enVpn.upsellOffer.cta });
    await expect(toPlans).toHaveAttribute('href', '/account/membership?for=vpn#plans');
    await toPlans.click();
    await expect(page).toHaveURL(/\/account\/membership\?for=vpn#plans$/);
    // The plans that carry the VPN come first, marked.
    await expect(main.locator('.plan-card').first()).toContainText('VPN');
  });

  test('a member the upsell rule offers nothing (a visited upsell) sees the plain way to the plans', async ({
    page,
  }) => {
    const member = await createMember(page);
    runOperatorCommand([
      'member:tag',
      '--brand',
      'streamhub',
      '--email',
      member.email,
      '--tags',
      'upsell_visited',
    ]);
    await page.goto('/vpn');
    const main = screenOf(page);
    await expect(main.getByRole('heading', { name: enVpn.unavailable.no_vpn_plan.title })).toBeVisible();
    await expect(main.getByRole('link', { name: enVpn.unavailable.upsell })).toHaveAttribute(
      'href',
      '/account/membership',
    );
    await expect(main.getByRole('region', { name: enVpn.upsellOffer.title })).toHaveCount(0);
  });

  test('the VPN page fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createMember(page, { plan: 'VPN Platinum' });
    await page.goto('/vpn');
    const button = screenOf(page).getByRole('button', { name: enVpn.download.button });
    await expect(button).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });
});
