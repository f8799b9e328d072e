import type { Page } from '@playwright/test';
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import enLibrary from '../../apps/web/src/locales/library/en-us.json' with { type: 'json' };
import enPlayer from '../../apps/web/src/locales/player/en-us.json' with { type: 'json' };
import {
  brandUrl,
  expect as baseExpect,
  expectNoSeriousA11yViolations,
  screenOf,
  test as base,
} from './fixtures';
import { type Member, createMember } from './members';

// Media start-up shares the test machine's two cores with the server: allow it time.
const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * Member journeys, part B (issue 14 items 10 and 11): resuming where the member left off, and the
 * players' volume, mute, chapters, keyboard and reader settings. Each test is a new member of its own,
 * so its progress and this browser context's remembered settings are its own.
 */
const test = base.extend<{ member: Member }>({
  member: async ({ page }, use) => {
    await use(await createMember(page));
  },
});

interface Title {
  id: number;
  title: string;
  duration: number | null;
}

interface Chapter {
  position: number | null;
  duration: number | null;
  playbackKey: string | null;
}

async function titlesOf(member: Member, mediaType: string): Promise<Title[]> {
  const data = await member.graphql<{ content: { list: { items: Title[] } } }>(
    'query($t: String!) { content { list(mediaType: $t, first: 10) { items { id title duration } } } }',
    { t: mediaType },
  );
  return data.content.list.items;
}

/** Whether a film is a series (its length is its episodes' together; Play starts its first episode). */
async function isSeries(member: Member, id: number): Promise<boolean> {
  const data = await member.graphql<{ content: { media: { episodes: { id: number }[] } | null } }>(
    'query($id: Int!) { content { media(mediaType: "movie", id: $id) { episodes { id } } } }',
    { id },
  );
  return (data.content.media?.episodes.length ?? 0) > 0;
}

async function chaptersOf(member: Member, id: number): Promise<Chapter[]> {
  const data = await member.graphql<{ content: { media: { chapters: Chapter[] } | null } }>(
    'query($id: Int!) { content { media(mediaType: "audiobook", id: $id) { chapters { position duration playbackKey } } } }',
    { id },
  );
  return data.content.media?.chapters ?? [];
}

/** Where each chapter starts in the book's file, as the player reads its playback key. */
function chapterStarts(chapters: readonly Chapter[]): number[] {
  let total = 0;
  return [...chapters]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((chapter) => {
      const match = /#t=(\d+(?:\.\d+)?)/.exec(chapter.playbackKey ?? '');
      const start = match?.[1] ? Number(match[1]) : total;
      total = start + (chapter.duration ?? 0);
      return start;
    });
}

/** The member's progress on a title, saved through the API as a player on another device would. */
async function saveProgress(member: Member, mediaType: string, id: number, progress: number): Promise<void> {
  const data = await member.graphql<{
    content: { updateMediaProgress: { responseResult: { succeeded: boolean } } };
  }>(
    'mutation($id: Int!, $t: String!, $p: Float!) { content { updateMediaProgress(id: $id, mediaType: $t, progress: $p) { responseResult { succeeded } } } }',
    { id, t: mediaType, p: progress },
  );
  expect(data.content.updateMediaProgress.responseResult.succeeded).toBe(true);
}

function player(page: Page) {
  return page.getByRole('region', { name: enPlayer.region });
}

function mediaTime(page: Page, element: 'audio' | 'video'): Promise<number> {
  return page.evaluate(
    (selector) => document.querySelector<HTMLMediaElement>(selector)?.currentTime ?? -1,
    `.player ${element}`,
  );
}

async function openTitle(page: Page, mediaType: string, title: Title): Promise<void> {
  await page.goto(brandUrl('streamhub', `/browse/${mediaType}/id/${String(title.id)}`));
  await expect(page.getByRole('heading', { level: 1, name: title.title })).toBeVisible();
}

test.describe('resume (issue 14 item 10)', () => {
  test('a started film shows its progress on the home page and its page offers to resume', async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    // The longest film that is not a series (a series lasts its episodes together, decision 037):
    // resumed at 1:25, or halfway through a shorter one.
    const films = (await titlesOf(member, 'movie')).sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0));
    const single = await Promise.all(films.map(async (title) => !(await isSeries(member, title.id))));
    const film = films.find((_title, index) => single[index]);
    expect(film?.duration ?? 0).toBeGreaterThanOrEqual(40);
    const at = Math.min(85, Math.floor(film!.duration! / 2));
    const clock = `${String(Math.floor(at / 60))}:${String(at % 60).padStart(2, '0')}`;
    await saveProgress(member, 'movie', film!.id, at);

    await page.goto(brandUrl('streamhub', '/'));
    const shelf = page.getByRole('region', { name: enLibrary.continue.title });
    await expect(shelf.getByRole('progressbar').first()).toBeVisible();
    const percent = Math.round((at / film!.duration!) * 100);
    await expect(
      shelf.getByRole('progressbar', { name: `${film!.title}: ${String(percent)}% done` }),
    ).toHaveAttribute('aria-valuenow', String(percent));
    await expectNoSeriousA11yViolations(page, shelf);

    await shelf.getByRole('link', { name: film!.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: film!.title })).toBeVisible();
    const resume = page.getByRole('button', { name: `Resume ${clock}`, exact: true });
    await expect(resume).toBeVisible();
    await expect(page.getByRole('button', { name: enBrowse.details.startOver })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await resume.click();
    await expect.poll(() => mediaTime(page, 'video')).toBeGreaterThanOrEqual(at - 1);
  });

  test('a started audiobook says which chapter it continues, and keeps its speed', async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    const books = await titlesOf(member, 'audiobook');
    let chosen: { book: Title; starts: number[] } | null = null;
    for (const book of books) {
      const starts = chapterStarts(await chaptersOf(member, book.id));
      if (starts.length >= 2 && (starts[1] ?? 0) >= 10) {
        chosen = { book, starts };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { book, starts } = chosen!;
    await saveProgress(member, 'audiobook', book.id, (starts[1] ?? 0) + 3);

    await openTitle(page, 'audiobook', book);
    const continueButton = page.getByRole('button', { name: 'Continue chapter 2', exact: true });
    await expect(continueButton).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await continueButton.click();
    const region = player(page);
    await expect.poll(() => mediaTime(page, 'audio')).toBeGreaterThanOrEqual((starts[1] ?? 0) + 2);

    // The speed chosen for this book is its speed after a reload.
    await region.getByRole('button', { name: enPlayer.expand }).click();
    await region.getByRole('combobox', { name: enPlayer.speed }).selectOption('1.5');
    await page.reload();
    await continueButton.click();
    await expect
      .poll(() => page.locator('.player audio').evaluate((audio: HTMLAudioElement) => audio.playbackRate))
      .toBe(1.5);
    await region.getByRole('button', { name: enPlayer.expand }).click();
    await expect(region.getByRole('combobox', { name: enPlayer.speed })).toHaveValue('1.5');
  });

  test('the reader keeps its page colour and line spacing', async ({ page, member }) => {
    test.setTimeout(90_000);
    const [book] = await titlesOf(member, 'ebook');
    expect(book).toBeDefined();
    await openTitle(page, 'ebook', book!);
    await page.getByRole('button', { name: enBrowse.verbs.read, exact: true }).click();
    const region = player(page);
    await expect(region.getByRole('status')).toHaveText(/% read$/);
    const theme = region.getByRole('combobox', { name: enPlayer.book.theme });
    await theme.selectOption('sepia');
    await region.getByRole('combobox', { name: enPlayer.book.lineHeight }).selectOption({
      label: enPlayer.book.lineHeights.relaxed,
    });
    await expectNoSeriousA11yViolations(page, region);

    await page.reload();
    await page.getByRole('button', { name: /^(Read|Continue reading)/ }).click();
    await expect(region.getByRole('combobox', { name: enPlayer.book.theme })).toHaveValue('sepia');
    await expect(region.getByRole('combobox', { name: enPlayer.book.lineHeight })).toHaveValue('1.8');
  });
});

test.describe('full players (issue 14 item 11)', () => {
  test('audiobook: M mutes wherever focus is, the volume slider, Space pauses, next chapter', async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    const books = await titlesOf(member, 'audiobook');
    let chosen: { book: Title; starts: number[] } | null = null;
    for (const book of books) {
      const starts = chapterStarts(await chaptersOf(member, book.id));
      if (starts.length >= 2) {
        chosen = { book, starts };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { book, starts } = chosen!;
    await openTitle(page, 'audiobook', book);
    await page.getByRole('button', { name: enBrowse.verbs.listen, exact: true }).click();
    const region = player(page);
    await expect.poll(() => mediaTime(page, 'audio')).toBeGreaterThan(0);
    const muted = () => page.locator('.player audio').evaluate((audio: HTMLAudioElement) => audio.muted);

    // Focus on the page's heading, outside the player: the shortcuts still work.
    await page.getByRole('heading', { level: 1, name: book.title }).click();
    await page.keyboard.press('m');
    await expect.poll(muted).toBe(true);
    await expect(region.getByRole('button', { name: enPlayer.unmute })).toBeVisible();
    await region.getByRole('button', { name: enPlayer.unmute }).click();
    await expect.poll(muted).toBe(false);

    await region.getByRole('slider', { name: enPlayer.volume }).fill('40');
    await expect
      .poll(() => page.locator('.player audio').evaluate((audio: HTMLAudioElement) => audio.volume))
      .toBeCloseTo(0.4);

    await region.getByRole('button', { name: enPlayer.chapters.next }).click();
    await expect.poll(() => mediaTime(page, 'audio')).toBeGreaterThanOrEqual(starts[1] ?? 0);

    await page.getByRole('heading', { level: 1, name: book.title }).click();
    await page.keyboard.press(' ');
    await expect(region.getByRole('button', { name: enPlayer.play, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, region);
  });
});

test.describe('home shelves (issue 14 item 12)', () => {
  test('a desktop scrolls a shelf with its arrow buttons', async ({ page, member }) => {
    expect(member.email).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('streamhub', '/'));
    // The first shelf with more titles than fit.
    const shelf = page.locator('.media-shelf:has(.media-shelf__arrow:not([disabled]))').first();
    const forward = shelf.getByRole('button', { name: /^More titles: / });
    await expect(forward).toBeEnabled();
    await forward.click();
    const row = shelf.locator('.media-shelf__row');
    await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(shelf.getByRole('button', { name: /^Previous titles: / })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, shelf);
  });
});
