import { MEDIA_TYPE_VERBS, type ResumePoint } from '@member/domain';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { SaveButton } from '../../../components/media/save-button';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatClock, formatNumber } from '../../../lib/format';
import { type Translator, useI18n } from '../../../lib/i18n';
import { formatDuration } from '../../../lib/media/media-strings';
import { partsGroup, playQueue } from '../../../lib/media/play-queue';
import { thumbnailSrcSet, thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { useSession } from '../../../lib/session';
import type { MediaDetails } from '../api/get-media-details';
import { useNow } from '../hooks/use-now';
import { useResumePoint } from '../hooks/use-resume-point';
import { chapterStarts, creditLine, titleQueue } from '../utils/queue-items';
import { genreHref, liveHref } from './browse-links';
import { useLiveReminders } from '../hooks/use-live-reminders';
import { scheduleAround } from '../utils/live-schedule';
import { BroadcastAction } from './live-actions';
import { LiveScheduleList } from './live-schedule-list';
import { MediaFacts } from './media-facts';
import { MediaParts } from './media-parts';
import { MediaPeople } from './media-people';

/** The Play button's words once the member has started the title: "Resume 1:25", "Continue chapter 3". */
function resumeLabel(point: ResumePoint, t: Translator['t'], locale: Translator['locale']): string | null {
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
      return null;
  }
}

/** A stream's main action by its broadcast's status: watch live, its replay, or a reminder (decision 036). */
function StreamAction({ media, nowMs, onPlay }: { media: MediaDetails; nowMs: number; onPlay: () => void }) {
  const { t } = useI18n();
  const reminders = useLiveReminders();
  const [current] = scheduleAround([{ source: media, events: media.liveSchedule }], nowMs);
  if (!current) {
    // A stream without a schedule plays as it is.
    return (
      <button type="button" className="button button--primary" onClick={onPlay}>
        {t('browse.verbs.watch')}
      </button>
    );
  }
  return (
    <BroadcastAction
      stream={media}
      event={current.event}
      status={current.status}
      reminders={reminders}
      primary
    />
  );
}

/** A title's page: picture, name, facts, people, genres, its parts (tracks, episodes, chapters) and actions. */
export function MediaDetailsView({ media }: { media: MediaDetails }) {
  const { t, locale } = useI18n();
  const { brand } = useSession();
  useDocumentTitle(media.title);
  const resume = useResumePoint(media, media.mediaType === 'audiobook' ? chapterStarts(media.chapters) : []);
  const resumeText = resumeLabel(resume, t, locale);
  const nowMs = useNow();
  const src = thumbnailUrl(media.thumbnail, brand.cdnServer);
  const srcSet = thumbnailSrcSet(media.thumbnail, brand.cdnServer);
  const year = media.releaseYear ?? (media.releaseDate ? Number(media.releaseDate.slice(0, 4)) : null);
  const summary = [
    t(`media.${media.mediaType}.title`),
    year ? String(year) : null,
    media.duration ? formatDuration(media.duration, t) : null,
  ].filter((part): part is string => part !== null);

  // A title's page is where Play is pressed: its player's code is fetched while the member reads.
  useEffect(() => {
    playQueue.expect(media.mediaType);
  }, [media.mediaType]);

  const play = () => {
    const { items, startIndex } = titleQueue(media);
    playQueue.play(items, { startIndex, group: partsGroup(media, items) });
  };
  // The player resumes from the saved progress by itself; starting over names second 0 explicitly.
  const startOver = () => {
    const { items, startIndex } = titleQueue(media);
    const started = items.map((item, index) => (index === startIndex ? { ...item, startSeconds: 0 } : item));
    playQueue.play(started, { startIndex, group: partsGroup(media, started) });
  };

  return (
    <article className="media-details" aria-labelledby="media-details-title">
      <div className={`media-details__hero media-details__hero--${media.mediaType}`}>
        <div className="media-details__picture">
          {src ? (
            <img
              src={src}
              // browse.css: the picture is at most 280 px wide (420 px for a stream), the screen's width below.
              {...(srcSet
                ? {
                    srcSet,
                    sizes:
                      media.mediaType === 'stream'
                        ? '(min-width: 440px) 420px, 100vw'
                        : '(min-width: 300px) 280px, 100vw',
                  }
                : {})}
              alt=""
              width={480}
              height={480}
              decoding="async"
              className="media-details__image"
            />
          ) : null}
        </div>
        <div className="media-details__intro">
          <p className="media-details__summary">
            {summary.join(' · ')}
            {media.is_free ? <span className="media-details__badge">{t('browse.card.free')}</span> : null}
          </p>
          <h1 className="media-details__title" id="media-details-title">
            {media.title}
          </h1>
          {media.genres.length > 0 ? (
            <ul className="genre-chips" aria-label={t('browse.details.genres')}>
              {media.genres.map((genre) => (
                <li key={genre.id}>
                  <Link className="genre-chip" to={genreHref(media.mediaType, genre.id)}>
                    {genre.parent ? `${genre.parent.title} › ${genre.title}` : genre.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="media-details__actions">
            {media.mediaType === 'stream' ? (
              <StreamAction media={media} nowMs={nowMs} onPlay={play} />
            ) : (
              <button type="button" className="button button--primary" onClick={play}>
                {resumeText ?? t(`browse.verbs.${MEDIA_TYPE_VERBS[media.mediaType]}`)}
              </button>
            )}
            {resume.kind === 'resume' || resume.kind === 'chapter' ? (
              <button type="button" className="button button--ghost" onClick={startOver}>
                {t('browse.details.startOver')}
              </button>
            ) : null}
            <SaveButton
              item={{
                id: media.id,
                mediaType: media.mediaType,
                title: media.title,
                artist: creditLine(media),
                duration: media.duration,
                thumbnail: media.thumbnail,
              }}
            />
            {media.mediaType === 'stream' ? (
              <Link className="button button--ghost" to={liveHref(media.slug)}>
                {t('browse.live.open')}
              </Link>
            ) : null}
          </div>
          {media.description ? <p className="media-details__description">{media.description}</p> : null}
        </div>
      </div>

      <div className="media-details__body">
        <MediaFacts media={media} />
        <MediaPeople media={media} />
        <MediaParts media={media} />
        {media.mediaType === 'stream' ? (
          <section className="media-details__section" aria-labelledby="media-details-schedule">
            <h2 className="browse-section__title" id="media-details-schedule">
              {t('browse.live.schedule')}
            </h2>
            <LiveScheduleList
              schedules={[{ source: media, events: media.liveSchedule }]}
              showStreamTitles={false}
              nowMs={nowMs}
            />
          </section>
        ) : null}
      </div>
    </article>
  );
}
