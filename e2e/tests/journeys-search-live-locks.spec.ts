import type { Page } from '@playwright/test';
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import enBilling from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import enPlayer from '../../apps/web/src/locales/player/en-us.json' with { type: 'json' };
import enSearching from '../../apps/web/src/locales/searching/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember, fill } from './members';
import { streamIn } from './streams';

/*
 * Issue 14 items 6, 7 and 3's lock badges (docs/decisions/036), each journey on its own member, with
 * axe, at a phone's and a desktop's width: search counts, "See all" with pages and Back, suggestions by
 * keyboard; an ended match offers its replay and plays without the LIVE badge, an upcoming one a
 * reminder kept by the server, the live stats page moves with the loop; a locked card says why and
 * leads to the plans.
 */

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const mediaTitle = (type: string) => enShell.media[type as keyof typeof enShell.media].title;
const countText = (group: { count: number; countCapped: boolean }) =>
  `${group.count.toLocaleString('en-US')}${group.countCapped ? '+' : ''}`;

interface Group {
  mediaType: string;
  count: number;
  countCapped: boolean;
  items: { id: number; title: string }[];
}

async function searchGroups(member: Member, query: string): Promise<Group[]> {
  const data = await member.graphql<{ content: { search: Group[] } }>(
    'query S($q: String!) { content { search(query: $q, first: 20, withCounts: true) { mediaType count countCapped items { id title } } } }',
    { q: query },
  );
  return data.content.search.filter((group) => group.items.length > 0);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/x-search/${name}.png`, fullPage: false });

test.describe('search: counts, See all and suggestions', () => {
  for (const screen of SCREENS) {
    test(`counts per type, See all pages through one type and Back keeps the page (${screen.name})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(screen);
      const member = await createMember(page);
      const groups = await searchGroups(member, 'the');
      const big = groups.find((group) => group.countCapped || group.count > 48);
      if (!big) throw new Error('no media type with more than two pages for "the"');

      await page.goto('/search?q=the');
      const heading = `${mediaTitle(big.mediaType)} · ${countText(big)}`;
      const row = page.getByRole('region', { name: heading, exact: true });
      await expect(row).toBeVisible({ timeout: 15_000 });
      // Every type's heading carries the server's count, and the status line their sum, said once.
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        groups.map((group) => `${mediaTitle(group.mediaType)} · ${countText(group)}`),
      );
      await expectNoSeriousA11yViolations(page, screenOf(page));
      await shot(page, `search-counts-${screen.name}`);

      await row.getByRole('link', { name: fill(enBrowse.shelf.seeAllOf, { title: heading }) }).click();
      await expect(page).toHaveURL(new RegExp(`/search/${big.mediaType}\\?q=the$`));
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: fill(enSearching.typeTitle, { media: mediaTitle(big.mediaType), query: 'the' }),
        }),
      ).toBeVisible();
      const cards = page.getByRole('main').locator('.media-card__link');
      await expect(cards).toHaveCount(24);
      const firstOfPage1 = await cards.first().getAttribute('href');
      await page.getByRole('link', { name: enSearching.next }).click();
      await expect(page).toHaveURL(/after=/);
      await expect(
        page.getByRole('status').filter({ hasText: fill(enSearching.pageOf, { page: '2' }) }),
      ).toBeVisible();
      await expect(cards.first()).not.toHaveAttribute('href', firstOfPage1 ?? '');
      await expectNoSeriousA11yViolations(page, screenOf(page));
      await shot(page, `search-see-all-${screen.name}`);

      // A title of page 2, then Back: page 2 again, the same titles.
      const page2Hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      const page2Url = page.url();
      await cards.nth(3).click();
      await expect(page).toHaveURL(/\/browse\//);
      await page.goBack();
      await expect(page).toHaveURL(page2Url);
      await expect(cards).toHaveCount(24);
      expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
        page2Hrefs,
      );

      // Previous returns to page 1.
      await page.getByRole('link', { name: enSearching.previous }).click();
      await expect(cards.first()).toHaveAttribute('href', firstOfPage1 ?? '');
    });
  }

  test('suggestions while typing, chosen with the keyboard', async ({ page }) => {
    test.setTimeout(60_000);
    const member = await createMember(page);
    const [group] = await searchGroups(member, 'harbor');
    const wanted = group?.items[0];
    if (!group || !wanted) throw new Error('no title matches "harbor"');

    await page.goto('/search');
    const field = page.getByRole('combobox', { name: enSearching.label });
    await field.pressSequentially('harbor', { delay: 30 });
    const list = page.getByRole('listbox', { name: enSearching.suggestions });
    await expect(list).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await shot(page, 'search-suggestions-desktop');

    // Escape closes the list and keeps the text; ArrowDown opens it on the first title.
    await field.press('Escape');
    await expect(list).toBeHidden();
    await expect(field).toHaveValue('harbor');
    await field.press('ArrowDown');
    await expect(list).toBeVisible();
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const title = (await first.locator('.search-suggestions__title').innerText()).trim();
    await field.press('Enter');
    // The title's page loads its details before the address changes: a cold chunk on a busy machine.
    await expect(page).toHaveURL(/\/browse\/[a-z]+\/id\/\d+/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('says "No results found" once', async ({ page }) => {
    await createMember(page);
    await page.goto('/search?q=zqxjkvw');
    await expect(page.getByRole('heading', { level: 2, name: enSearching.noResults.title })).toBeVisible();
    await expect(page.getByText(enSearching.noResults.title, { exact: true })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });
});

test.describe('sports: live means live', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const screen of SCREENS) {
    test(`an ended match offers its replay, which plays without the LIVE badge (${screen.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(screen);
      const member = await createMember(page);
      const stream = await streamIn(member, 'replay');
      const event = stream.liveSchedule[0];
      await page.goto(`/browse/stream/id/${String(stream.id)}/${stream.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: stream.title })).toBeVisible();
      const replay = page.getByRole('button', {
        name: fill(enBrowse.live.watchReplay, { title: event?.title ?? '' }),
      });
      await expect(replay).toBeVisible();
      await expect(page.getByRole('button', { name: / live$/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, screenOf(page));
      await shot(page, `sports-replay-${screen.name}`);

      await replay.click();
      const player = page.getByRole('region', { name: enPlayer.region });
      await expect(player.getByRole('heading', { level: 2 })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0.5);
      await expect(player.getByText(enPlayer.live.badge, { exact: true })).toHaveCount(0);
    });
  }

  test('an ended match without a recording offers nothing to watch', async ({ page }) => {
    const member = await createMember(page);
    const stream = await streamIn(member, 'no-replay');
    await page.goto(`/browse/stream/id/${String(stream.id)}/${stream.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: stream.title })).toBeVisible();
    await expect(page.getByRole('main').getByText(enBrowse.live.noReplay).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Watch/ })).toHaveCount(0);
  });

  test('an upcoming match offers a reminder the server keeps until it is removed', async ({ page }) => {
    const member = await createMember(page);
    const stream = await streamIn(member, 'upcoming');
    await page.goto(`/browse/stream/id/${String(stream.id)}/${stream.slug}`);
    const remind = page
      .getByRole('main')
      .getByRole('button', { name: new RegExp(`^${enBrowse.live.remind}`) })
      .first();
    await expect(remind).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: / live$/ })).toHaveCount(0);
    await remind.click();
    await expect(remind).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: enBrowse.live.reminderSet }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // Kept by the server: after a reload, and in the member's reminders.
    await page.reload();
    await expect(remind).toHaveAttribute('aria-pressed', 'true');
    const saved = await member.graphql<{ member: { liveReminders: { mediaId: number }[] } }>(
      'query { member { liveReminders { mediaId } } }',
    );
    expect(saved.member.liveReminders.map((reminder) => reminder.mediaId)).toEqual([stream.id]);

    await remind.click();
    await expect(remind).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(remind).toHaveAttribute('aria-pressed', 'false');
  });

  for (const screen of SCREENS) {
    test(`the live stats page shows the match's figures and follows the loop (${screen.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(screen);
      const member = await createMember(page);
      const stream = await streamIn(member, 'live');
      await page.goto(`/browse/stream/live/${stream.slug}`);
      const stats = page.getByRole('region', { name: enBrowse.live.statsTitle });
      await expect(stats).toBeVisible();
      await expect(stats.getByText(enBrowse.live.status.live, { exact: true })).toBeVisible();
      const clock = stats.getByTestId('live-clock');
      await expect(clock).toHaveText(/^\d+′$/);
      const first = await clock.innerText();
      // The page asks again every few seconds and the loop moves on: the clock changes.
      await expect.poll(() => clock.innerText(), { timeout: 30_000 }).not.toBe(first);
      await expect(stats.getByRole('listitem').first()).toBeVisible();
      await expect(
        page
          .getByRole('button', {
            name: fill(enBrowse.live.watchLive, { title: stream.liveSchedule[0]?.title ?? '' }),
          })
          .first(),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, screenOf(page));
      await shot(page, `sports-live-stats-${screen.name}`);
    });
  }
});

test.describe('locked titles', () => {
  for (const screen of SCREENS) {
    test(`a locked card says why before it is opened, and leads to the plans (${screen.name})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(screen);
      // Multimedia Premium holds no sports: the brand's streams are locked for this member.
      await createMember(page, { slug: 'clickcoins', plan: 'Multimedia Premium' });
      await page.goto(brandUrl('clickcoins', '/browse/stream/popular'));
      const locked = page
        .locator('.media-card')
        .filter({ has: page.getByText(enBrowse.card.lock.subscription_required, { exact: true }) });
      await expect(locked.first()).toBeVisible({ timeout: 15_000 });
      await expectNoSeriousA11yViolations(page, screenOf(page));
      await shot(page, `lock-cards-${screen.name}`);

      const link = locked.first().locator('.media-card__link');
      await expect(link).toHaveAccessibleName(new RegExp(enBrowse.card.lock.subscription_required));
      await link.click();
      await expect(
        page.getByRole('heading', { level: 1, name: enBrowse.refused.subscriptionTitle }),
      ).toBeVisible();
      const plans = page.getByRole('link', { name: enBrowse.refused.seeMembership });
      await expect(plans).toHaveAttribute('href', '/account/membership?for=stream#plans');
      await plans.click();
      // A member with a plan is offered the plans that add sports to it.
      const picker = page.getByRole('region', { name: enBilling.plans.addTitle });
      await expect(picker).toBeVisible();
      await expect(
        picker.getByText(fill(enBilling.plans.forMedia, { media: mediaTitle('stream') })),
      ).toBeVisible();
      await expect(
        picker.getByRole('button', { name: fill(enBilling.plans.joinLabel, { plan: 'Premium' }) }),
      ).toBeVisible();
    });
  }
});
