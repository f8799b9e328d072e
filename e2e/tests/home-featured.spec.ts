import type { Page } from '@playwright/test';
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import enPlayer from '../../apps/web/src/locales/player/en-us.json' with { type: 'json' };
import enShelves from '../../apps/web/src/locales/shelves/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember, fill } from './members';
import { runOperatorCommand } from './operator';

/*
 * Issue 14, items 12 to 15 and item 9's Back: the featured title at the top of home (plays, resumes),
 * "See all" through a shelf's whole list and Back to the same place in it, the installable app per
 * brand, and analytics only after the member accepts cookies. Each test on a member of its own, on a
 * phone and a desktop where the screen matters.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The home page, axe over it and the player: a page load and a scan on the shared machine. */
const JOURNEY_MS = 90_000;

const player = (page: Page) => page.getByRole('region', { name: enPlayer.region });
const cookieNotice = (page: Page, brand: string) =>
  page.getByRole('region', { name: fill(enShelves.cookies.title, { brand }) });

/** The featured title's region: the first region of the screen, named by the title's heading. */
async function featuredRegion(page: Page) {
  const main = screenOf(page);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const hero = main.locator('section.home-featured');
  await expect(hero).toBeVisible();
  const title = (await hero.getByRole('heading', { level: 2 }).innerText()).trim();
  return { hero: main.getByRole('region', { name: title, exact: true }).first(), title };
}

/** A movie of the catalogue that plays by itself (a series queues its episodes instead), and its length. */
async function playableMovie(member: Member): Promise<{ id: number; title: string; duration: number }> {
  const list = await member.graphql<{ content: { list: { items: { id: number }[] } } }>(
    'query { content { list(mediaType: "movie", order: POPULAR, first: 30) { items { id } } } }',
  );
  for (const { id } of list.content.list.items) {
    const detail = await member.graphql<{
      content: {
        media: {
          id: number;
          title: string;
          duration: number | null;
          playbackKey: string | null;
          episodes: { id: number }[];
        };
      };
    }>(
      'query M($id: Int!) { content { media(mediaType: "movie", id: $id) { id title duration playbackKey episodes { id } } } }',
      {
        id,
      },
    );
    const media = detail.content.media;
    if (media.playbackKey && media.duration && media.episodes.length === 0)
      return { id: media.id, title: media.title, duration: media.duration };
  }
  throw new Error('no movie of the demo catalogue plays by itself');
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60))}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

test.describe('home: featured title', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a new member's featured pick plays, in its reserved box (${String(viewport.width)} px)`, async ({
      page,
    }) => {
      test.setTimeout(JOURNEY_MS);
      await page.setViewportSize(viewport);
      await createMember(page);
      await page.goto('/');
      const { hero, title } = await featuredRegion(page);
      await expect(hero.getByText(enShelves.featured.pick)).toBeVisible();
      // Its box is the one the skeleton reserved: nothing below it moved (CSS --home-featured-height).
      const box = await hero.boundingBox();
      expect(box?.height).toBe(viewport.width >= 900 ? 296 : 284);
      await expect(
        hero.getByRole('link', { name: fill(enShelves.featured.detailsOf, { title }) }),
      ).toHaveAttribute('href', /^\/browse\/[a-z]+\/id\/\d+/);
      await page.screenshot({ path: `/tmp/x-home/home-${String(viewport.width)}.png` });
      await expectNoSeriousA11yViolations(page, hero);
      const verbs = Object.values(enBrowse.verbs);
      await hero.getByRole('button', { name: new RegExp(`^(${verbs.join('|')})$`) }).click();
      await expect(player(page)).toBeVisible();
      await expect(player(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
    });
  }

  test('the title a member left is featured with Resume at its time, and resumes there', async ({ page }) => {
    test.setTimeout(JOURNEY_MS);
    await page.setViewportSize(PHONE);
    const member = await createMember(page);
    const movie = await playableMovie(member);
    const at = Math.floor(movie.duration / 3);
    await member.graphql(
      'mutation P($id: Int!, $p: Float!) { content { updateMediaProgress(id: $id, mediaType: "movie", progress: $p) { responseResult { succeeded } } } }',
      { id: movie.id, p: at },
    );
    await page.goto('/');
    const { hero, title } = await featuredRegion(page);
    expect(title).toBe(movie.title);
    await expect(hero.getByText(enShelves.featured.continue)).toBeVisible();
    const resume = hero.getByRole('button', { name: fill(enBrowse.details.resumeAt, { time: clock(at) }) });
    await expect(resume).toBeVisible();
    await page.screenshot({ path: '/tmp/x-home/home-resume-390.png' });
    await resume.click();
    await expect(player(page)).toBeVisible();
    // The video starts where the member left it, not at the beginning.
    await expect
      .poll(
        () =>
          page.evaluate(() => document.querySelector<HTMLVideoElement>('.player video')?.currentTime ?? -1),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThanOrEqual(at - 1);
  });
});

test.describe('home: See all and Back', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`See all pages through a shelf, and Back returns to the same place (${String(viewport.width)} px)`, async ({
      page,
    }) => {
      test.setTimeout(JOURNEY_MS);
      await page.setViewportSize(viewport);
      await createMember(page);
      await page.goto('/');
      const main = screenOf(page);
      const shelf = main.getByRole('region', { name: enShelves.slots.popular, exact: true });
      await shelf
        .getByRole('link', { name: fill(enBrowse.shelf.seeAllOf, { title: enShelves.slots.popular }) })
        .click();
      // The first screen outside home: its routes and code load on the way (a busy machine: be patient).
      await expect(page).toHaveURL(/\/shelves\/popular$/, { timeout: 20_000 });
      await expect(main.getByRole('heading', { level: 1, name: enShelves.slots.popular })).toBeVisible();
      const cards = main.getByRole('list', { name: enShelves.slots.popular }).getByRole('listitem');
      // The first page; on a tall screen the end of the grid is already near, so the next one follows.
      await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(24);
      await expectNoSeriousA11yViolations(page, main);

      // The next page arrives as the end of the grid nears the screen (or from the button).
      await cards.last().scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(48);
      await expect(main.getByText(enBrowse.grid.end)).toBeVisible();

      // A card of the second page, opened and left with Back.
      const deep = cards.nth(40).getByRole('link');
      await deep.scrollIntoViewIfNeeded();
      const name = (await deep.innerText()).split('\n')[0] ?? '';
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(1000);
      await deep.click();
      await expect(page).toHaveURL(/\/browse\/[a-z]+\/id\/\d+/);
      await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/shelves\/popular$/);
      await expect(cards).toHaveCount(48);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);
      await expect(cards.nth(40).getByRole('link')).toBeInViewport();
      await page.screenshot({ path: `/tmp/x-home/shelf-${String(viewport.width)}.png` });
    });
  }

  test('Back from a title keeps the place in a browse list too', async ({ page }) => {
    test.setTimeout(JOURNEY_MS);
    await page.setViewportSize(DESKTOP);
    await createMember(page);
    await page.goto('/browse/movie/popular');
    const main = screenOf(page);
    const cards = main.getByRole('listitem').filter({ has: page.getByRole('article') });
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    const count = await cards.count();
    await page.getByRole('button', { name: enBrowse.grid.loadMore }).scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThan(count);
    const deep = cards.nth(count + 2).getByRole('link');
    await deep.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await deep.click();
    await expect(page).toHaveURL(/\/browse\/movie\/id\/\d+/);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    await expect(cards.nth(count + 2).getByRole('link')).toBeInViewport();
  });
});

interface WebManifest {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

test.describe('installable app', () => {
  test('each brand serves its own manifest and icons, and Chromium finds the app installable', async ({
    page,
  }) => {
    test.setTimeout(JOURNEY_MS);
    await createMember(page);
    await page.goto('/');
    await expect(screenOf(page).getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');

    // What Chromium itself makes of it: the manifest parses, its icons load, nothing stops installing.
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(parsed.errors).toEqual([]);
    expect(JSON.parse(parsed.data ?? '{}')).toMatchObject({ name: 'StreamHub', display: 'standalone' });
    await expect
      .poll(
        async () =>
          (
            (await cdp.send('Page.getInstallabilityErrors')) as {
              installabilityErrors: { errorId: string }[];
            }
          ).installabilityErrors
            .map((error) => error.errorId)
            // A Playwright context is an incognito profile, where Chromium never offers to install: the
            // one reason that is the browser's, not the app's.
            .filter((id) => id !== 'in-incognito'),
        { timeout: 20_000 },
      )
      .toEqual([]);

    // Each brand's own, by hostname (the browser resolves *.localhost; the test process does not).
    const manifests: Record<string, WebManifest> = {};
    for (const slug of ['streamhub', 'clickcoins']) {
      const response = await page.goto(brandUrl(slug, '/manifest.webmanifest'));
      expect(response?.status()).toBe(200);
      const manifest = (await response?.json()) as WebManifest;
      manifests[slug] = manifest;
      expect(manifest.display).toBe('standalone');
      expect(manifest.start_url).toBe('/');
      for (const icon of manifest.icons) {
        const image = await page.goto(brandUrl(slug, icon.src));
        expect(image?.status()).toBe(200);
        expect(image?.headers()['content-type']).toBe('image/png');
      }
    }
    expect(manifests.streamhub?.name).toBe('StreamHub');
    expect(manifests.clickcoins?.name).toBe('ClickCoins');
    expect(manifests.streamhub?.theme_color).not.toBe(manifests.clickcoins?.theme_color);
    expect(manifests.streamhub?.icons[0]?.src).not.toBe(manifests.clickcoins?.icons[0]?.src);
  });
});

/** A brand with analytics on (spec section 7), made once for the consent tests by the operator's command. */
function analyticsBrand(): string {
  const slug = 'analyticsdemo';
  const existing = runOperatorCommand(['brand:list']);
  if (!existing.includes(`${slug} `)) {
    runOperatorCommand([
      'brand:add',
      '--slug',
      slug,
      '--name',
      'Analytics Demo',
      '--hostname',
      `${slug}.localhost`,
      '--tags',
      'google_analytics:enabled,google_analytics_id:g-e2etest1',
    ]);
  }
  return slug;
}

/** Answers the analytics script's requests here (never the internet) and counts them. */
async function interceptAnalytics(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'window.__analyticsLoaded = true;',
    });
  });
  return requests;
}

test.describe('cookie consent', () => {
  test.describe.configure({ mode: 'serial' });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`refusing loads no analytics, and the choice can be changed to accept later (${String(viewport.width)} px)`, async ({
      page,
    }) => {
      test.setTimeout(JOURNEY_MS);
      await page.setViewportSize(viewport);
      const slug = analyticsBrand();
      const requests = await interceptAnalytics(page);
      await createMember(page, { slug });
      await page.goto(brandUrl(slug, '/'));
      const notice = cookieNotice(page, 'Analytics Demo');
      await expect(notice).toBeVisible({ timeout: 30_000 });
      const accept = notice.getByRole('button', { name: enShelves.cookies.accept });
      const refuse = notice.getByRole('button', { name: enShelves.cookies.refuse });
      // Refusing is as plain as accepting: the same size, the same look.
      const [acceptBox, refuseBox] = [await accept.boundingBox(), await refuse.boundingBox()];
      expect(Math.abs((acceptBox?.height ?? 0) - (refuseBox?.height ?? 1))).toBeLessThanOrEqual(1);
      expect(Math.abs((acceptBox?.width ?? 0) - (refuseBox?.width ?? 1))).toBeLessThanOrEqual(2);
      expect(await accept.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
        await refuse.evaluate((node) => getComputedStyle(node).backgroundColor),
      );
      // The splash of a session's first arrival has gone (it is decorative and takes no clicks).
      await expect(page.locator('.splash')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/x-home/consent-${String(viewport.width)}.png` });
      await expectNoSeriousA11yViolations(page, notice);

      if (viewport.width < 900) {
        // The phone menu opens over the notice: its last item is not covered.
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        const lastLink = page.getByRole('navigation').getByRole('link').last();
        await lastLink.scrollIntoViewIfNeeded();
        const covered = await lastLink.evaluate((link) => {
          const rect = link.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return !(hit && link.contains(hit));
        });
        expect(covered).toBe(false);
        await page.screenshot({ path: '/tmp/x-home/consent-menu-390.png' });
        await page.keyboard.press('Escape');
      }

      await refuse.click();
      await expect(notice).toBeHidden();
      await page.reload();
      await expect(screenOf(page).getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(cookieNotice(page, 'Analytics Demo')).toBeHidden();
      expect(requests).toEqual([]);
      expect(
        await page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"]').length),
      ).toBe(0);

      // Changed later from the account: analytics loads the moment the member accepts.
      await page.goto(brandUrl(slug, '/account/profile'));
      const settings = screenOf(page).getByRole('region', { name: enShelves.cookies.settings.title });
      await expect(settings.getByText(enShelves.cookies.settings.refused)).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousA11yViolations(page, settings);
      await settings.getByRole('button', { name: enShelves.cookies.accept }).click();
      await expect(settings.getByText(enShelves.cookies.settings.accepted)).toBeVisible();
      await expect.poll(() => requests.length).toBe(1);
      expect(requests[0]).toBe('https://www.googletagmanager.com/gtag/js?id=g-e2etest1');
    });
  }

  test('accepting on the notice loads analytics at once and on every later visit', async ({ page }) => {
    test.setTimeout(JOURNEY_MS);
    const slug = analyticsBrand();
    const requests = await interceptAnalytics(page);
    await createMember(page, { slug });
    await page.goto(brandUrl(slug, '/'));
    const notice = cookieNotice(page, 'Analytics Demo');
    await expect(notice).toBeVisible({ timeout: 30_000 });
    expect(requests).toEqual([]);
    await notice.getByRole('button', { name: enShelves.cookies.accept }).click();
    await expect(notice).toBeHidden();
    await expect.poll(() => requests.length).toBe(1);
    await expect
      .poll(() => page.evaluate(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded))
      .toBe(true);
    await page.reload();
    await expect(screenOf(page).getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => requests.length).toBe(2);
  });
});
