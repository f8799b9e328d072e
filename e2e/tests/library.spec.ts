import type { Page } from '@playwright/test';
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enLibrary from '../../apps/web/src/locales/library/en-us.json' with { type: 'json' };
import { brandUrl, expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const GRAPHQL = '/membergraphapi/graphql';
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');

/**
 * A GraphQL call as the signed-in member, made from the page (same origin, its cookie), for seeding and
 * lookups. The page must be on the brand's site.
 */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const body = await page.evaluate(
    async ({ url, payload }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await response.json()) as unknown;
    },
    { url: GRAPHQL, payload: { query, variables } },
  );
  const result = body as { data: T; errors?: unknown[] };
  expect(result.errors).toBeUndefined();
  return result.data;
}

async function firstTitles(page: Page, mediaType: string, count: number) {
  const data = await graphql<{ content: { list: { items: { id: number; title: string }[] } } }>(
    page,
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

test.describe('library', () => {
  // Each test walks several screens with an axe scan on each: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('a member saves a title from its page, finds it in the collection and removes it', async ({
    page,
  }) => {
    await signIn(page, 'active@streamhub.demo');
    const [movie] = await firstTitles(page, 'movie', 1);
    if (!movie) throw new Error('no movie');

    await page.goto(brandUrl('streamhub', `/browse/movie/id/${String(movie.id)}`));
    const save = page.getByRole('button', { name: enLibrary.save.label });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');

    await page.goto(brandUrl('streamhub', '/collection'));
    await expect(
      page.getByRole('heading', { level: 1, name: enShell.library.collectionTitle }),
    ).toBeVisible();
    const remove = page.getByRole('button', {
      name: fill(enLibrary.collection.removeOf, { title: movie.title }),
    });
    await expect(remove).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await remove.click();
    await expect(page.getByText(enLibrary.collection.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The removal reached the server: a reload shows the empty collection too.
    await page.reload();
    await expect(page.getByText(enLibrary.collection.empty)).toBeVisible();
  });

  test('a failed save rolls back and says why', async ({ page }) => {
    await signIn(page, 'active@clickcoins.demo', undefined, 'clickcoins');
    const [movie] = await firstTitles(page, 'movie', 1);
    if (!movie) throw new Error('no movie');
    await page.goto(brandUrl('clickcoins', `/browse/movie/id/${String(movie.id)}`));
    const save = page.getByRole('button', { name: enLibrary.save.label });
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
    // Optimistic: pressed while the server has not answered.
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    release();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alert').filter({ hasText: enLibrary.errors.unexpected })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a member makes a playlist, fills, reorders and deletes it', async ({ page }) => {
    await signIn(page, 'trial@streamhub.demo');
    await page.goto(brandUrl('streamhub', '/playlists'));
    await expect(page.getByText(enLibrary.playlists.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('textbox', { name: enLibrary.playlists.nameLabel }).fill('Road trip');
    await page.getByRole('button', { name: enLibrary.playlists.create }).click();
    const link = page.getByRole('link', { name: 'Road trip' });
    await expect(link).toBeVisible();

    // Tracks come from an album's page (the add-to-playlist control); seeded here through the API.
    const [album] = await firstTitles(page, 'music', 1);
    if (!album) throw new Error('no album');
    const media = await graphql<{ content: { media: { tracks: { id: number; title: string }[] } } }>(
      page,
      `
        query M($id: Int!) {
          content {
            media(mediaType: "music", id: $id) {
              tracks {
                id
                title
              }
            }
          }
        }
      `,
      { id: album.id },
    );
    const tracks = media.content.media.tracks.slice(0, 3);
    expect(tracks.length).toBe(3);
    const lists = await graphql<{ content: { playlists: { id: number; name: string }[] } }>(
      page,
      `
        query {
          content {
            playlists {
              id
              name
            }
          }
        }
      `,
    );
    const playlist = lists.content.playlists.find((item) => item.name === 'Road trip');
    if (!playlist) throw new Error('the playlist was not saved');
    for (const track of tracks) {
      await graphql(
        page,
        `
          mutation A($input: PlaylistTrackInput!) {
            content {
              addPlaylistTrack(input: $input) {
                responseResult {
                  succeeded
                }
              }
            }
          }
        `,
        { input: { playlistId: playlist.id, trackId: track.id } },
      );
    }

    await page.reload();
    await page.getByRole('link', { name: 'Road trip' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Road trip' })).toBeVisible();
    const titles = () => page.locator('.library-table tbody tr td:nth-child(2)');
    await expect(titles()).toHaveText(tracks.map((track) => track.title));
    await expectNoSeriousA11yViolations(page);

    // Keyboard: move the first track down, the focus stays on it, and the order is kept on reload.
    const [first, second, third] = tracks as [(typeof tracks)[0], (typeof tracks)[0], (typeof tracks)[0]];
    const down = page.getByRole('button', {
      name: fill(enLibrary.playlists.moveDownOf, { title: first.title }),
    });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(titles()).toHaveText([second.title, first.title, third.title]);
    await expect(down).toBeFocused();
    await page.reload();
    await expect(titles()).toHaveText([second.title, first.title, third.title]);

    await page
      .getByRole('button', { name: fill(enLibrary.playlists.removeTrackOf, { title: third.title }) })
      .click();
    await expect(titles()).toHaveText([second.title, first.title]);

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

  test('the history lists played titles and clears after confirming', async ({ page }) => {
    await signIn(page, 'test@streamhub.demo');
    await page.goto(brandUrl('streamhub', '/history'));
    await expect(page.getByText(enLibrary.history.empty)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Plays are recorded by the players; recorded here through the API.
    const played = await firstTitles(page, 'movie', 2);
    for (const title of played) {
      await graphql(
        page,
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
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: enLibrary.history.removeAll }).click();
    const question = page.getByRole('alertdialog', { name: enLibrary.history.confirmTitle });
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await question.getByRole('button', { name: enLibrary.history.removeAll }).click();
    await expect(page.getByText(enLibrary.history.empty)).toBeVisible();
    await page.reload();
    await expect(page.getByText(enLibrary.history.empty)).toBeVisible();
  });
});
