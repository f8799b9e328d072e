import type { Page } from '@playwright/test';
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enBrowse from '../../apps/web/src/locales/browse/en-us.json' with { type: 'json' };
import enLibrary from '../../apps/web/src/locales/library/en-us.json' with { type: 'json' };
import enPlayer from '../../apps/web/src/locales/player/en-us.json' with { type: 'json' };
import { brandUrl, expect as baseExpect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { type Member, createMember, fill } from './members';

// Screens load their code and data on first use while other test runs share the machine's two cores:
// a screen can take several seconds to appear.
const expect = baseExpect.configure({ timeout: 15_000 });

const GRAPHQL = '/membergraphapi/graphql';
const addTexts = enLibrary.addToPlaylist;

async function firstTitles(member: Member, mediaType: string, count: number) {
  const data = await member.graphql<{ content: { list: { items: { id: number; title: string }[] } } }>(
    `
      query L($mediaType: String!) {
        content {
          list(mediaType: $mediaType, first: 24) {
            items {
              id
              title
            }
          }
        }
      }
    `,
    { mediaType },
  );
  const items = data.content.list.items.slice(0, count);
  expect(items).toHaveLength(count);
  return items;
}

/** The first album with at least `count` tracks: its id, and its tracks' titles in order. */
async function albumWithTracks(member: Member, count: number) {
  for (const album of await firstTitles(member, 'music', 5)) {
    const data = await member.graphql<{ content: { media: { tracks: { title: string }[] } } }>(
      'query M($id: Int!) { content { media(mediaType: "music", id: $id) { tracks { title } } } }',
      { id: album.id },
    );
    const tracks = data.content.media.tracks.map((track) => track.title);
    if (tracks.length >= count) return { ...album, tracks };
  }
  throw new Error(`no album with ${String(count)} tracks`);
}

const sideMenuLink = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: enShell.nav.mainLabel })
    .getByRole('list', { name: enShell.nav.library })
    .getByRole('link', { name, exact: true });

const playlistDialog = (page: Page) => page.getByRole('dialog', { name: addTexts.title });
const player = (page: Page) => page.getByRole('region', { name: enPlayer.region });

/** The note that confirms an addition (a live region beside the button that opened the dialog). */
const confirmation = (page: Page, playlist: string) =>
  page.getByRole('status').filter({ hasText: fill(addTexts.added, { name: playlist }) });

test.describe('library', () => {
  // Each test makes a member of its own, whose library it changes.

  test('a member saves a title, finds it in the collection through the menu and removes it', async ({
    page,
  }) => {
    const member = await createMember(page);
    const [movie] = await firstTitles(member, 'movie', 1);
    if (!movie) throw new Error('no movie');

    await page.goto(brandUrl('streamhub', `/browse/movie/id/${String(movie.id)}`));
    const save = page.getByRole('button', { name: enLibrary.save.save, exact: true });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    // The button says the title is saved, and still does after a reload (the server kept it).
    const saved = page.getByRole('button', { name: enLibrary.save.saved, exact: true });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page, screenOf(page));

    await sideMenuLink(page, enShell.library.collectionTitle).click();
    await expect(
      page.getByRole('heading', { level: 1, name: enShell.library.collectionTitle }),
    ).toBeVisible();
    const remove = page.getByRole('button', {
      name: fill(enLibrary.collection.removeOf, { title: movie.title }),
    });
    await expect(remove).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
    await remove.click();
    await expect(page.getByText(enLibrary.collection.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // The removal reached the server: a reload shows the empty collection, and the title is not saved.
    await page.reload();
    await expect(page.getByText(enLibrary.collection.empty)).toBeVisible();
    await page.goto(brandUrl('streamhub', `/browse/movie/id/${String(movie.id)}`));
    await expect(page.getByRole('button', { name: enLibrary.save.save, exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('a failed save rolls back and says why', async ({ page }) => {
    const member = await createMember(page, { slug: 'clickcoins' });
    const [movie] = await firstTitles(member, 'movie', 1);
    if (!movie) throw new Error('no movie');
    await page.goto(brandUrl('clickcoins', `/browse/movie/id/${String(movie.id)}`));
    const save = page.getByRole('button', { name: enLibrary.save.save, exact: true });
    await expect(save).toHaveAttribute('aria-pressed', 'false');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${GRAPHQL}`, async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('mutation AddToCollection')) return route.fallback();
      await held;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    await save.click();
    // Optimistic: pressed, and saying so, while the server has not answered.
    const saved = page.getByRole('button', { name: enLibrary.save.saved, exact: true });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    release();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alert').filter({ hasText: enLibrary.errors.unexpected })).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));
  });

  test("a member fills a playlist from an album's tracks and the player, reorders and deletes it", async ({
    page,
  }) => {
    // Five screens, the player, the dialog five times and four axe scans: 10 s on the shared machine.
    test.setTimeout(60_000);
    const album = await albumWithTracks(await createMember(page), 3);
    const [first, second, third] = album.tracks as [string, string, string];
    const addButton = (title: string) =>
      page.getByRole('button', { name: fill(addTexts.buttonOf, { title }) });

    await page.goto(brandUrl('streamhub', `/browse/music/id/${String(album.id)}`));
    await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();

    // The first track: no playlist yet, so the dialog offers to create one, with the focus in its field.
    await addButton(first).click();
    const dialog = playlistDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(addTexts.none)).toBeVisible();
    const nameField = dialog.getByRole('textbox', { name: addTexts.newName });
    await expect(nameField).toBeFocused();
    await expectNoSeriousA11yViolations(page, dialog);
    await nameField.fill('Road trip');
    await dialog.getByRole('button', { name: addTexts.createAndAdd }).click();
    await expect(dialog).toBeHidden();
    await expect(confirmation(page, 'Road trip')).toBeVisible();
    await expect(addButton(first)).toBeFocused();

    // The second, by keyboard: the focus lands on the playlist, Enter adds, and it comes back to the row.
    await addButton(second).focus();
    await page.keyboard.press('Enter');
    const roadTrip = dialog.getByRole('button', { name: /^Road trip/ });
    await expect(roadTrip).toBeFocused();
    await expect(roadTrip).toContainText(fill(enLibrary.playlists.trackCount, { count: '1' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(confirmation(page, 'Road trip')).toBeVisible();
    await expect(addButton(second)).toBeFocused();

    // A track already in the playlist says so; Escape closes the dialog and returns the focus.
    await addButton(first).click();
    await expect(roadTrip).toContainText(addTexts.alreadyIn);
    await expect(roadTrip).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addButton(first)).toBeFocused();

    // In the player: the third track from the queue, then the playing track (already in it).
    await page.getByRole('button', { name: enBrowse.verbs.listen, exact: true }).click();
    const region = player(page);
    await expect(region.getByRole('heading', { level: 2, name: first })).toBeVisible();
    await region.getByRole('button', { name: enPlayer.expand }).click();
    const upNext = region.getByRole('region', { name: enPlayer.queue.title });
    await upNext.getByRole('button', { name: fill(addTexts.buttonOf, { title: third }) }).click();
    await expect(roadTrip).toContainText(fill(enLibrary.playlists.trackCount, { count: '2' }));
    await expectNoSeriousA11yViolations(page, dialog);
    await roadTrip.click();
    await expect(dialog).toBeHidden();
    await expect(confirmation(page, 'Road trip')).toBeVisible();

    const addPlaying = region.getByRole('button', { name: addTexts.button, exact: true });
    await addPlaying.click();
    await expect(roadTrip).toContainText(addTexts.alreadyIn);
    // Escape closes the dialog only: the full player stays open.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addPlaying).toBeFocused();
    await expect(region.getByRole('button', { name: enPlayer.collapse })).toBeVisible();
    await region.getByRole('button', { name: enPlayer.close }).click();
    await expect(region).toHaveCount(0);

    // The playlist holds the three tracks, in the order they were added.
    await sideMenuLink(page, enShell.library.playlistsTitle).click();
    await page.getByRole('link', { name: 'Road trip' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Road trip' })).toBeVisible();
    const titles = () => page.locator('.library-table tbody tr td:nth-child(2)');
    await expect(titles()).toHaveText([first, second, third]);
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // Keyboard: move the first track down, the focus stays on it, and the order is kept on reload.
    const down = page.getByRole('button', { name: fill(enLibrary.playlists.moveDownOf, { title: first }) });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(titles()).toHaveText([second, first, third]);
    await expect(down).toBeFocused();
    await page.reload();
    await expect(titles()).toHaveText([second, first, third]);

    await page
      .getByRole('button', { name: fill(enLibrary.playlists.removeTrackOf, { title: third }) })
      .click();
    await expect(titles()).toHaveText([second, first]);

    await page.getByRole('link', { name: enLibrary.playlists.back }).click();
    await page
      .getByRole('button', { name: fill(enLibrary.playlists.deleteOf, { name: 'Road trip' }) })
      .click();
    const question = page.getByRole('alertdialog', {
      name: fill(enLibrary.playlists.confirmDelete, { name: 'Road trip' }),
    });
    await question.getByRole('button', { name: enLibrary.playlists.delete }).click();
    await expect(page.getByText(enLibrary.playlists.empty)).toBeVisible();
    await page.reload();
    await expect(page.getByText(enLibrary.playlists.empty)).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("the add-to-playlist dialog of an album's track fits the screen", async ({ page }) => {
      const album = await albumWithTracks(await createMember(page), 2);
      const [first, second] = album.tracks as [string, string];
      await page.goto(brandUrl('streamhub', `/browse/music/id/${String(album.id)}`));
      await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();

      await page.getByRole('button', { name: fill(addTexts.buttonOf, { title: first }) }).tap();
      const dialog = playlistDialog(page);
      await expect(dialog).toBeInViewport({ ratio: 1 });
      await dialog.getByRole('textbox', { name: addTexts.newName }).fill('On the bus');
      await expectNoSeriousA11yViolations(page, dialog);
      await dialog.getByRole('button', { name: addTexts.createAndAdd }).tap();
      await expect(dialog).toBeHidden();
      await expect(confirmation(page, 'On the bus')).toBeInViewport({ ratio: 1 });

      await page.getByRole('button', { name: fill(addTexts.buttonOf, { title: second }) }).tap();
      await dialog.getByRole('button', { name: /^On the bus/ }).tap();
      await expect(confirmation(page, 'On the bus')).toBeVisible();
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.goto(brandUrl('streamhub', '/playlists'));
      await page.getByRole('link', { name: 'On the bus' }).tap();
      await expect(page.locator('.library-table tbody tr td:nth-child(2)')).toHaveText([first, second]);
    });
  });

  test('the history lists played titles and clears after confirming', async ({ page }) => {
    const member = await createMember(page);
    await page.goto('/collection');
    await sideMenuLink(page, enShell.library.historyTitle).click();
    await expect(page.getByText(enLibrary.history.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page, screenOf(page));

    // Plays are recorded by the players; recorded here through the API.
    const played = await firstTitles(member, 'movie', 2);
    for (const title of played) {
      await member.graphql(
        `
          mutation H($id: Int!) {
            content {
              addToHistory(type: "movie", id: $id) {
                responseResult {
                  succeeded
                }
              }
            }
          }
        `,
        { id: title.id },
      );
    }
    await page.reload();
    const rows = page.locator('.library-row .library-row__title');
    // Most recent first.
    await expect(rows).toHaveText([...played].reverse().map((title) => title.title));
    await expectNoSeriousA11yViolations(page, screenOf(page));

    await page.getByRole('button', { name: enLibrary.history.removeAll }).click();
    const question = page.getByRole('alertdialog', { name: enLibrary.history.confirmTitle });
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(page, question);
    await question.getByRole('button', { name: enLibrary.history.removeAll }).click();
    await expect(page.getByText(enLibrary.history.empty)).toBeVisible();
    await page.reload();
    await expect(page.getByText(enLibrary.history.empty)).toBeVisible();
  });
});
