import { useId } from 'react';
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
  return (
    <section className="media-shelf" aria-labelledby={headingId}>
      <div className="media-shelf__header">
        <Heading className="media-shelf__title" id={headingId}>
          {title}
        </Heading>
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
        <ul className="media-shelf__row">
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
