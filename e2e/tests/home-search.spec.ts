import type { Page } from '@playwright/test';
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enSearching from '../../apps/web/src/locales/searching/en-us.json' with { type: 'json' };
import jaSearching from '../../apps/web/src/locales/searching/ja-jp.json' with { type: 'json' };
import enShelves from '../../apps/web/src/locales/shelves/en-us.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { fill, signInAs } from './members';

const GRAPHQL = '/membergraphapi/graphql';
const mediaTitle = (type: string) => enShell.media[type as keyof typeof enShell.media].title;
const cookieNotice = (page: Page) =>
  page.getByRole('region', { name: fill(enShelves.cookies.title, { brand: 'StreamHub' }) });

/** content.search as the signed-in member, from the page (same origin, its cookie). */
async function searchGroups(page: Page, query: string) {
  const body = await page.evaluate(
    async ({ url, query: q }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'query S($q: String!) { content { search(query: $q, first: 20, withCounts: true) { mediaType count countCapped items { id } } } }',
          variables: { q },
        }),
      });
      return (await response.json()) as unknown;
    },
    { url: GRAPHQL, query },
  );
  const result = body as {
    data: {
      content: { search: { mediaType: string; count: number; countCapped: boolean; items: unknown[] }[] };
    };
  };
  return result.data.content.search.filter((group) => group.items.length > 0);
}

/** The shelves (h2 inside main) once the splash has gone and the titles are in. */
async function expectHomeShelves(page: Page) {
  const main = page.getByRole('main');
  // A full page load on a busy machine (2 cores shared by every test run) can take a while.
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  for (const slug of ['new_releases', 'popular', 'staff_picks', 'seasonal_winter', 'movie_free'] as const) {
    const shelf = main.getByRole('region', { name: enShelves.slots[slug], exact: true });
    await expect(shelf).toBeVisible();
    await expect(shelf.getByRole('link').first()).toBeVisible();
  }
  // The by-genre shelf: "<media type>: <genre>", with a link to that genre's page.
  const genreShelf = main.getByRole('region', { name: /^[^:]+: .+$/ });
  await expect(genreShelf.getByRole('link', { name: /^See all: / })).toHaveAttribute(
    'href',
    /^\/browse\/[a-z]+\/genre\/\d+$/,
  );
  // The splash is decorative (aria-hidden) and leaves once the shelves are in.
  await expect(page.locator('.splash')).toHaveCount(0);
}

test.describe('home', () => {
  test('a member sees the shelves and accepts the cookie notice, which stays dismissed', async ({ page }) => {
    // The home page twice, and axe over its eight shelves of cards (1,500 elements): 13 s on the shared machine.
    test.setTimeout(60_000);
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expectHomeShelves(page);

    const notice = cookieNotice(page);
    await expect(notice).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await notice.getByRole('button', { name: enShelves.cookies.accept }).click();
    await expect(notice).toBeHidden();

    await page.reload();
    await expectHomeShelves(page);
    await expect(cookieNotice(page)).toBeHidden();
  });

  test('a shelf card opens its title', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/');
    const shelf = page.getByRole('region', { name: enShelves.slots.popular, exact: true });
    // The first card's link (the shelf's heading row also links to its whole list, "See all").
    const first = shelf.getByRole('listitem').first().getByRole('link');
    const title = (await first.innerText()).split('\n')[0] ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/browse\/[a-z]+\/id\/\d+/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});

test.describe('search', () => {
  test('type-ahead shows results grouped by media type, and a result opens its page', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/');
    const groups = await searchGroups(page, 'midnight');
    expect(groups.length).toBeGreaterThan(0);

    // From the home page's search field to the search screen.
    await page.getByRole('searchbox', { name: enShelves.search.label }).fill('mid');
    await page.getByRole('button', { name: enShelves.search.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=mid$/);
    const field = page.getByRole('combobox', { name: enSearching.label });
    await expect(field).toHaveValue('mid');

    // Type-ahead: no Enter, the query settles into the URL and the results follow.
    await field.press('End');
    await field.pressSequentially('night', { delay: 40 });
    await expect(page).toHaveURL(/\/search\?q=midnight$/);
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    // Each type's heading says how many match (the server counts up to 1,000: "1,000+").
    const headingOf = (group: { mediaType: string; count: number; countCapped: boolean }) =>
      `${mediaTitle(group.mediaType)} · ${group.count.toLocaleString('en-US')}${group.countCapped ? '+' : ''}`;
    await expect(headings).toHaveText(groups.map(headingOf));
    const count = groups.reduce((total, group) => total + group.count, 0);
    const capped = groups.some((group) => group.countCapped);
    const summary = fill(enSearching.resultCount[count === 1 && !capped ? 'one' : 'other'], {
      count: `${count.toLocaleString('en-US')}${capped ? '+' : ''}`,
      query: 'midnight',
    });
    await expect(page.getByRole('status').filter({ hasText: summary })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // The suggestions under the field close with Escape, uncovering the results.
    await field.press('Escape');
    await expect(page.getByRole('listbox', { name: enSearching.suggestions })).toBeHidden();
    const [firstGroup] = groups;
    const results = page.getByRole('region', { name: firstGroup ? headingOf(firstGroup) : '', exact: true });
    const first = results.getByRole('link').first();
    const title = (await first.innerText()).split('\n')[0] ?? '';
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/browse/${firstGroup?.mediaType ?? ''}/id/\\d+`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Back returns to the same search and its results.
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=midnight$/);
    await expect(page.getByRole('combobox', { name: enSearching.label })).toHaveValue('midnight');
    await expect(headings).toHaveText(groups.map(headingOf));
  });

  test('says "no results found" and asks for more letters', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/search');
    const field = page.getByRole('combobox', { name: enSearching.label });
    await field.fill('q');
    await expect(page.getByText(fill(enSearching.tooShort, { count: '2' }))).toBeVisible();
    await field.fill('zqxjkvw');
    await expect(page.getByRole('heading', { level: 2, name: enSearching.noResults.title })).toBeVisible();
    await expect(page.getByText(fill(enSearching.noResults.message, { query: 'zqxjkvw' }))).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // A reload keeps the search.
    await page.reload();
    await expect(page.getByRole('combobox', { name: enSearching.label })).toHaveValue('zqxjkvw');
    await expect(page.getByRole('heading', { level: 2, name: enSearching.noResults.title })).toBeVisible();
  });
});

test.describe('search in Japanese', () => {
  test('finds titles by a word inside them, one kanji included, shown in Japanese', async ({ page }) => {
    // The demo member who reads Japanese (no other test signs in as it).
    await signInAs(page, 'japanese@streamhub.demo');

    // 果樹園 (orchard) ends titles such as 静かな果樹園 (the quiet orchard): found inside them.
    await page.goto('/search?q=果樹園');
    const field = page.getByRole('combobox', { name: jaSearching.label });
    await expect(field).toHaveValue('果樹園');
    const titles = page.getByRole('main').getByRole('link');
    await expect(titles.filter({ hasText: /.果樹園/ }).first()).toBeVisible();

    // One kanji is a word: 港 (harbour), wherever it stands in a title.
    await field.fill('港');
    await expect(page).toHaveURL(/\/search\?q=%E6%B8%AF$/);
    await expect(titles.filter({ hasText: /.港/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });
});

test.describe('header search link', () => {
  test('every member screen links to search from the header', async ({ page }) => {
    await signInAs(page, 'active@streamhub.demo');
    await page.goto('/');
    const header = page.getByRole('banner');
    const link = header.getByRole('link', { name: enShell.nav.search, exact: true });
    // On a wide screen the label shows beside the icon.
    await expect(link).toBeVisible();
    await expect(link).toHaveText(enShell.nav.search);
    await expect(link).not.toHaveAttribute('aria-current', 'page');

    // From another screen too: it is part of the layout, not of the home page.
    await page.goto('/collection');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await header.getByRole('link', { name: enShell.nav.search, exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    const field = page.getByRole('combobox', { name: enSearching.label });
    await expect(field).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await field.fill('winter');
    await expect(page).toHaveURL(/\/search\?q=winter$/);
    // The header, its search link marked as the current page.
    await expectNoSeriousA11yViolations(page, header);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header search link is an icon button with a spoken label', async ({ page }) => {
    await signInAs(page, 'trial@streamhub.demo');
    await page.goto('/');
    const link = page.getByRole('banner').getByRole('link', { name: enShell.nav.search, exact: true });
    await expect(link).toBeVisible();
    // The label is for screen readers only: the button is the icon's 44 px square.
    const box = await link.boundingBox();
    expect(box?.width).toBe(44);
    expect(box?.height).toBe(44);
    await link.click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('combobox', { name: enSearching.label })).toBeVisible();
    await expectNoSeriousA11yViolations(page, page.getByRole('banner'));
  });

  test('home shelves, cookie notice and search work and pass axe', async ({ page }) => {
    // The home page and its eight shelves under axe, then the search screen: 12 s on the shared machine.
    test.setTimeout(60_000);
    await signInAs(page, 'trial@streamhub.demo');
    await page.goto('/');
    await expectHomeShelves(page);
    await expect(cookieNotice(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await cookieNotice(page).getByRole('button', { name: enShelves.cookies.accept }).click();

    await page.getByRole('searchbox', { name: enShelves.search.label }).fill('winter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=winter$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });
});
