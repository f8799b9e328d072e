import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, createI18n } from '../../lib/i18n';
import type { MediaCardData } from '../../lib/media/media-card-fields';
import { loadBrowseStrings } from '../../lib/media/media-strings';
import { SessionProvider, createSessionStore } from '../../lib/session';
import { buildBoot, buildBrand } from '../../test/factories';
import { MediaGrid } from './media-grid';
import { MediaShelf } from './media-shelf';

async function renderWithApp(ui: ReactNode) {
  const boot = buildBoot();
  const session = createSessionStore(boot, buildBrand({ cdnServer: 'https://cdn.brand.example' }));
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  await loadBrowseStrings(i18n);
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  return render(
    <SessionProvider store={session}>
      <I18nProvider store={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </SessionProvider>,
  );
}

const item = (id: number, overrides: Partial<MediaCardData> = {}): MediaCardData => ({
  id,
  mediaType: 'music',
  lock: null,
  title: `Album ${id}`,
  slug: `album-${id}`,
  thumbnail: { origin: '', path: `/covers/${id}.jpg`, cacheIndex: 4 },
  is_free: false,
  releaseDate: null,
  releaseYear: 2019,
  duration: 2520,
  popularity: 1,
  ...overrides,
});

/** An IntersectionObserver whose targets the test brings into view. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeIntersectionObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    scrollToEnd() {
      for (const { callback, targets } of observers) {
        const entries = targets.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        );
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    },
  };
}

describe('MediaGrid', () => {
  it('shows cards that link to their titles, with sized lazy pictures from the brand CDN', async () => {
    await renderWithApp(<MediaGrid items={[item(1, { is_free: true }), item(2)]} label="Albums" />);
    const list = screen.getByRole('list', { name: 'Albums' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/browse/music/id/1/album-1',
      '/browse/music/id/2/album-2',
    ]);
    const image = list.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://cdn.brand.example/covers/1.jpg?v=4');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
    expect(within(list).getByText('Free')).toBeInTheDocument();
    expect(within(list).getAllByText('2019 · 42 min')).toHaveLength(2);
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();
  });

  it('says there is nothing to display without items', async () => {
    await renderWithApp(<MediaGrid items={[]} />);
    expect(screen.getByText('Nothing to display')).toBeInTheDocument();
  });

  it('loads more when the end scrolls into view, and from the button', async () => {
    const observer = fakeObserver();
    const onLoadMore = vi.fn();
    await renderWithApp(<MediaGrid items={[item(1)]} hasMore onLoadMore={onLoadMore} />);
    observer.scrollToEnd();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('neither observes nor offers the button while a page loads', async () => {
    const observer = fakeObserver();
    const onLoadMore = vi.fn();
    await renderWithApp(<MediaGrid items={[item(1)]} hasMore isLoadingMore onLoadMore={onLoadMore} />);
    observer.scrollToEnd();
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more…');
  });
});

describe('MediaShelf', () => {
  it('is a titled region with a See all link and its cards', async () => {
    await renderWithApp(
      <MediaShelf title="Popular" items={[item(1)]} moreHref="/browse/music/popular" headingLevel={3} />,
    );
    const shelf = screen.getByRole('region', { name: 'Popular' });
    expect(within(shelf).getByRole('heading', { level: 3, name: 'Popular' })).toBeInTheDocument();
    expect(within(shelf).getByRole('link', { name: 'See all: Popular' })).toHaveAttribute(
      'href',
      '/browse/music/popular',
    );
    expect(within(shelf).getByRole('link', { name: 'Album 1' })).toBeInTheDocument();
  });

  it('says there is nothing to display when empty, without a See all link', async () => {
    await renderWithApp(<MediaShelf title="Staff picks" items={[]} moreHref="/x" />);
    const shelf = screen.getByRole('region', { name: 'Staff picks' });
    await waitFor(() => {
      expect(within(shelf).getByText('Nothing to display')).toBeInTheDocument();
    });
    expect(within(shelf).queryByRole('link')).not.toBeInTheDocument();
  });
});
