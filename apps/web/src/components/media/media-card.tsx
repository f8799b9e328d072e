import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { type MediaCardItem, mediaDetailsHref } from '../../lib/media/media-card-fields';
import { formatDuration, useBrowseStrings } from '../../lib/media/media-strings';
import { CARD_IMAGE_SIZES, thumbnailSrcSet, thumbnailUrl } from '../../lib/media/thumbnail-url';
import { useSession } from '../../lib/session';
import './media-card.css';

type Shape = 'poster' | 'square' | 'wide';

/** Album and audiobook covers are square, streams are video frames, everything else a poster. */
const SHAPES: Record<MediaCardItem['mediaType'], Shape> = {
  music: 'square',
  audiobook: 'square',
  stream: 'wide',
  movie: 'poster',
  ebook: 'poster',
  game: 'poster',
  software: 'poster',
};

/** The image's intrinsic size per shape, so the browser reserves its box before it loads. */
const SIZES: Record<Shape, { width: number; height: number }> = {
  poster: { width: 240, height: 360 },
  square: { width: 300, height: 300 },
  wide: { width: 320, height: 180 },
};

function yearOf(item: MediaCardItem): number | null {
  if (item.releaseYear) return item.releaseYear;
  const year = item.releaseDate ? Number(item.releaseDate.slice(0, 4)) : NaN;
  return Number.isInteger(year) && year > 0 ? year : null;
}

interface MediaCardProps {
  item: MediaCardItem;
  /**
   * The picture is among the first things the page shows (the first cards of the first shelf): it
   * loads at once and before other images, where other cards' pictures wait until they near the screen.
   */
  isPriority?: boolean;
  /** How far along the member is (a continue card): a bar under the picture, with its label read aloud. */
  progress?: CardProgress | null;
}

/** A started title's share done (0..1) and how it is said ("45% watched"). */
export interface CardProgress {
  fraction: number;
  label: string;
}

/**
 * The lock a title shows before it is opened, with why, as the server decided it (`MediaCard.lock`):
 * not in the membership, not in this country, or sign-in needed. The card's link is read with it.
 */
function CardLock({ reason, label }: { reason: NonNullable<MediaCardItem['lock']>; label: string }) {
  return (
    <span className={`media-card__lock media-card__lock--${reason}`}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </span>
  );
}

/** A title on a shelf, in a grid or in search results: its picture, name, year and length, linking to it. */
export function MediaCard({ item, isPriority = false, progress = null }: MediaCardProps) {
  useBrowseStrings();
  const { t } = useI18n();
  const { brand } = useSession();
  const shape = SHAPES[item.mediaType];
  const size = SIZES[shape];
  const src = thumbnailUrl(item.thumbnail, brand.cdnServer);
  const srcSet = thumbnailSrcSet(item.thumbnail, brand.cdnServer);
  const year = yearOf(item);
  const facts = [
    year === null ? null : String(year),
    item.duration ? formatDuration(item.duration, t) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <article className={`media-card media-card--${shape}`}>
      <Link className="media-card__link" to={mediaDetailsHref(item)}>
        <span className="media-card__picture">
          {src ? (
            <img
              className="media-card__image"
              src={src}
              {...(srcSet ? { srcSet, sizes: CARD_IMAGE_SIZES } : {})}
              alt=""
              loading={isPriority ? 'eager' : 'lazy'}
              fetchPriority={isPriority ? 'high' : 'auto'}
              decoding="async"
              width={size.width}
              height={size.height}
            />
          ) : (
            <span className="media-card__placeholder" aria-hidden="true">
              {item.title.slice(0, 1)}
            </span>
          )}
          {item.is_free ? <span className="media-card__badge">{t('browse.card.free')}</span> : null}
          {item.lock ? <CardLock reason={item.lock} label={t(`browse.card.lock.${item.lock}`)} /> : null}
          {progress ? (
            <span
              className="media-card__progress"
              role="progressbar"
              aria-label={progress.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress.fraction * 100)}
            >
              <span
                className="media-card__progress-fill"
                style={{ width: `${String(Math.round(progress.fraction * 1000) / 10)}%` }}
              />
            </span>
          ) : null}
        </span>
        <span className="media-card__title">{item.title}</span>
      </Link>
      {facts.length > 0 ? <p className="media-card__facts">{facts.join(' · ')}</p> : null}
    </article>
  );
}
