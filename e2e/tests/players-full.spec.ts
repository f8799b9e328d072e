import type { Page } from '@playwright/test';
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import enPlayer from '../../apps/web/src/locales/player/en-us.json' with { type: 'json' };
import { brandUrl, expect as baseExpect, expectNoSeriousA11yViolations, test as base } from './fixtures';
import enBilling from '../../apps/web/src/locales/billing/en-us.json' with { type: 'json' };
import { type Member, createMember, signInAs } from './members';

// Media start-up and decoding share the test machine's two cores with the server: allow them time.
const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * Issue 14 items 11 and 16, as a member does them, each test on a new member of its own: bookmarks in
 * an audiobook and a book (kept on the server: still there after a reload), captions in a film (HLS on
 * a desktop, the progressive MP4 on a phone, the choice remembered), and a game's page that launches its
 * own game, a software title that downloads its own tool.
 */
const test = base.extend<{ member: Member }>({
  member: async ({ page }, use) => {
    await use(await createMember(page));
  },
});

const verbs = enBrowse.verbs;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Title {
  id: number;
  title: string;
  duration: number | null;
  playbackKey: string | null;
}

async function titlesOf(member: Member, mediaType: string, first = 10): Promise<Title[]> {
  const data = await member.graphql<{ content: { list: { items: Omit<Title, 'playbackKey'>[] } } }>(
    'query($t: String!, $n: Int) { content { list(mediaType: $t, first: $n) { items { id title duration } } } }',
    { t: mediaType, n: first },
  );
  const items = data.content.list.items;
  // What each title plays (an HLS playlist or an MP4), asked ten titles at a time.
  const keys = new Map<number, string | null>();
  for (let start = 0; start < items.length; start += 10) {
    const batch = items.slice(start, start + 10);
    const fields = batch
      .map(
        (item) =>
          `m${String(item.id)}: media(mediaType: "${mediaType}", id: ${String(item.id)}) { playbackKey }`,
      )
      .join(' ');
    const answer = await member.graphql<{ content: Record<string, { playbackKey: string | null } | null> }>(
      `{ content { ${fields} } }`,
    );
    for (const item of batch) keys.set(item.id, answer.content[`m${String(item.id)}`]?.playbackKey ?? null);
  }
  return items.map((item) => ({ ...item, playbackKey: keys.get(item.id) ?? null }));
}

async function openTitle(page: Page, mediaType: string, title: Title): Promise<void> {
  await page.goto(brandUrl('streamhub', `/browse/${mediaType}/id/${String(title.id)}`));
  await expect(page.getByRole('heading', { level: 1, name: title.title })).toBeVisible();
}

const player = (page: Page) => page.getByRole('region', { name: enPlayer.region });

function mediaTime(page: Page, element: 'audio' | 'video'): Promise<number> {
  return page.evaluate(
    (selector) => document.querySelector<HTMLMediaElement>(selector)?.currentTime ?? -1,
    `.player ${element}`,
  );
}

async function noSideScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.describe('full players and a believable demo catalogue', () => {
  test.describe.configure({ timeout: 90_000 });

  test('audiobook: adds a named bookmark, jumps back to it, and finds it again after a reload', async ({
    page,
    member,
  }) => {
    await page.setViewportSize(DESKTOP);
    const [book] = await titlesOf(member, 'audiobook');
    if (!book) throw new Error('no audiobook');
    await openTitle(page, 'audiobook', book);
    await page.getByRole('button', { name: verbs.listen, exact: true }).click();
    const region = player(page);
    await expect.poll(() => mediaTime(page, 'audio')).toBeGreaterThan(0);
    await region.getByRole('button', { name: enPlayer.expand }).click();

    // At 0:40, a bookmark with a name of the member's.
    await region.getByRole('slider', { name: enPlayer.position }).fill('40');
    await expect.poll(() => mediaTime(page, 'audio')).toBeGreaterThanOrEqual(40);
    await region.getByRole('button', { name: enPlayer.pause }).click();
    const bookmarks = region.getByRole('region', { name: enPlayer.bookmarks.title });
    await bookmarks.getByRole('textbox', { name: enPlayer.bookmarks.nameLabel }).fill('The ship appears');
    await bookmarks.getByRole('button', { name: enPlayer.bookmarks.add }).click();
    const mark = bookmarks.getByRole('button', { name: /^The ship appears 0:4\d$/ });
    await expect(mark).toBeVisible();
    await expect(bookmarks).toContainText('Bookmark “The ship appears” added.');
    // The player's keys work with focus anywhere but a field: here on the bookmark's Rename button.
    await bookmarks.getByRole('button', { name: 'Rename bookmark The ship appears' }).focus();
    await page.keyboard.press('k');
    await expect(region.getByRole('button', { name: enPlayer.pause })).toBeVisible();
    await page.keyboard.press('k');
    await expect(region.getByRole('button', { name: enPlayer.play, exact: true })).toBeVisible();
    await shot(page, 'audiobook-bookmarks-desktop');
    await expectNoSeriousA11yViolations(page, region);

    // Elsewhere in the book, the bookmark brings the member back.
    await region.getByRole('slider', { name: enPlayer.position }).fill('5');
    await expect.poll(() => mediaTime(page, 'audio')).toBeLessThan(20);
    await mark.click();
    await expect.poll(() => mediaTime(page, 'audio')).toBeGreaterThanOrEqual(40);
    expect(await mediaTime(page, 'audio')).toBeLessThan(55);

    // Kept by the server: after a reload, the bookmark is still there; renamed, then deleted.
    await page.reload();
    await page.getByRole('button', { name: /^(Listen|Resume|Continue)/ }).click();
    await player(page).getByRole('button', { name: enPlayer.expand }).click();
    const again = player(page).getByRole('region', { name: enPlayer.bookmarks.title });
    await expect(again.getByRole('button', { name: /^The ship appears / })).toBeVisible();
    await again.getByRole('button', { name: 'Rename bookmark The ship appears' }).click();
    const rename = again.getByRole('textbox', { name: 'New name for The ship appears' });
    await rename.fill('A ship not on the chart');
    await again.getByRole('button', { name: enPlayer.bookmarks.save }).click();
    await expect(again.getByRole('button', { name: /^A ship not on the chart / })).toBeVisible();
    await again.getByRole('button', { name: 'Delete bookmark A ship not on the chart' }).click();
    await expect(again.getByText(enPlayer.bookmarks.empty)).toBeVisible();
  });

  test('book on a phone: a bookmark at a page, and back to that page from elsewhere', async ({
    page,
    member,
  }) => {
    await page.setViewportSize(PHONE);
    const [book] = await titlesOf(member, 'ebook');
    if (!book) throw new Error('no ebook');
    await openTitle(page, 'ebook', book);
    await page.getByRole('button', { name: verbs.read, exact: true }).click();
    const region = player(page);
    const status = region.getByRole('status');
    await expect(status).toHaveText(/^0% read$/);
    const next = region.getByRole('button', { name: enPlayer.book.nextPage });
    await expect(next).toBeEnabled();
    for (let turn = 0; turn < 4; turn += 1) await next.click();
    await expect(status).not.toHaveText('0% read');

    // Without a name of its own, the bookmark takes the chapter and place offered.
    const bookmarks = region.getByRole('region', { name: enPlayer.bookmarks.title });
    await bookmarks.getByRole('button', { name: enPlayer.bookmarks.add }).click();
    const mark = bookmarks.getByRole('listitem').first().getByRole('button').first();
    await expect(mark).toContainText(/\d+% read$/);
    const marked = await mark.locator('.player__muted').innerText();
    expect(marked).not.toBe('0% read');
    await shot(page, 'book-bookmarks-phone');
    await noSideScroll(page);
    await expectNoSeriousA11yViolations(page, region);

    // Back to the start of the book through the table of contents, then to the bookmark.
    const toc = region.getByRole('combobox', { name: enPlayer.book.toc });
    const firstChapter = await toc.locator('option:not([disabled])').first().getAttribute('value');
    await toc.selectOption(firstChapter ?? '');
    await expect(status).not.toHaveText(marked);
    await mark.click();
    await expect(status).toHaveText(marked);
  });

  test('film (HLS) on a desktop: captions on, the cue shows over the picture, another language, remembered', async ({
    page,
    member,
  }) => {
    await page.setViewportSize(DESKTOP);
    const film = (await titlesOf(member, 'movie', 50)).find(
      (title) => (title.duration ?? 0) >= 36 && title.playbackKey?.endsWith('.m3u8'),
    );
    if (!film) throw new Error('no HLS film');
    await openTitle(page, 'movie', film);
    await page.getByRole('button', { name: verbs.watch, exact: true }).click();
    const region = player(page);
    await expect.poll(() => mediaTime(page, 'video')).toBeGreaterThan(0.5);
    // A film opens in the full player.
    await expect(region.getByRole('button', { name: enPlayer.collapse })).toBeVisible();

    // At 0:15 each long demo film has a caption of what is seen.
    await region.getByRole('button', { name: enPlayer.pause }).click();
    await region.getByRole('slider', { name: enPlayer.position }).fill('15');
    const captions = region.getByRole('combobox', { name: enPlayer.captions.label });
    await expect(captions).toHaveValue('off');
    await captions.selectOption({ label: 'English' });
    const cue = region.locator('.player__captions');
    await expect(cue).toHaveText(/The view sinks deeper|Golden cells are born/);
    await shot(page, 'film-captions-desktop');
    await expectNoSeriousA11yViolations(page, region);

    await captions.selectOption({ label: 'French' });
    await expect(cue).toHaveText(/L’image plonge|Des cellules dorées/);

    // The choice is this member's on this device: the next film starts with French captions.
    await page.reload();
    await page.getByRole('button', { name: /^(Watch|Resume)/ }).click();
    await expect(player(page).getByRole('combobox', { name: enPlayer.captions.label })).toHaveValue('fr');
    await expect(player(page).locator('.player__captions')).toBeVisible();
  });

  test('film (progressive MP4) on a phone: captions show the cue', async ({ page, member }) => {
    await page.setViewportSize(PHONE);
    const film = (await titlesOf(member, 'movie', 100)).find((title) => title.playbackKey?.endsWith('.mp4'));
    if (!film) throw new Error('no progressive film');
    await openTitle(page, 'movie', film);
    await page.getByRole('button', { name: verbs.watch, exact: true }).click();
    const region = player(page);
    await expect.poll(() => mediaTime(page, 'video')).toBeGreaterThan(0.5);
    // A film opens in the full player.
    await expect(region.getByRole('button', { name: enPlayer.collapse })).toBeVisible();
    await region.getByRole('button', { name: enPlayer.pause }).click();
    await region.getByRole('slider', { name: enPlayer.position }).fill('15');
    await region.getByRole('combobox', { name: enPlayer.captions.label }).selectOption({ label: 'English' });
    await expect(region.locator('.player__captions')).toHaveText(/The view sinks deeper/);
    await shot(page, 'film-captions-phone');
    await noSideScroll(page);
    await expectNoSeriousA11yViolations(page, region);
  });

  for (const [screen, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`every card on the home page (${screen}) shows its own title on its cover`, async ({
      page,
      member,
    }) => {
      expect(member.email).toBeTruthy();
      await page.setViewportSize(viewport);
      await page.goto(brandUrl('streamhub', '/'));
      const cards = page.locator('.media-card').filter({ has: page.locator('img[src*="/media/covers/"]') });
      await expect(cards.first()).toBeVisible();
      const count = Math.min(await cards.count(), 24);
      expect(count).toBeGreaterThan(3);
      for (let index = 0; index < count; index += 1) {
        const card = cards.nth(index);
        const title = await card.locator('.media-card__title').innerText();
        const src = decodeURIComponent((await card.locator('img').getAttribute('src')) ?? '');
        expect(src, `the cover of ${title}`).toContain(`/${title}.svg`);
      }
      await shot(page, `home-covers-${screen}`);
    });
  }

  test('a demo member of four months finds those months in the billing history (read only)', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, 'active@streamhub.demo');
    await page.goto(brandUrl('streamhub', '/account/membership'));
    const history = page.getByRole('table', { name: enBilling.history.title });
    await expect(history).toBeVisible();
    const rows = history.getByRole('row');
    // A header, four monthly renewals at $19.99 and the sign-up at Premium's trial price.
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(1)).toContainText('Premium renewal');
    await expect(rows.nth(1)).toContainText('$19.99');
    await expect(rows.nth(5)).toContainText('Premium membership');
    await expect(rows.nth(5)).toContainText('$1.00');
    await shot(page, 'billing-history-phone');
    await noSideScroll(page);
    await expectNoSeriousA11yViolations(page, history);
  });

  test('a game’s page launches that game, its cover shows its title, and software downloads its own tool', async ({
    page,
    member,
  }) => {
    await page.setViewportSize(PHONE);
    const games: Record<string, RegExp> = {
      'Brick Breaker': /\b(Bricks|Breaker|Smash|Bounce)\b/,
      'Garden Snake': /\b(Snake|Serpent|Trail|Slither)\b/,
      'Memory Pairs': /\b(Pairs|Match|Memory|Twins)\b/,
    };
    const [game] = await titlesOf(member, 'game');
    if (!game) throw new Error('no game');
    const expected = Object.entries(games).find(([, words]) => words.test(game.title))?.[0];
    expect(expected, `${game.title} names one of the games`).toBeDefined();
    await openTitle(page, 'game', game);
    const cover = page.locator('img[src*="/media/covers/"]').first();
    await expect(cover).toBeVisible();
    expect(decodeURIComponent((await cover.getAttribute('src')) ?? '')).toContain(game.title);
    await shot(page, 'game-page-phone');
    await page.getByRole('button', { name: verbs.play, exact: true }).click();
    const frame = player(page).frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(expected ?? '');
    await expect(player(page).getByRole('status')).toHaveText(enPlayer.game.ready);
    await shot(page, 'game-playing-phone');
    await expectNoSeriousA11yViolations(page, player(page));

    const tools: Record<string, RegExp> = {
      'pomodoro-1.0.0.zip': /\b(Timer|Focus|Pomodoro)$/,
      'sumcheck-1.0.0.zip': /\b(Check|Checksum|Verify)$/,
      'unitconv-1.0.0.zip': /\b(Convert|Units|Measure)$/,
    };
    const [software] = await titlesOf(member, 'software');
    if (!software) throw new Error('no software');
    const file = Object.entries(tools).find(([, words]) => words.test(software.title))?.[0];
    expect(file, `${software.title} names one of the tools`).toBeDefined();
    await openTitle(page, 'software', software);
    await page.getByRole('button', { name: verbs.watch, exact: true }).click();
    const download = player(page).getByRole('link', { name: `Download ${software.title}` });
    await expect(download).toHaveAttribute('href', new RegExp(`/${(file ?? '').replace(/\./g, '\\.')}$`));
  });
});
