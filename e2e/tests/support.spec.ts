import type { Page } from '@playwright/test';
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import enPlayer from '../../apps/web/src/locales/player/en-us.json' with { type: 'json' };
import enSupport from '../../apps/web/src/locales/support/en-us.json' with { type: 'json' };
import { expect as baseExpect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember } from './members';

// Media start-up shares the test machine's two cores with the server: allow it time.
const expect = baseExpect.configure({ timeout: 20_000 });

const brand = 'StreamHub';
const faq = enSupport.faq.items;
const question = (key: keyof typeof faq) => faq[key].q.replace('{brand}', brand);

/** The newest audiobook, read from the member graph API as the member. */
async function newestAudiobook(member: Member): Promise<{ id: number; title: string }> {
  const data = await member.graphql<{ content: { list: { items: { id: number; title: string }[] } } }>(
    'query { content { list(mediaType: "audiobook", first: 1) { items { id title } } } }',
  );
  const [title] = data.content.list.items;
  if (!title) throw new Error('no audiobook');
  return title;
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test.describe('support and FAQ', () => {
  // A new member, a media start-up and a few axe scans on a shared machine.
  test.slow();

  test('a member searches the FAQ and finds the contacts', async ({ page }) => {
    await createMember(page);
    await page.goto('/faq');
    const main = screenOf(page);
    await expect(main.getByRole('heading', { level: 1, name: enSupport.title })).toBeVisible();
    const items = main.getByTestId('faq-item');
    await expect(items).toHaveCount(Object.keys(faq).length);
    await expect(main.getByText(question('membership'))).toBeVisible();

    const search = main.getByRole('searchbox', { name: enSupport.faq.search });
    await search.fill('cancel membership');
    await expect(main.getByText(question('cancel'))).toBeVisible();
    await expect(main.getByText(question('vpn'))).toHaveCount(0);
    await main.getByText(question('cancel')).click();
    await expect(main.getByText(faq.cancel.a)).toBeVisible();

    await search.fill('no such words anywhere');
    await expect(items).toHaveCount(0);
    await expect(main.getByText(enSupport.faq.noResults)).toBeVisible();
    await search.fill('');
    await expect(items).toHaveCount(Object.keys(faq).length);

    await expect(main.getByTestId('support-email')).toHaveAttribute('href', /^mailto:.+@.+/);
    await expect(main.getByTestId('support-address')).not.toBeEmpty();
    await expectNoSeriousA11yViolations(page, main);
  });

  test('the mini player bar offers "Report a problem" too, with the title and the position', async ({
    page,
  }) => {
    const member = await createMember(page);
    const book = await newestAudiobook(member);
    await page.goto(`/browse/audiobook/id/${String(book.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await page.getByRole('button', { name: enBrowse.verbs.listen, exact: true }).click();
    const player = page.getByRole('region', { name: enPlayer.region });
    await expect(player.getByRole('heading', { name: book.title })).toBeVisible();
    // Playing (the audio element is there and moving), and the bar stays small: no expanding first.
    await expect(player.getByRole('button', { name: enPlayer.pause, exact: true })).toBeVisible();
    await expect(player.getByRole('button', { name: enPlayer.expand })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await player.getByRole('link', { name: enPlayer.reportProblem }).click();
    await expect(page).toHaveURL(/\/support\?report=\d+&type=audiobook&at=\d+&title=/);
    const main = screenOf(page);
    await expect(main.getByTestId('report-about')).toContainText(book.title);
    await expect(main.getByRole('combobox', { name: enSupport.report.mediaType })).toHaveValue('audiobook');
    await expectNoSeriousA11yViolations(page, player);
  });

  test('a member reports a problem from the player and sees it listed', async ({ page }) => {
    const member = await createMember(page);
    const book = await newestAudiobook(member);
    await page.goto(`/browse/audiobook/id/${String(book.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await page.getByRole('button', { name: enBrowse.verbs.listen, exact: true }).click();
    const player = page.getByRole('region', { name: enPlayer.region });
    await expect(player.getByRole('heading', { name: book.title })).toBeVisible();
    await player.getByRole('button', { name: enPlayer.expand }).click();
    await player.getByRole('link', { name: enPlayer.reportProblem }).click();

    await expect(page).toHaveURL(/\/support\?report=\d+&type=audiobook&at=\d+&title=/);
    const main = screenOf(page);
    await expect(main.getByTestId('report-about')).toContainText(book.title);
    await expect(main.getByRole('combobox', { name: enSupport.report.mediaType })).toHaveValue('audiobook');
    await main.getByRole('combobox', { name: enSupport.report.group }).selectOption({
      label: enSupport.groups.audio,
    });
    await main.getByRole('combobox', { name: enSupport.report.issue, exact: true }).selectOption({
      label: enSupport.issues.no_sound,
    });
    await main.getByRole('textbox', { name: enSupport.report.message }).fill('Silent from the start.');
    await main.getByRole('button', { name: enSupport.report.submit }).click();
    await expect(main.getByText(enSupport.report.sent)).toBeVisible();

    const reports = main.getByTestId('support-report');
    await expect(reports).toHaveCount(1);
    await expect(reports.first()).toContainText(book.title);
    await expect(reports.first()).toContainText(enSupport.issues.no_sound);
    await expect(reports.first()).toContainText('Silent from the start.');
    await expectNoSeriousA11yViolations(page, main);

    // The server kept it: a fresh load lists it again.
    await page.goto('/support');
    await expect(screenOf(page).getByTestId('support-report')).toHaveCount(1);
  });

  test('at phone width, a member sends feedback and the screen fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createMember(page);
    await page.goto('/support');
    const main = screenOf(page);
    await expect(main.getByRole('heading', { level: 1, name: enSupport.title })).toBeVisible();
    await expect(main.getByText(enSupport.list.empty)).toBeVisible();
    // A problem report with nothing in it is refused with a clear reason.
    await main.getByRole('combobox', { name: enSupport.report.mediaType }).selectOption('movie');
    await main.getByRole('button', { name: enSupport.report.submit }).click();
    await expect(main.getByText(enSupport.refusal.empty_report)).toBeVisible();

    await main.getByRole('radio', { name: enSupport.forms.feedback }).check();
    await main.getByRole('textbox', { name: enSupport.feedback.message }).fill('Lovely app, thank you.');
    await main.getByRole('button', { name: enSupport.feedback.submit }).click();
    await expect(main.getByText(enSupport.feedback.sent)).toBeVisible();
    await expect(main.getByTestId('support-report')).toHaveCount(1);
    await expect(main.getByTestId('support-report').first()).toContainText(enSupport.list.feedback);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoSeriousA11yViolations(page, main);
  });
});
