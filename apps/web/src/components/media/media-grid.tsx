import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n';
import type { MediaCardItem } from '../../lib/media/media-card-fields';
import { useBrowseStrings } from '../../lib/media/media-strings';
import { MediaCard } from './media-card';
import './media-grid.css';

interface MediaGridProps {
  items: readonly MediaCardItem[];
  /** Names the list for screen readers when the page has several. */
  label?: string;
  /** Whether a next page exists. */
  hasMore?: boolean;
  /** A next page is on its way. */
  isLoadingMore?: boolean;
  /** The last attempt to load a page failed; the button offers to try again. */
  loadFailed?: boolean;
  /** Asks for the next page; called by the button and when the end of the grid scrolls into view. */
  onLoadMore?: () => void;
  /** Shown instead of the grid when there are no items; "Nothing to display" unless given. */
  emptyMessage?: string;
}

/** Starts loading the next page this far before the end of the grid reaches the screen. */
const PRELOAD_MARGIN = '600px 0px';

/**
 * A responsive grid of cards that loads more as the reader scrolls (an IntersectionObserver watches the
 * end of the grid), with a visible "Load more" button for keyboards, screen readers and browsers without
 * the observer. A failed page does not retry by itself: the button does, once the person asks.
 */
export function MediaGrid({
  items,
  label,
  hasMore = false,
  isLoadingMore = false,
  loadFailed = false,
  onLoadMore,
  emptyMessage,
}: MediaGridProps) {
  useBrowseStrings();
  const { t } = useI18n();
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = hasMore && !isLoadingMore && !loadFailed && onLoadMore !== undefined;
  // The latest callback, read by the observer without re-creating it on every render.
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const target = sentinel.current;
    if (!canAutoLoad || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          loadMore.current?.();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [canAutoLoad, items.length]);

  if (items.length === 0 && !hasMore) {
    return <p className="media-grid__empty">{emptyMessage ?? t('browse.grid.empty')}</p>;
  }
  return (
    <div className="media-grid">
      <ul className="media-grid__list" aria-label={label} aria-busy={isLoadingMore}>
        {items.map((item) => (
          <li key={`${item.mediaType}-${item.id}`}>
            <MediaCard item={item} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="media-grid__sentinel" aria-hidden="true" />
      <div className="media-grid__footer">
        <p className="media-grid__status" role="status">
          {isLoadingMore ? t('browse.grid.loadingMore') : loadFailed ? t('browse.grid.loadFailed') : ''}
        </p>
        {hasMore && onLoadMore ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={onLoadMore}
            disabled={isLoadingMore}
          >
            {t('browse.grid.loadMore')}
          </button>
        ) : items.length > 0 ? (
          <p className="media-grid__end">{t('browse.grid.end')}</p>
        ) : null}
      </div>
    </div>
  );
}
