import type { Page } from '@playwright/test';
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import en from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { signInAs } from './members';

const MEDIA_TYPES = ['audiobook', 'ebook', 'music', 'movie', 'game', 'stream', 'software'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The first card's link of a list page or shelf, and the id in its href. */
async function firstCard(page: Page): Promise<{ href: string; id: number; title: string }> {
  const link = page.locator('.media-card__link').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const title = (await link.locator('.media-card__title').textContent()) ?? '';
  return { href, id: Number(/\/id\/(\d+)/.exec(href)?.[1]), title };
}

/**
 * Every title of a type listed for a country, through content.list from the signed-in page (the geo
 * header names the country, as a trusted CDN would).
 */
async function idsVisibleFrom(page: Page, mediaType: MediaType, country: string): Promise<Set<number>> {
  const ids = await page.evaluate(
    async ({ mediaType, country }) => {
      const found: number[] = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i += 1) {
        const response = await fetch('/membergraphapi/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-country-code': country },
          body: JSON.stringify({
            query:
              'query ($mediaType: String!, $after: String) { content { list(mediaType: $mediaType, after: $after, first: 100) { items { id } nextCursor } } }',
            variables: { mediaType, after },
          }),
        });
        const body = (await response.json()) as {
          data: { content: { list: { items: { id: number }[]; nextCursor: string | null } } };
        };
        found.push(...body.data.content.list.items.map((item) => item.id));
        after = body.data.content.list.nextCursor;
        if (!after) break;
      }
      return found;
    },
    { mediaType, country },
  );
  return new Set(ids);
}

test.describe('browsing the catalog', () => {
  for (const type of MEDIA_TYPES) {
    test(`a member browses ${type} and opens a title`, async ({ page }) => {
      await signInAs(page, 'active@streamhub.demo');
      // Every screen has the main menu: a light one.
      await page.goto('/history');
      const mediaTitle = en.media[type].title;
      await page
        .getByRole('navigation', { name: en.nav.mainLabel })
        .getByRole('link', { name: mediaTitle, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`/browse/${type}$`));
      await expect(page.getByRole('heading', { level: 1, name: mediaTitle })).toBeVisible();
      const releases = page.getByRole('region', { name: enBrowse.shelves.newReleases });
      await expect(releases.getByRole('link').first()).toBeVisible();
      if (type === 'movie') await expectNoSeriousA11yViolations(page, screenOf(page));

      const card = await firstCard(page);
      await page.goto(card.href);
      await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
      await expect(page.getByRole('region', { name: enBrowse.details.facts })).toBeVisible();
      // A stream offers what its broadcast's status allows (decision 036): live, replay, a reminder or nothing.
      const action =
        type === 'stream'
          ? page
              .getByRole('main')
              .getByRole('button', { name: / live$|^Watch the replay of |^Remind me/ })
              .or(page.getByRole('main').getByText(enBrowse.live.noReplay))
              .first()
          : page.getByRole('button', { name: new RegExp(`^(${Object.values(enBrowse.verbs).join('|')})$`) });
      await expect(action).toBeVisible();
      await expect(page).toHaveTitle(`${card.title} · StreamHub`);
      await expectNoSeriousA11yViolations(page, screenOf(page));
    });
  }

  test('the detail page lists tracks with play buttons and a save button', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/browse/music/popular');
    await expect(page.getByRole('heading', { level: 1, name: /Music: popular/ })).toBeVisible();
    const card = await firstCard(page);
    await page.goto(card.href);
    const tracks = page.getByRole('region', { name: enBrowse.parts.tracks });
    await expect(tracks.getByRole('button', { name: /^Play / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^(save|saved)$/i })).toBeVisible();
    await expect(page.getByRole('region', { name: enBrowse.details.people })).toContainText(
      enBrowse.roles.artists,
    );
  });

  test('pages through a genre with Load more, by keyboard', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/browse/movie/genres');
    await expect(page.getByRole('heading', { level: 1, name: /Movies: genres/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    // A parent genre lists its subgenres' titles too, so it has more than one page.
    await page.getByRole('heading', { level: 2 }).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/browse\/movie\/genre\/\d+$/);
    const grid = page.locator('.media-grid__list');
    await expect(grid.getByRole('listitem')).toHaveCount(24);
    await expectNoSeriousA11yViolations(page, screenOf(page));

    const loadMore = page.getByRole('button', { name: enBrowse.grid.loadMore });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.getByRole('listitem').count()).toBeGreaterThan(24);
    const ids = await grid
      .locator('.media-card__link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('loads more titles as the reader scrolls', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/browse/ebook/new-releases');
    const grid = page.locator('.media-grid__list');
    await expect(grid.getByRole('listitem')).toHaveCount(24);
    await page.locator('.media-grid__sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => grid.getByRole('listitem').count()).toBeGreaterThanOrEqual(48);
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test('an unknown title or genre shows Not Found', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/browse/movie/id/99999999/nothing');
    await expect(page.getByRole('heading', { level: 1, name: en.errors.notFound.title })).toBeVisible();
    await page.goto('/browse/movie/genre/99999999');
    await expect(page.getByRole('heading', { level: 1, name: en.errors.notFound.title })).toBeVisible();
  });

  test('live stats show what is on and a Play button for the stream', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/browse/stream/live');
    await expect(page.getByRole('heading', { level: 1, name: enBrowse.liveTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: enBrowse.live.onNow })).toBeVisible();
    const schedule = page.getByRole('region', { name: enBrowse.live.schedule });
    await expect(schedule.getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // The demo brand has more streams than one page: the next page's schedules join the list.
    const rows = schedule.getByRole('listitem');
    const firstPageRows = await rows.count();
    await page.getByRole('button', { name: enBrowse.live.moreStreams }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(firstPageRows);
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // A stream of any page opens by its slug (content.liveStream).
    const stats = schedule.getByRole('link', { name: /^Live stats of / });
    const last = stats.last();
    const title = ((await last.getAttribute('aria-label')) ?? '').replace(/^Live stats of /, '');
    await last.click();
    await expect(page).toHaveURL(/\/browse\/stream\/live\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Its figures; what it offers (live, replay, reminder) follows its status (journeys-search-live-locks).
    await expect(page.getByRole('region', { name: enBrowse.live.statsTitle })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    await page.goto('/browse/stream/live/no-such-stream-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: en.errors.notFound.title })).toBeVisible();
  });
});

test.describe('access rules', () => {
  test('a member without the movie subscription is refused a movie where the brand has the access tag', async ({
    page,
  }) => {
    await signInAs(page, 'music@clickcoins.demo', undefined, 'clickcoins');
    await page.goto(brandUrl('clickcoins', '/browse/movie'));
    const free = page.getByRole('region', { name: /Free Movies/ });
    await expect(free.getByRole('link').first()).toBeVisible();
    const freeHrefs = await free
      .locator('.media-card__link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    await page.goto(brandUrl('clickcoins', '/browse/movie/popular'));
    await expect(page.locator('.media-card__link').first()).toBeVisible();
    const paid = page
      .locator('.media-card')
      .filter({ hasNot: page.getByText(enBrowse.card.free, { exact: true }) })
      .locator('.media-card__link');
    const hrefs = await paid.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    const href = hrefs.find((candidate) => !freeHrefs.includes(candidate));
    expect(href).toBeTruthy();
    await page.goto(brandUrl('clickcoins', href ?? '/'));
    await expect(
      page.getByRole('heading', { level: 1, name: enBrowse.refused.subscriptionTitle }),
    ).toBeVisible();
    // The way to the plans that include the refused media type (issue 14 item 3).
    await expect(page.getByRole('link', { name: enBrowse.refused.seeMembership })).toHaveAttribute(
      'href',
      '/account/membership?for=movie#plans',
    );
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // Music is in the subscription.
    await page.goto(brandUrl('clickcoins', '/browse/music/popular'));
    const music = await firstCard(page);
    await page.goto(brandUrl('clickcoins', music.href));
    await expect(page.getByRole('heading', { level: 1, name: music.title })).toBeVisible();
  });

  test('a geo-restricted title shows the location message', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    // The lookups below are the page's own calls, from the brand's site.
    await page.goto('/history');
    // A title that plays in Great Britain only: listed from there, not from the United States.
    let restricted: { type: MediaType; id: number } | null = null;
    for (const type of ['movie', 'music', 'ebook', 'audiobook'] as const) {
      const fromGb = await idsVisibleFrom(page, type, 'GB');
      const fromUs = await idsVisibleFrom(page, type, 'US');
      const id = [...fromGb].find((candidate) => !fromUs.has(candidate));
      if (id !== undefined) {
        restricted = { type, id };
        break;
      }
    }
    expect(restricted).not.toBeNull();
    // Every request of the page now comes from the United States.
    await page.setExtraHTTPHeaders({ 'x-country-code': 'US' });
    await page.goto(`/browse/${restricted?.type ?? 'movie'}/id/${String(restricted?.id ?? 0)}`);
    await expect(page.getByText(enBrowse.refused.locationMessage)).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test('an iPhone hides games and software', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/history');
    await page.getByRole('button', { name: /menu/i }).first().click();
    const menu = page.getByRole('navigation', { name: /main/i });
    await expect(menu.getByRole('link', { name: en.media.movie.title, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: en.media.game.title, exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: en.media.software.title, exact: true })).toHaveCount(0);
    await page.goto('/browse/game');
    await expect(page.getByRole('heading', { level: 1, name: en.errors.notFound.title })).toBeVisible();
    await page.goto('/browse/software/popular');
    await expect(page.getByRole('heading', { level: 1, name: en.errors.notFound.title })).toBeVisible();
    await page.goto('/browse/movie');
    await expect(page.getByRole('heading', { level: 1, name: en.media.movie.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await context.close();
  });
});
