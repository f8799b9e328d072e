import shell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/giveaways/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { signInAs } from './members';

/*
 * Giveaways (issue 16) as a member lives them. Giveaways need an operator's tag on the member
 * (`sweepsattack:enable`, which a member cannot give themselves), so these tests use the demo members
 * the giveaway seed enables (README), on the ClickCoins brand, which no other test uses for giveaways:
 * `test@` takes its free monthly entry, `active@` won `DEMO-WON` and claims it. Each test changes only
 * its own member's giveaways, once per fresh database (the e2e server starts on one).
 */
const g = en.giveaways;
const SLUG = 'clickcoins';

test.describe('giveaways', () => {
  // Several screens and modals, each with its axe scan.
  test.setTimeout(120_000);

  test('a member enters for free, reads the contest rules and prepares a postal entry', async ({ page }) => {
    await signInAs(page, 'test@clickcoins.demo', undefined, SLUG);
    await page.goto(brandUrl(SLUG, '/giveaways'));
    const screen = screenOf(page);
    await expect(page.getByRole('heading', { level: 1, name: shell.giveaways.title })).toBeVisible();

    // The free monthly entry, with the over-18 confirmation.
    const monthly = screen.getByRole('article', { name: 'Members’ monthly prize' });
    await expect(monthly.getByText(g.states.active)).toBeVisible();
    const enterFree = monthly.getByRole('button', { name: g.enterFree });
    await expect(enterFree).toBeDisabled();
    await monthly.getByLabel(g.over18).check();
    await enterFree.click();
    await expect(monthly.getByRole('status')).toHaveText(g.entered);
    await expect(monthly.getByText(g.states.monthly_exclusive)).toBeVisible();
    await expectNoSeriousA11yViolations(page, screen);

    // The contest rules, written from the giveaway's own fields.
    await monthly.getByRole('button', { name: en.rules.open }).click();
    const rules = page.getByRole('dialog', { name: 'Official rules: Members’ monthly prize' });
    await expect(rules).toBeVisible();
    await expect(rules.getByText(/You must be 18 or older/)).toBeVisible();
    await expect(rules.getByText(/Free entry by mail: .*\(DEMO-MONTHLY\)/)).toBeVisible();
    await expect(rules.getByText(/at least 3,000 different entrants/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, rules);
    await rules.getByRole('button', { name: en.rules.close }).click();
    await expect(rules).toBeHidden();

    // The postal entry: refused with a PO box, then the printable mailing instructions.
    const tv = screen.getByRole('article', { name: 'Win a 4K TV' });
    await tv.getByRole('button', { name: en.postal.open }).click();
    const postal = page.getByRole('dialog', { name: en.postal.title });
    await postal.getByLabel(en.postal.fields.fullName).fill('Robin Q. Entrant');
    await postal.getByLabel(en.postal.fields.address, { exact: true }).fill('P.O. Box 12');
    await postal.getByLabel(en.postal.fields.city).fill('Springfield');
    await postal.getByLabel(en.postal.fields.postcode).fill('12345');
    await postal.getByLabel(en.postal.fields.email).fill('robin@example.com');
    await postal.getByRole('button', { name: en.postal.submit }).click();
    await expect(postal.getByText(en.postal.issues.po_box)).toBeVisible();
    await expect(postal.getByText(en.postal.issues.not_adult)).toBeVisible();
    await expectNoSeriousA11yViolations(page, postal);

    await postal.getByLabel(en.postal.fields.address, { exact: true }).fill('12 Elm Street');
    // The brand's country comes first (ClickCoins bills in Canada); this entrant writes from Germany.
    await expect(postal.getByLabel(en.postal.fields.country)).toHaveValue('CA');
    await postal.getByLabel(en.postal.fields.country).fill('de');
    await postal.getByLabel(g.over18).check();
    await postal.getByRole('button', { name: en.postal.submit }).click();
    const instructions = postal.getByRole('region', { name: en.postal.printTitle });
    await expect(instructions).toBeVisible();
    await expect(instructions.getByText('Robin Q. Entrant')).toBeVisible();
    // Each address the way its country writes it: the postcode before the town in Germany, the
    // province and postcode after the city in Canada.
    await expect(instructions.getByText('12345 Springfield', { exact: true })).toBeVisible();
    await expect(instructions.getByText('Germany', { exact: true })).toBeVisible();
    await expect(instructions.getByText('Toronto ON M5H 3T4', { exact: true })).toBeVisible();
    await expect(instructions.getByText('Canada', { exact: true })).toBeVisible();
    await expect(instructions.getByText('Giveaway: Win a 4K TV (DEMO-ACTIVE)')).toBeVisible();
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await postal.getByRole('button', { name: en.postal.print }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expectNoSeriousA11yViolations(page, postal);
    await postal.getByRole('button', { name: en.rules.close }).click();

    // On a phone the list fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(monthly).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the demo winner sees the winner modal once and claims the prize', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'active@clickcoins.demo', undefined, SLUG);
    await page.goto(brandUrl(SLUG, '/giveaways'));

    const winner = page.getByRole('alertdialog', { name: en.winner.title });
    await expect(winner).toBeVisible();
    await expect(winner).toContainText('Win a game console');
    await expectNoSeriousA11yViolations(page, winner);
    await winner.getByRole('link', { name: en.winner.claim }).click();
    await expect(winner).toBeHidden();
    await expect(page).toHaveURL(/\/giveaways\/id\/\d+$/);

    const screen = screenOf(page);
    const claim = screen.getByRole('form', { name: en.claim.title });
    await expect(claim).toBeVisible();
    await claim.getByRole('button', { name: en.claim.submit }).click();
    await expect(claim.getByText(en.claim.issues.invalid_country)).toBeVisible();
    const fields = en.claim.fields;
    await claim.getByLabel(fields.country).fill('US');
    await claim.getByLabel(fields.firstName).fill('Alex');
    await claim.getByLabel(fields.lastName).fill('Winner');
    await claim.getByLabel(fields.address, { exact: true }).fill('1 Main Street');
    await claim.getByLabel(fields.city).fill('Albany');
    await claim.getByLabel(fields.region).fill('NY');
    await claim.getByLabel(fields.postcode).fill('12207');
    await claim.getByLabel(fields.phone).fill('+1 518 555 0100');
    await claim.getByLabel(g.over18).check();
    await expectNoSeriousA11yViolations(page, screen);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await claim.getByRole('button', { name: en.claim.submit }).click();
    await expect(screen.getByRole('status')).toHaveText(en.claim.done);
    // The address the prize ships to, as the United States writes it.
    const shipTo = screen.locator('address').filter({ hasText: 'Alex Winner' });
    await expect(shipTo).toHaveText(
      ['Alex Winner', '1 Main Street', 'Albany, NY 12207', 'United States', '+1 518 555 0100'].join(''),
    );
    await expect(screen.getByText(g.states.winner_claimed)).toBeVisible();

    // Shown once: the modal does not come back.
    await page.goto(brandUrl(SLUG, '/giveaways'));
    await expect(screen.getByRole('article', { name: 'Win a game console' })).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: en.winner.title })).toHaveCount(0);
  });
});
