import type { MediaType } from '@member/domain';
import { Suspense, startTransition, use, useEffect, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ContinueShelf } from '../../../components/media/continue-shelf';
import { MediaShelf } from '../../../components/media/media-shelf';
import { type TranslationKey, type Translator, useI18n } from '../../../lib/i18n';
import { whenIdle } from '../../../lib/idle';
import { shelfHref } from '../../../lib/media/media-card-fields';
import { pickOfTheDay } from '../api/get-genre-shelf';
import {
  FREE_SLOT_MEDIA_TYPES,
  HOME_SHELF_SLOTS,
  type HomeSlot,
  type HomeShelfSlot,
} from '../api/get-home-slots';
import type { HomeData } from '../api/home-loader';
import { SLOT_TITLES } from '../api/slot-titles';

/** One shelf of the home page, in order: a slot of the server's, or the day's "by genre" shelf. */
export type HomeShelfEntry = { kind: 'slot'; slug: HomeSlot } | { kind: 'genre' };

/** The shelf of "by genre" sits after these slots (spec section 2 lists it before the seasonal one). */
const BEFORE_GENRE_SHELF: readonly HomeShelfSlot[] = ['new_releases', 'popular', 'staff_picks'];

/**
 * The shelves the page shows, known before any title arrives so that their space is reserved: new
 * releases, popular, staff picks, by genre, seasonal, then the free-content slots of the member's media
 * types (a free slot of a type the member is not offered leads nowhere).
 */
export function homeShelfPlan(mediaTypes: readonly MediaType[]): HomeShelfEntry[] {
  const slot = (slug: HomeSlot): HomeShelfEntry => ({ kind: 'slot', slug });
  const free = (Object.keys(FREE_SLOT_MEDIA_TYPES) as (keyof typeof FREE_SLOT_MEDIA_TYPES)[]).filter((slug) =>
    mediaTypes.includes(FREE_SLOT_MEDIA_TYPES[slug]),
  );
  return [
    ...BEFORE_GENRE_SHELF.map(slot),
    ...(mediaTypes.length > 0 ? [{ kind: 'genre' } as const] : []),
    ...HOME_SHELF_SLOTS.filter((slug) => !BEFORE_GENRE_SHELF.includes(slug)).map(slot),
    ...free.map(slot),
  ];
}

const MEDIA_TITLES: Record<MediaType, TranslationKey> = {
  audiobook: 'media.audiobook.title',
  ebook: 'media.ebook.title',
  music: 'media.music.title',
  movie: 'media.movie.title',
  game: 'media.game.title',
  stream: 'media.stream.title',
  software: 'media.software.title',
};

/** How many cards a loading shelf sketches; the row scrolls, so more would never show. */
const SKELETON_CARDS = 8;
/**
 * Cards of the first shelf whose pictures load at once and first: those in view on arrival, on a phone
 * (two and a part) and a desktop (five or six). Its first picture is the page's largest content.
 */
const FIRST_SHELF_PRIORITY_CARDS = 6;
/** Shelves drawn as soon as the titles arrive: the ones in view on arrival, on a phone or a desktop. */
const SHELVES_AT_ONCE = 2;
/** The longest a later shelf waits for the browser to be idle before it is drawn anyway. */
const REVEAL_TIMEOUT_MS = 300;

/**
 * How many of `total` shelves are drawn: none in the commit that shows the page's first content (the
 * featured title above them, the page's largest picture, paints alone), `first` right after it, then one
 * more each time the browser is idle. Drawing every card of every shelf in one go (about 1,500 elements)
 * blocked a phone's main thread for several hundred milliseconds; one shelf at a time leaves room for taps
 * and scrolling in between. The shelves not drawn yet keep their skeleton's box, so nothing moves.
 */
function useShelvesDrawn(total: number, first: number): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn >= total) return;
    // A transition: React renders the shelves in slices of a few milliseconds, yielding to taps and
    // scrolling in between, and only their commit is one task (issue 19).
    const reveal = () => {
      startTransition(() => {
        setDrawn((count) => (count === 0 ? Math.min(first, total) : count + 1));
      });
    };
    if (drawn === 0) {
      reveal();
      return;
    }
    return whenIdle(reveal, REVEAL_TIMEOUT_MS);
  }, [drawn, total, first]);
  return drawn;
}

/** A shelf's frame while its titles load: the same box as the loaded shelf, so nothing moves. */
function ShelfSkeleton({ title }: { title: string }) {
  return (
    <div className="home-shelf home-shelf--loading" aria-hidden="true">
      <p className="media-shelf__title">{title}</p>
      <div className="home-shelf__cards">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <span className="home-shelf__card" key={index} />
        ))}
      </div>
    </div>
  );
}

/** The skeleton of a planned shelf, before its titles are in or before it is drawn. */
function plannedSkeleton(entry: HomeShelfEntry, genreFallback: string, t: Translator['t']) {
  return entry.kind === 'genre' ? (
    <ShelfSkeleton key="genre" title={genreFallback} />
  ) : (
    <ShelfSkeleton key={entry.slug} title={t(SLOT_TITLES[entry.slug])} />
  );
}

function ShelfError({ title }: { title: string }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const headingId = useId();
  return (
    <section className="home-shelf home-shelf--failed" aria-labelledby={headingId}>
      <h2 className="media-shelf__title" id={headingId}>
        {title}
      </h2>
      <p className="home-shelf__message" role="alert">
        {t('shelves.loadFailed.message')}
      </p>
      <div>
        <button
          type="button"
          className="button button--ghost"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('shelves.loadFailed.retry')}
        </button>
      </div>
    </section>
  );
}

function GenreShelf({ shelf, fallbackTitle }: { shelf: HomeData['genreShelf']; fallbackTitle: string }) {
  const { t } = useI18n();
  const loaded = use(shelf);
  if (!loaded.ok) return <ShelfError title={fallbackTitle} />;
  if (!loaded.value) return null;
  const { mediaType, genre, items } = loaded.value;
  const media = t(MEDIA_TITLES[mediaType]);
  return (
    <div className="home-shelf">
      <MediaShelf
        title={genre ? t('shelves.byGenre', { media, genre: genre.title }) : fallbackTitle}
        items={items}
        {...(genre ? { moreHref: `/browse/${mediaType}/genre/${genre.id}` } : {})}
      />
    </div>
  );
}

function LoadedShelves({ home, plan }: { home: HomeData; plan: readonly HomeShelfEntry[] }) {
  const { t } = useI18n();
  const slots = use(home.slots);
  const genreFallback = genreFallbackTitle(home.mediaTypes, t);
  // A slot the brand does not have (a new brand, a free slot not set up) is left out.
  const shown = slots.ok ? plan.filter((entry) => entry.kind === 'genre' || slots.value.has(entry.slug)) : [];
  const drawn = useShelvesDrawn(shown.length, SHELVES_AT_ONCE);
  if (!slots.ok) return <ShelfError title={t('shelves.loadFailed.title')} />;
  if (slots.value.size === 0) {
    return (
      <section className="notice-card">
        <h2 className="notice-card__title">{t('shelves.empty.title')}</h2>
        <p className="notice-card__text">{t('shelves.empty.message')}</p>
      </section>
    );
  }
  const firstSlot = shown.find(
    (entry): entry is Extract<HomeShelfEntry, { kind: 'slot' }> =>
      entry.kind === 'slot' && (slots.value.get(entry.slug)?.items.length ?? 0) > 0,
  );
  return shown.map((entry, index) => {
    if (index >= drawn) return plannedSkeleton(entry, genreFallback, t);
    if (entry.kind === 'genre') {
      return (
        <Suspense key="genre" fallback={<ShelfSkeleton title={genreFallback} />}>
          <GenreShelf shelf={home.genreShelf} fallbackTitle={genreFallback} />
        </Suspense>
      );
    }
    const slot = slots.value.get(entry.slug);
    if (!slot) return null;
    return (
      <div className="home-shelf" key={entry.slug}>
        <MediaShelf
          title={t(SLOT_TITLES[entry.slug])}
          items={slot.items}
          moreHref={shelfHref(entry.slug)}
          priorityCards={entry === firstSlot ? FIRST_SHELF_PRIORITY_CARDS : 0}
        />
      </div>
    );
  });
}

/** "Movies by genre": the by-genre shelf's title before its genre is known. */
function genreFallbackTitle(mediaTypes: readonly MediaType[], t: Translator['t']): string {
  const mediaType = pickOfTheDay(mediaTypes, Date.now());
  return mediaType ? t('shelves.byGenreFallback', { media: t(MEDIA_TITLES[mediaType]) }) : '';
}

/**
 * The home shelves (spec sections 2 and 3). Every shelf's box shows at once, sized like a loaded shelf,
 * and fills in when the one slots request answers (the "by genre" shelf when its own requests do).
 */
export function HomeShelves({ home }: { home: HomeData }) {
  const { t } = useI18n();
  const plan = homeShelfPlan(home.mediaTypes);
  const genreFallback = genreFallbackTitle(home.mediaTypes, t);
  return (
    <div className="home-shelves">
      {/* The library's "continue" shelf (components/media/continue-shelf.tsx) is rendered first, here. */}
      <ContinueShelf />
      <Suspense
        fallback={
          <>
            <p className="visually-hidden" role="status">
              {t('shelves.loading')}
            </p>
            {plan.map((entry) => plannedSkeleton(entry, genreFallback, t))}
          </>
        }
      >
        <LoadedShelves home={home} plan={plan} />
      </Suspense>
    </div>
  );
}
