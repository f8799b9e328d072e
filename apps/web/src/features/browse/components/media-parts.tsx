import { AddToPlaylist } from '../../../components/media/add-to-playlist';
import { useI18n } from '../../../lib/i18n';
import { formatDuration } from '../../../lib/media/media-strings';
import { partsGroup, playQueue } from '../../../lib/media/play-queue';
import type { MediaChild, MediaDetails } from '../api/get-media-details';
import { chapterQueueItem, chapterStarts, titleQueue } from '../utils/queue-items';

interface PartRow {
  child: MediaChild;
  /** "1", "S1 · E2". */
  number: string;
  byline: string | null;
  play: () => void;
}

/** What a part list is called, and its rows with their Play buttons. */
function partsOf(media: MediaDetails, t: ReturnType<typeof useI18n>['t']) {
  if (media.tracks.length > 0) {
    const queue = titleQueue(media);
    return {
      kind: 'tracks' as const,
      rows: media.tracks.map<PartRow>((track, index) => ({
        child: track,
        number: String(track.trackNumber ?? track.position ?? index + 1),
        byline: track.artists.map((artist) => artist.title).join(', ') || null,
        play: () => {
          playQueue.play(queue.items, { startIndex: index, group: partsGroup(media, queue.items) });
        },
      })),
    };
  }
  if (media.episodes.length > 0) {
    const queue = titleQueue(media);
    return {
      kind: 'episodes' as const,
      rows: media.episodes.map<PartRow>((episode, index) => ({
        child: episode,
        number: t('browse.parts.episodeNumber', {
          season: episode.seasonNumber ?? 1,
          episode: episode.episodeNumber ?? episode.position ?? index + 1,
        }),
        byline: media.firstEpisode?.id === episode.id ? t('browse.parts.firstEpisode') : null,
        play: () => {
          playQueue.play(queue.items, { startIndex: index, group: partsGroup(media, queue.items) });
        },
      })),
    };
  }
  if (media.chapters.length > 0) {
    const starts = chapterStarts(media.chapters);
    return {
      kind: 'chapters' as const,
      rows: media.chapters.map<PartRow>((chapter, index) => ({
        child: chapter,
        number: String(chapter.position ?? index + 1),
        byline: null,
        play: () => {
          playQueue.play([chapterQueueItem(media, starts[index] ?? 0)]);
        },
      })),
    };
  }
  return null;
}

/**
 * A title's tracks, episodes or chapters, each with its own Play button; an album's tracks also have an
 * "Add to playlist" button.
 */
export function MediaParts({ media }: { media: MediaDetails }) {
  const { t } = useI18n();
  const parts = partsOf(media, t);
  if (!parts) return null;
  return (
    <section className="media-details__section" aria-labelledby="media-parts-title">
      <h2 className="browse-section__title" id="media-parts-title">
        {t(`browse.parts.${parts.kind}`)}
      </h2>
      <ol className={`media-parts media-parts--${parts.kind}`}>
        {parts.rows.map((row) => (
          <li className="media-parts__row" key={row.child.id}>
            <span className="media-parts__number">{row.number}</span>
            <span className="media-parts__text">
              <span className="media-parts__title">{row.child.title}</span>
              {row.byline ? <span className="media-parts__byline">{row.byline}</span> : null}
            </span>
            <span className="media-parts__duration">
              {row.child.duration ? formatDuration(row.child.duration, t) : null}
            </span>
            <button
              type="button"
              className="icon-button media-parts__play"
              onClick={row.play}
              aria-label={t('browse.parts.play', { title: row.child.title })}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </button>
            {parts.kind === 'tracks' ? (
              <AddToPlaylist track={{ id: row.child.id, title: row.child.title }} />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
