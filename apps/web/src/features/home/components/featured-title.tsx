import { MEDIA_TYPE_VERBS, type ResumePoint, resumePoint } from '@member/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatClock, formatNumber } from '../../../lib/format';
import { type Translator, useI18n } from '../../../lib/i18n';
import { mediaDetailsHref } from '../../../lib/media/media-card-fields';
import { formatDuration } from '../../../lib/media/media-strings';
import { playQueue } from '../../../lib/media/play-queue';
import { thumbnailSrcSet, thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { useSession } from '../../../lib/session';
import type { Featured, FeaturedMedia } from '../api/get-featured';

/** Where each chapter starts in the audiobook's one file: `#t=<start>` in its key, else the running total. */
function chapterStarts(chapters: FeaturedMedia['chapters']): number[] {
  let total = 0;
  return chapters.map((chapter) => {
    const match = /#t=(\d+(?:\.\d+)?)/.exec(chapter.playbackKey ?? '');
    const start = match?.[1] ? Number(match[1]) : total;
    total = start + (chapter.duration ?? 0);
    return start;
  });
}

/** The Play button's words: "Resume 1:25", "Continue chapter 3", or the type's verb. */
function playLabel(media: FeaturedMedia, point: ResumePoint, { t, locale }: Translator): string {
  switch (point.kind) {
    case 'resume':
      return t('browse.details.resumeAt', { time: formatClock(point.seconds) });
    case 'chapter':
      return t('browse.details.continueChapter', { number: point.number });
    case 'read':
      return t('browse.details.continueReading', {
        percent: formatNumber(point.fraction, locale, { style: 'percent' }),
      });
    case 'start':
      return t(`browse.verbs.${MEDIA_TYPE_VERBS[media.mediaType]}`);
  }
}

const names = (people: readonly { title: string }[]) =>
  people.length > 0 ? people.map((person) => person.title).join(', ') : undefined;

/**
 * The featured title at the top of the home page (issue 14, item 12), as the server chose it: its cover
 * over a blurred copy of itself, its name and synopsis, Play (or Resume where the member left it) and
 * its page. Its box has a fixed height (home.css, reserved by the page's skeleton), so nothing moves when
 * it arrives. Play queues the title itself: the server features only titles that play by themselves.
 */
export function FeaturedTitle({ featured }: { featured: Featured }) {
  const translator = useI18n();
  const { t } = translator;
  const { brand } = useSession();
  const headingId = useId();
  const { media } = featured;
  const point = resumePoint({
    mediaType: media.mediaType,
    saved: featured.progress,
    chapterStarts: media.mediaType === 'audiobook' ? chapterStarts(media.chapters) : [],
  });
  const src = thumbnailUrl(media.thumbnail, brand.cdnServer);
  const srcSet = thumbnailSrcSet(media.thumbnail, brand.cdnServer);
  const year = media.releaseYear ?? (media.releaseDate ? Number(media.releaseDate.slice(0, 4)) : null);
  const facts = [
    t(`media.${media.mediaType}.title`),
    year ? String(year) : null,
    media.duration ? formatDuration(media.duration, t) : null,
  ].filter((fact): fact is string => fact !== null);

  // The player's code for this type is fetched when the member goes for Play (a pointer over it, a
  // touch, focus), as the library's buttons do: on mount it loaded the player and, for a film, hls.js
  // into every first visit to the home page on a phone (issue 19).
  const expectPlay = () => {
    playQueue.expect(media.mediaType);
  };

  const play = () => {
    const artist = names(media.artists) ?? names(media.authors);
    playQueue.play([
      {
        id: media.id,
        mediaType: media.mediaType,
        title: media.title,
        thumbnail: media.thumbnail,
        duration: media.duration,
        ...(artist ? { artist } : {}),
      },
    ]);
  };

  return (
    <section className={`home-featured home-featured--${media.mediaType}`} aria-labelledby={headingId}>
      {src ? (
        <div
          className="home-featured__backdrop"
          aria-hidden="true"
          style={{ backgroundImage: `url("${src.replace(/"/g, '%22')}")` }}
        />
      ) : null}
      <div className="home-featured__cover">
        {src ? (
          <img
            src={src}
            {...(srcSet ? { srcSet, sizes: '(min-width: 900px) 176px, 120px' } : {})}
            alt=""
            width={320}
            height={480}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
      </div>
      <div className="home-featured__text">
        <p className="home-featured__kicker">
          {featured.reason === 'continue' ? t('shelves.featured.continue') : t('shelves.featured.pick')}
        </p>
        <h2 className="home-featured__title" id={headingId}>
          {media.title}
        </h2>
        <p className="home-featured__facts">{facts.join(' · ')}</p>
        {media.description ? <p className="home-featured__synopsis">{media.description}</p> : null}
      </div>
      <div className="home-featured__actions">
        <button
          type="button"
          className="button button--primary"
          onPointerEnter={expectPlay}
          onPointerDown={expectPlay}
          onFocus={expectPlay}
          onClick={play}
        >
          {playLabel(media, point, translator)}
        </button>
        <Link
          className="button button--ghost"
          to={mediaDetailsHref(media)}
          aria-label={t('shelves.featured.detailsOf', { title: media.title })}
        >
          {t('shelves.featured.details')}
        </Link>
      </div>
    </section>
  );
}
