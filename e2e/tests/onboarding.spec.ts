import enAccount from '../../apps/web/src/locales/account/en-us.json' with { type: 'json' };
import enBilling from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import enGiveaways from '../../apps/web/src/locales/giveaways/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/onboarding/en-us.json' with { type: 'json' };
import enWallet from '../../apps/web/src/locales/wallet/en-us.json' with { type: 'json' };
import { brandUrl, expect as baseExpect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';
import { runOperatorCommand } from './operator';

/*
 * Onboarding (issue 18 item 4, decision 033): a new member, whom the operator gives the `onboarding`
 * flag (and the giveaways' `sweepsattack:enable`, as the giveaways need), does the three steps through
 * the interface: claims the free welcome gift, enters a giveaway, funds a first impact. The server
 * checks each step from what happened; the finish grants the Explorer Badge and 600 coins once.
 */
const SLUG = 'clickcoins';
// The panel's code and strings load after the home page's own, on a machine shared with the server.
const expect = baseExpect.configure({ timeout: 20_000 });
const fields = enAccount.addresses.fields;

test.describe('onboarding', () => {
  // Buying coins on the hosted page, three screens and the finish, each with its axe scan.
  test.setTimeout(420_000);

  test('a new member completes the three steps and receives 600 coins and the badge once', async ({
    page,
  }) => {
    const member = await createMember(page, { slug: SLUG });

    // Coins for the first impact, bought as a member would on the hosted payment page.
    await page.goto(brandUrl(SLUG, '/account/wallet'));
    const wallet = page.getByRole('region', { name: enWallet.wallet.title });
    // The hosted page: a new card rather than the one saved at sign-up (issue 14 item 5).
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

    runOperatorCommand([
      'member:tag',
      ...['--brand', SLUG, '--email', member.email, '--tags', 'onboarding,sweepsattack:enable'],
    ]);

    // The panel over the home page: three steps, none done yet by the server's word.
    await page.goto(brandUrl(SLUG, '/'));
    const panel = page.getByRole('region', { name: en.panel.title });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('0 of 3 done')).toBeVisible();
    for (const step of ['welcome_gift', 'giveaway_entry', 'first_impact']) {
      await expect(panel.getByTestId(`onboarding-${step}`)).toHaveText(en.panel.todo);
    }
    await expectNoSeriousA11yViolations(page, panel);

    // Dismissed, it waits as a small button and comes back as it was.
    await panel.getByRole('button', { name: en.panel.later }).click();
    await expect(panel).toBeHidden();
    const resume = page.getByRole('button', { name: 'Get started: 0 of 3 done' });
    await expect(resume).toBeVisible();
    await page.reload();
    await expect(resume).toBeVisible();
    await resume.click();
    await expect(panel).toBeVisible();

    // Step 1: the welcome gift, free, shipped to the address given.
    await panel.getByRole('button', { name: en.steps.welcome_gift.action }).click();
    const gift = page.getByRole('dialog', { name: en.gift.title });
    await expect(gift.getByText(/, free, with free shipping\./)).toBeVisible();
    await gift.getByLabel(fields.country).selectOption('US');
    await gift.getByLabel(fields.firstName).fill('Casey');
    await gift.getByLabel(fields.lastName).fill('Member');
    await gift.getByLabel(fields.address, { exact: true }).fill('12 Elm Street');
    await gift.getByLabel(fields.city).fill('Springfield');
    await gift.getByLabel(fields.region).fill('IL');
    await gift.getByLabel(fields.postcode).fill('62701');
    await gift.getByLabel(fields.phone).fill('+1 217 555 0100');
    await expectNoSeriousA11yViolations(page, gift);
    await gift.getByRole('button', { name: en.gift.submit }).click();
    await expect(gift.getByRole('status')).toContainText('Your gift is on its way:');
    await gift.getByRole('button', { name: en.gift.close }).click();
    await expect(panel.getByTestId('onboarding-welcome_gift')).toHaveText(en.panel.done);
    await expect(panel.getByText('1 of 3 done')).toBeVisible();

    // Step 2: the panel's link leads to the giveaways and steps aside; a free entry there.
    await panel.getByRole('link', { name: en.steps.giveaway_entry.action }).click();
    await expect(page).toHaveURL(/\/giveaways$/);
    await expect(panel).toBeHidden();
    const monthly = screenOf(page).getByRole('article', { name: 'Members’ monthly prize' });
    await monthly.getByLabel(enGiveaways.giveaways.over18).check();
    await monthly.getByRole('button', { name: enGiveaways.giveaways.enterFree }).click();
    await expect(monthly.getByRole('status')).toHaveText(enGiveaways.giveaways.entered);

    // Step 3: a first impact, funded with coins.
    await page.getByRole('button', { name: /^Get started: / }).click();
    await expect(panel.getByTestId('onboarding-giveaway_entry')).toHaveText(en.panel.done);
    await panel.getByRole('link', { name: en.steps.first_impact.action }).click();
    const main = screenOf(page);
    await main.getByRole('link', { name: 'Plant mangroves in Madagascar' }).click();
    await main.getByRole('spinbutton').fill('1');
    await main.getByRole('button', { name: 'Fund for 20 coins' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(main.getByTestId('impact-mine')).toHaveText('You funded 1 tree');

    // The finish, on a phone: the server checks the three steps again and grants the reward once.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(brandUrl(SLUG, '/'));
    await page.getByRole('button', { name: 'Get started: 3 of 3 done' }).click();
    await expect(panel.getByText(en.finish.ready)).toBeVisible();
    await expect(panel.getByTestId('onboarding-first_impact')).toHaveText(en.panel.done);
    await expectNoSeriousA11yViolations(page, panel);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await panel.getByRole('button', { name: en.finish.button }).click();
    const reward = page.getByRole('alertdialog', { name: en.finish.title });
    await expect(reward.getByTestId('onboarding-reward')).toHaveText('600 coins were added to your wallet.');
    await expect(reward.getByTestId('onboarding-balance')).toHaveText('Your balance: 680 coins.');
    await expectNoSeriousA11yViolations(page, reward);

    // The badge on the profile, and the panel gone for good.
    await page.setViewportSize({ width: 1280, height: 900 });
    await reward.getByRole('link', { name: en.finish.seeBadge }).click();
    const badges = screenOf(page).getByRole('region', { name: en.badges.title });
    await expect(badges.getByTestId('badge-explorer')).toContainText(en.badges.explorer.name);
    await expectNoSeriousA11yViolations(page, badges);
    await expect(page.getByRole('button', { name: /^Get started: / })).toHaveCount(0);
    await expect(panel).toHaveCount(0);

    // A replay of the finish grants nothing more: one onboarding line, the same balance.
    const replay = await member.graphql<{
      member: { completeOnboarding: { granted: boolean; balance: number } };
    }>('mutation { member { completeOnboarding { granted balance } } }');
    expect(replay.member.completeOnboarding).toEqual({ granted: false, balance: 680 });
    const ledger = await member.graphql<{
      member: { creditTransactions: { items: { source: string; amount: number }[] } };
    }>('{ member { creditTransactions(limit: 100) { items { source amount } } } }');
    expect(ledger.member.creditTransactions.items.filter((line) => line.source === 'onboarding')).toEqual([
      { source: 'onboarding', amount: 600 },
    ]);
  });
});
