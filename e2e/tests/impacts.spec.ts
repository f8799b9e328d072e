import enBilling from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import enImpacts from '../../apps/web/src/locales/impacts/en-us.json' with { type: 'json' };
import enWallet from '../../apps/web/src/locales/wallet/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';

test.describe('impacts', () => {
  // Buying coins on the hosted page, then funding: a longer journey than one screen.
  test.setTimeout(180_000);

  test('a member funds an impact with coins and sees balance, progress and the wallet line change', async ({
    page,
  }) => {
    await createMember(page, { slug: 'clickcoins' });

    // Coins first, bought as a member would on the hosted payment page.
    await page.goto(brandUrl('clickcoins', '/account/wallet'));
    const wallet = page.getByRole('region', { name: enWallet.wallet.title });
    await wallet.getByRole('radio', { name: /^Use a new card/ }).check();
    await wallet.getByRole('button', { name: /^Buy 100 coins for/ }).click();
    await expect(page).toHaveURL(/\/paymentflow\/checkout\/cs_/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    const receipt = page.getByRole('alertdialog', { name: enBilling.receipt.successTitle });
    await expect(receipt).toBeVisible();
    await receipt.getByRole('button', { name: enBilling.receipt.close }).click();

    // The list: projects with their progress.
    await page.goto(brandUrl('clickcoins', '/impacts'));
    const main = screenOf(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Impacts' })).toBeVisible();
    const link = main.getByRole('link', { name: 'Plant mangroves in Madagascar' });
    await expect(link).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);
    await link.click();

    // The detail: balance 100, fund 2 trees at 20 coins each.
    await expect(
      main.getByRole('heading', { level: 1, name: 'Plant mangroves in Madagascar' }),
    ).toBeVisible();
    await expect(main.getByTestId('impact-balance')).toHaveText('100 coins');
    const progress = main.getByTestId('impact-progress');
    const fundedBefore = Number(((await progress.innerText()).split(' of ')[0] ?? '').replace(/\D/g, ''));
    await expectNoSeriousA11yViolations(page, main);
    await main.getByRole('spinbutton').fill('2');
    await main.getByRole('button', { name: 'Fund for 40 coins' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(main.getByTestId('impact-balance')).toHaveText('60 coins');
    await expect(main.getByTestId('impact-mine')).toHaveText('You funded 2 trees');
    await expect(progress).toContainText(`${(fundedBefore + 2).toLocaleString('en-US')} of`);
    await expect(main.getByRole('list', { name: enImpacts.detail.history })).toContainText('40 coins');

    // The target modal.
    await main.getByRole('button', { name: enImpacts.target.set }).click();
    const dialog = page.getByRole('dialog', { name: enImpacts.target.title });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, dialog);
    await dialog.getByRole('spinbutton').fill('4');
    await dialog.getByRole('button', { name: enImpacts.target.save }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByTestId('impact-mine')).toHaveText('You funded 2 of your target of 4 trees (50%)');

    // Too many coins: refused, nothing spent.
    await main.getByRole('spinbutton').fill('4');
    await main.getByRole('button', { name: 'Fund for 80 coins' }).click();
    await expect(main.getByRole('alert').filter({ hasText: enImpacts.detail.insufficient })).toBeVisible();
    await expect(main.getByTestId('impact-balance')).toHaveText('60 coins');

    // The wallet's newest line is the spend.
    await page.goto(brandUrl('clickcoins', '/account/wallet'));
    const rows = wallet.getByRole('table', { name: enWallet.wallet.transactionsTitle }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Plant mangroves in Madagascar');
    await expect(rows.nth(1)).toContainText('-40');
  });

  test('the impacts list works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createMember(page, { slug: 'clickcoins' });
    await page.goto(brandUrl('clickcoins', '/impacts'));
    const main = screenOf(page);
    await expect(main.getByRole('link', { name: 'Clean water for schools in Kenya' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, main);
  });
});
