import { LOCALE_BCP47 } from '@member/domain';
import type { RendererRelocateDetail, TocItem, View } from 'foliate-js/view.js';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import type { MediaProgress } from '../../../lib/media/library-api';
import type { QueueItem } from '../../../lib/media/play-queue';
import { logger } from '../../../lib/logger';
import type { Playback } from '../api/playback';
import { useProgressSaver } from '../hooks/use-progress-saver';
import {
  READER_FONT_SIZES,
  READER_LINE_HEIGHTS,
  READER_THEMES,
  type ReaderSettings,
  type ReaderTheme,
  saveReaderSettings,
  savedReaderSettings,
} from '../lib/player-prefs';
import { readingFraction } from '../lib/reading-progress';
import { BookmarksPanel } from './bookmarks-panel';

export interface BookReaderProps {
  item: QueueItem;
  playback: Playback;
  progress: MediaProgress | null;
}

const FONT_SIZES = READER_FONT_SIZES;
/** Screens on which a tap in the page's left or right third turns the page. */
const PHONE_QUERY = '(max-width: 700px)';
/** How each of READER_LINE_HEIGHTS is named in the menu, in the same order. */
const LINE_HEIGHT_NAMES = ['compact', 'normal', 'relaxed', 'loose'] as const;

interface FlatTocEntry {
  label: string;
  href: string;
  depth: number;
}

function flattenToc(items: readonly TocItem[] | null | undefined, depth = 0): FlatTocEntry[] {
  return (items ?? []).flatMap((entry) => [
    { label: entry.label.trim(), href: entry.href, depth },
    ...flattenToc(entry.subitems, depth + 1),
  ]);
}

/** Each reader theme's page, text and link colours (each pair passes WCAG AA). */
const THEME_COLORS: Record<ReaderTheme, { scheme: string; page: string; text: string; link: string }> = {
  dark: { scheme: 'dark', page: '#10131b', text: '#eef0f6', link: '#9eb1ff' },
  sepia: { scheme: 'light', page: '#f4ecd8', text: '#3b2f1e', link: '#7a3e00' },
  light: { scheme: 'light', page: '#ffffff', text: '#1a1a1a', link: '#1f4fbf' },
};

/** The reading styles given to the book's pages: the member's theme, text size and line height. */
function readerCss(settings: ReaderSettings): string {
  const colors = THEME_COLORS[settings.theme];
  return `html { color-scheme: ${colors.scheme}; background: ${colors.page}; color: ${colors.text}; }
body { font-size: ${String(settings.fontSize)}% !important; line-height: ${String(settings.lineHeight)} !important; }
a { color: ${colors.link}; }`;
}

/** The section a new book opens at, found as foliate-js's `goToTextStart` finds it. */
function textStartIndex(view: View): number {
  const bodyMatter = view.book.landmarks?.find(
    (landmark) => landmark.type.includes('bodymatter') || landmark.type.includes('text'),
  );
  const resolved = bodyMatter ? view.resolveNavigation(bodyMatter.href) : null;
  return (
    resolved?.index ??
    Math.max(
      0,
      view.book.sections.findIndex((section) => section.linear !== 'no'),
    )
  );
}

/**
 * The EPUB reader: foliate-js (loaded only now) renders the book fetched from its signed URL. Table of
 * contents, previous and next page (buttons and arrow keys), text size, and the reading position (a CFI
 * and the fraction read) saved as the member reads and restored on any device.
 */
export function BookReader({ item, playback, progress }: BookReaderProps) {
  const { t, locale } = useI18n();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [toc, setToc] = useState<FlatTocEntry[]>([]);
  const [location, setLocation] = useState<{ fraction: number; cfi: string; chapter: string | null } | null>(
    null,
  );
  const [settings, setSettings] = useState<ReaderSettings>(savedReaderSettings);
  const { fontSize } = settings;
  const setFontSize = (size: number): void => {
    setSettings((previous) => ({ ...previous, fontSize: size }));
  };
  const tocId = useId();
  const themeId = useId();
  const lineHeightId = useId();

  useProgressSaver(
    item,
    () =>
      location ? { progress: Math.min(1, Math.max(0, location.fraction)), position: location.cfi } : null,
    status === 'ready',
  );

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const controller = new AbortController();
    let view: View | null = null;
    const turnPage = (event: KeyboardEvent): void => {
      if (event.key === 'ArrowLeft') void viewRef.current?.goLeft();
      else if (event.key === 'ArrowRight') void viewRef.current?.goRight();
    };
    // On a phone, a tap in the page's outer thirds turns the page (not on a link or a selection).
    const tapToTurn = (event: MouseEvent): void => {
      if (!window.matchMedia(PHONE_QUERY).matches) return;
      const target = event.target as Element | null;
      if (target?.closest('a') || (event.view?.getSelection()?.toString() ?? '') !== '') return;
      // The page is in foliate's frame: place the tap on the screen, then within the reader's box.
      const box = host.getBoundingClientRect();
      const width = box.width;
      const x = event.screenX - window.screenX - box.left;
      if (x < width / 3) void viewRef.current?.prev();
      else if (x > (width * 2) / 3) void viewRef.current?.next();
    };
    const aborted = (): boolean => controller.signal.aborted;
    (async () => {
      const [response, foliate] = await Promise.all([
        fetch(playback.url, { signal: controller.signal, credentials: 'same-origin' }),
        import('foliate-js/view.js'),
      ]);
      if (!response.ok) throw new Error(`The book could not be downloaded (${String(response.status)})`);
      const blob = await response.blob();
      if (aborted()) return;
      const file = new File([blob], 'book.epub', { type: 'application/epub+zip' });
      // view.js defines the <foliate-view> element; its constructor makes one.
      view = new foliate.View();
      view.className = 'player__book-view';
      host.append(view);
      viewRef.current = view;
      view.addEventListener('load', (event) => {
        const { doc } = (event as CustomEvent<{ doc: Document }>).detail;
        doc.addEventListener('keydown', turnPage);
        doc.addEventListener('click', tapToTurn);
      });
      await view.open(file);
      if (aborted()) return;
      const opened = view;
      const textStart = textStartIndex(opened);
      // The paginator's event says where the page starts; the view, which handles it first, has
      // already worked out the page's CFI and chapter.
      opened.renderer.addEventListener('relocate', (event) => {
        const page = (event as CustomEvent<RendererRelocateDetail>).detail;
        const last = opened.lastLocation;
        if (!last) return;
        setLocation({
          fraction: readingFraction(opened.book.sections, textStart, {
            index: page.index,
            fractionInSection: page.fraction ?? 0,
            pageSize: page.size ?? 0,
          }),
          cfi: last.cfi,
          chapter: last.tocItem?.label?.trim() ?? null,
        });
      });
      view.renderer.setStyles?.(readerCss(savedReaderSettings()));
      setToc(flattenToc(view.book.toc));
      const saved = progress && !progress.finished ? progress.position : null;
      await view.init({ lastLocation: saved, showTextStart: true });
      if (!aborted()) setStatus('ready');
    })().catch((error: unknown) => {
      if (aborted()) return;
      logger.warn('The book could not be opened', error);
      setStatus('error');
    });
    return () => {
      controller.abort();
      view?.close();
      view?.remove();
      viewRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reader opens once per playback.
  }, [playback.url]);

  // The settings apply at once and are the reader's settings next time (this device).
  useEffect(() => {
    saveReaderSettings(settings);
    // Before the book is open the view has no renderer yet; the opening applies the saved settings.
    if (status === 'ready') viewRef.current?.renderer.setStyles?.(readerCss(settings));
  }, [settings, status]);

  const go = useCallback((direction: 'prev' | 'next') => {
    const view = viewRef.current;
    if (!view) return;
    void (direction === 'prev' ? view.prev() : view.next());
  }, []);

  const percent = new Intl.NumberFormat(LOCALE_BCP47[locale], { style: 'percent' });
  const bookmarkItem = useMemo(() => ({ mediaType: item.mediaType, id: item.id }), [item.mediaType, item.id]);
  const sizeIndex = FONT_SIZES.indexOf(fontSize as (typeof FONT_SIZES)[number]);

  return (
    <div className="player__book">
      <div className="player__book-tools">
        <div className="player__field">
          <label htmlFor={tocId}>{t('player.book.toc')}</label>
          <select
            id={tocId}
            className="player__select"
            disabled={toc.length === 0}
            value={toc.find((entry) => entry.label === location?.chapter)?.href ?? ''}
            onChange={(event) => {
              const href = event.currentTarget.value;
              if (href) void viewRef.current?.goTo(href);
            }}
          >
            <option value="" disabled>
              {t('player.book.tocPick')}
            </option>
            {toc.map((entry) => (
              <option key={entry.href} value={entry.href}>
                {`${'\u00a0\u00a0'.repeat(entry.depth)}${entry.label}`}
              </option>
            ))}
          </select>
        </div>
        <div className="player__field">
          <label htmlFor={themeId}>{t('player.book.theme')}</label>
          <select
            id={themeId}
            className="player__select"
            value={settings.theme}
            onChange={(event) => {
              const theme = READER_THEMES.find((candidate) => candidate === event.currentTarget.value);
              if (theme) setSettings((previous) => ({ ...previous, theme }));
            }}
          >
            {READER_THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {t(`player.book.themes.${theme}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="player__field">
          <label htmlFor={lineHeightId}>{t('player.book.lineHeight')}</label>
          <select
            id={lineHeightId}
            className="player__select"
            value={String(settings.lineHeight)}
            onChange={(event) => {
              const lineHeight = Number(event.currentTarget.value);
              setSettings((previous) => ({ ...previous, lineHeight }));
            }}
          >
            {READER_LINE_HEIGHTS.map((height, index) => (
              <option key={height} value={String(height)}>
                {t(`player.book.lineHeights.${LINE_HEIGHT_NAMES[index] ?? 'normal'}`)}
              </option>
            ))}
          </select>
        </div>
        <div
          className="player__book-size"
          role="group"
          aria-label={t('player.book.fontSize', { percent: fontSize })}
        >
          <button
            type="button"
            className="player__button"
            disabled={sizeIndex <= 0}
            aria-label={t('player.book.fontSmaller')}
            onClick={() => {
              setFontSize(FONT_SIZES[Math.max(0, sizeIndex - 1)] ?? 100);
            }}
          >
            <span aria-hidden="true">A−</span>
          </button>
          <button
            type="button"
            className="player__button"
            disabled={sizeIndex >= FONT_SIZES.length - 1}
            aria-label={t('player.book.fontLarger')}
            onClick={() => {
              setFontSize(FONT_SIZES[Math.min(FONT_SIZES.length - 1, sizeIndex + 1)] ?? 100);
            }}
          >
            <span aria-hidden="true">A+</span>
          </button>
        </div>
      </div>
      <div className="player__book-stage">
        <button
          type="button"
          className="player__button player__page-turn"
          disabled={status !== 'ready'}
          onClick={() => {
            go('prev');
          }}
          aria-label={t('player.book.previousPage')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div ref={hostRef} className="player__book-host" aria-busy={status === 'loading'} />
        <button
          type="button"
          className="player__button player__page-turn"
          disabled={status !== 'ready'}
          onClick={() => {
            go('next');
          }}
          aria-label={t('player.book.nextPage')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="player__status" role="status">
        {status === 'loading' ? t('player.loading') : null}
        {status === 'ready' && location
          ? t('player.book.progress', { percent: percent.format(location.fraction) })
          : null}
      </p>
      {status === 'error' ? (
        <p className="player__error" role="alert">
          {t('player.book.error')}
        </p>
      ) : null}
      <BookmarksPanel
        item={bookmarkItem}
        // Loaded once the book is open: nothing here delays its first page.
        active={status === 'ready'}
        currentPlace={() =>
          location
            ? {
                position: Math.min(1, Math.max(0, location.fraction)),
                location: location.cfi,
                defaultName: location.chapter
                  ? t('player.bookmarks.defaultChapter', {
                      chapter: location.chapter,
                      time: percent.format(location.fraction),
                    })
                  : t('player.book.progress', { percent: percent.format(location.fraction) }),
              }
            : null
        }
        describe={(bookmark) => t('player.book.progress', { percent: percent.format(bookmark.position) })}
        jump={(bookmark) => {
          if (bookmark.location) void viewRef.current?.goTo(bookmark.location);
        }}
      />
    </div>
  );
}
