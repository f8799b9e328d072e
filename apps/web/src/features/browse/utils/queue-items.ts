import type { Person } from '@member/domain';
import type { QueueItem } from '../../../lib/media/play-queue';
import type { MediaChild, MediaDetails } from '../api/get-media-details';

const names = (people: readonly Person[]): string | undefined =>
  people.length > 0 ? people.map((person) => person.title).join(', ') : undefined;

function queueItem(item: MediaChild, artist: string | undefined): QueueItem {
  return {
    id: item.id,
    mediaType: item.mediaType,
    title: item.title,
    thumbnail: item.thumbnail,
    duration: item.duration,
    ...(artist ? { artist } : {}),
  };
}

/** Who a title is by, as one line: its artists, else its authors, else its directors. */
export function creditLine(media: MediaDetails): string | null {
  return names(media.artists) ?? names(media.authors) ?? names(media.directors) ?? null;
}

/** Where a chapter starts inside its audiobook's one file: `#t=<start>` in its playback key, else the running total. */
export function chapterStarts(chapters: readonly MediaChild[]): number[] {
  let total = 0;
  return chapters.map((chapter) => {
    const match = /#t=(\d+(?:\.\d+)?)/.exec(chapter.playbackKey ?? '');
    const start = match?.[1] ? Number(match[1]) : total;
    total = start + (chapter.duration ?? 0);
    return start;
  });
}

/** What Play queues for a title: an album's tracks, a series' episodes, or the title itself. */
export function titleQueue(media: MediaDetails): { items: QueueItem[]; startIndex: number } {
  if (media.mediaType === 'music' && media.tracks.length > 0) {
    return {
      items: media.tracks.map((track) => queueItem(track, names(track.artists) ?? names(media.artists))),
      startIndex: 0,
    };
  }
  if (media.mediaType === 'movie' && media.episodes.length > 0) {
    const first = media.firstEpisode ? media.episodes.findIndex((e) => e.id === media.firstEpisode?.id) : 0;
    return {
      items: media.episodes.map((episode) => queueItem(episode, undefined)),
      startIndex: Math.max(0, first),
    };
  }
  const artist = names(media.artists) ?? names(media.authors);
  return { items: [queueItem(media, artist)], startIndex: 0 };
}

/** The audiobook itself, started at a chapter (the chapters are parts of one file). */
export function chapterQueueItem(media: MediaDetails, startSeconds: number): QueueItem {
  return { ...queueItem(media, names(media.authors)), startSeconds };
}
