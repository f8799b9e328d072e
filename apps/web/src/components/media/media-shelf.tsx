import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import type { MediaCardItem } from '../../lib/media/media-card-fields';
import { useBrowseStrings } from '../../lib/media/media-strings';
import { type CardProgress, MediaCard } from './media-card';
import './media-shelf.css';

interface MediaShelfProps {
  title: string;
  items: readonly MediaCardItem[];
  /** A page with the whole list ("See all"). */
  moreHref?: string;
  /** The heading's level in the page's outline; 2 unless the shelf sits under a section heading. */
  headingLevel?: 2 | 3 | 4;
  /** How many of the first cards' pictures load at once, with high priority (the page's first shelf). */
  priorityCards?: number;
  /** A card's progress bar (the continue shelf); none when absent or null. */
  progressOf?: (item: MediaCardItem) => CardProgress | null;
}

/**
 * Whether the row can scroll back and forward, followed as it scrolls and as its box changes. The first
 * reading waits for the browser's own layout (a ResizeObserver reports just after it): reading the row's
 * sizes while mounting forced a layout per shelf, a large share of the home page's first work on a phone.
 */
function useRowEnds(row: RefObject<HTMLUListElement | null>, count: number) {
  const [ends, setEnds] = useState({ back: false, forward: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return undefined;
    const read = (): void => {
      const back = element.scrollLeft > 1;
      const forward = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEnds((previous) =>
        previous.back === back && previous.forward === forward ? previous : { back, forward },
      );
    };
    element.addEventListener('scroll', read, { passive: true });
    // Reports once when observing starts, then whenever the row's width changes (a resized window).
    const resizes = new ResizeObserver(read);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resizes.disconnect();
    };
  }, [row, count]);
  return ends;
}

/**
 * A titled row of cards that scrolls sideways. Each card is a link, so Tab walks the row and the browser
 * scrolls the focused card into view; on touch screens the row swipes and snaps to cards.
 */
export function MediaShelf({
  title,
  items,
  moreHref,
  headingLevel = 2,
  priorityCards = 0,
  progressOf,
}: MediaShelfProps) {
  useBrowseStrings();
  const { t } = useI18n();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const rowRef = useRef<HTMLUListElement>(null);
  const ends = useRowEnds(rowRef, items.length);
  // A desktop's arrow buttons move the row by most of its width (a phone swipes it).
  const scrollRow = useCallback((direction: -1 | 1) => {
    const row = rowRef.current;
    if (!row) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: reduced ? 'auto' : 'smooth' });
  }, []);
  return (
    <section className="media-shelf" aria-labelledby={headingId}>
      <div className="media-shelf__header">
        <Heading className="media-shelf__title" id={headingId}>
          {title}
        </Heading>
        {items.length > 0 && (ends.back || ends.forward) ? (
          <div className="media-shelf__arrows">
            <button
              type="button"
              className="icon-button media-shelf__arrow"
              disabled={!ends.back}
              aria-label={t('browse.shelf.scrollBack', { title })}
              onClick={() => {
                scrollRow(-1);
              }}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <button
              type="button"
              className="icon-button media-shelf__arrow"
              disabled={!ends.forward}
              aria-label={t('browse.shelf.scrollForward', { title })}
              onClick={() => {
                scrollRow(1);
              }}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </div>
        ) : null}
        {moreHref && items.length > 0 ? (
          <Link
            className="media-shelf__more"
            to={moreHref}
            aria-label={t('browse.shelf.seeAllOf', { title })}
          >
            {t('browse.shelf.seeAll')}
          </Link>
        ) : null}
      </div>
      {items.length > 0 ? (
        <ul className="media-shelf__row" ref={rowRef}>
          {items.map((item, index) => (
            <li className="media-shelf__item" key={`${item.mediaType}-${item.id}`}>
              <MediaCard
                item={item}
                isPriority={index < priorityCards}
                progress={progressOf ? progressOf(item) : null}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="media-shelf__empty">{t('browse.shelf.empty')}</p>
      )}
    </section>
  );
}
