import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, createI18n } from '../../lib/i18n';
import { SessionProvider, createSessionStore } from '../../lib/session';
import { buildBoot, buildBrand, buildMember } from '../../test/factories';
import { jsonResponse, mockFetch, requestJson } from '../../test/render-app';
import { loadLibraryStrings } from '../../lib/media/library-api';
import { SaveButton, resetSavedTitles } from './save-button';

const succeeded = { succeeded: true, errorCode: null, slug: null, message: null };
const ITEM = {
  id: 7,
  mediaType: 'movie',
  title: 'Harbor Lights',
  thumbnail: { origin: '', path: '/t.webp', cacheIndex: 0 },
};

/** A GraphQL endpoint whose collection holds `saved` and whose mutations answer with `answer`. */
function mockLibrary(saved: { type: string; id: number }[], answer: () => Promise<unknown>) {
  return mockFetch(async (url, init) => {
    const body = requestJson(init) as { query: string };
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    if (body.query.includes('query Collection')) {
      return jsonResponse({
        data: {
          content: {
            collection: saved.map((entry) => ({
              ...entry,
              title: 'x',
              duration: null,
              artist: null,
              thumbnail: ITEM.thumbnail,
              addedAt: '2026-01-01T00:00:00.000Z',
            })),
          },
        },
      });
    }
    return jsonResponse(await answer());
  });
}

async function renderButton() {
  const boot = buildBoot({ brand: buildBrand(), member: buildMember() });
  const session = createSessionStore(boot, boot.brand ?? buildBrand());
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  await loadLibraryStrings(i18n);
  render(
    <SessionProvider store={session}>
      <I18nProvider store={i18n}>
        <SaveButton item={ITEM} />
      </I18nProvider>
    </SessionProvider>,
  );
  const button = await screen.findByRole('button', { name: /^Saved?$/ });
  // The collection was read: the button says whether the title is in it.
  await waitFor(() => {
    expect(button).toHaveAttribute('aria-pressed');
  });
  return button;
}

afterEach(() => {
  resetSavedTitles();
});

describe('SaveButton', () => {
  it('flips at once and stays saved when the server agrees', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockLibrary(
      [],
      () =>
        new Promise((resolve) => {
          release = () => {
            resolve({ data: { content: { addToCollection: { responseResult: succeeded } } } });
          };
        }),
    );
    const button = await renderButton();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName('Save');
    await userEvent.setup().click(button);
    // Optimistic: pressed, and saying so, before the server answered.
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleName('Saved');
    release();
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-disabled', 'false');
    });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const sent = fetchMock.mock.calls
      .map(([, init]) => requestJson(init) as { query: string; variables: unknown })
      .find((call) => call.query.includes('mutation AddToCollection'));
    expect(sent?.variables).toMatchObject({ type: 'movie', id: 7 });
  });

  it('rolls back and shows the reason when the server refuses', async () => {
    mockLibrary([], () =>
      Promise.resolve({
        data: {
          content: {
            addToCollection: {
              responseResult: {
                succeeded: false,
                errorCode: 'BAD_USER_INPUT',
                slug: 'collection_full',
                message: 'Your collection is full (1000 titles).',
              },
            },
          },
        },
      }),
    );
    const button = await renderButton();
    await userEvent.setup().click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your collection is full. Remove a title to save another.',
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName('Save');
  });

  it('rolls back a removal when the network fails, with the fallback message', async () => {
    mockLibrary([{ type: 'movie', id: 7 }], () => Promise.reject(new TypeError('offline')));
    const button = await renderButton();
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-pressed', 'true');
    });
    // A title already in the collection says so.
    expect(button).toHaveAccessibleName('Saved');
    await userEvent.setup().click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occured.');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleName('Saved');
  });
});
