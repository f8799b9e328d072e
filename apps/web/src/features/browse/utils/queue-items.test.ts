import { describe, expect, it } from 'vitest';
import type { MediaChild, MediaDetails } from '../api/get-media-details';
import { chapterQueueItem, chapterStarts, titleQueue } from './queue-items';

const thumbnail = { origin: '', path: '/t.jpg', cacheIndex: 0 };

function child(overrides: Partial<MediaChild>): MediaChild {
  return {
    id: 1,
    mediaType: 'music',
    title: 'Part',
    slug: 'part',
    description: '',
    thumbnail,
    playbackKey: null,
    duration: 60,
    position: 1,
    trackNumber: null,
    seasonNumber: null,
    episodeNumber: null,
    artists: [],
    ...overrides,
  };
}

function details(overrides: Partial<MediaDetails>): MediaDetails {
  return {
    ...child({ id: 100, title: 'Title' }),
    is_free: false,
    releaseDate: null,
    releaseYear: null,
    quality: null,
    language: null,
    languages: [],
    countryOfOrigin: null,
    upc: null,
    isbn: null,
    edition: null,
    numPages: null,
    publisher: null,
    copyright: null,
    type: null,
    casts: [],
    directors: [],
    producers: [],
    writers: [],
    authors: [],
    narrators: [],
    genres: [],
    tracks: [],
    episodes: [],
    firstEpisode: null,
    chapters: [],
    liveSchedule: [],
    liveStatus: null,
    ...overrides,
  };
}

describe('titleQueue', () => {
  it("queues an album's tracks with their artists", () => {
    const album = details({
      artists: [{ id: 1, slug: 'a', title: 'Band' }],
      tracks: [
        child({ id: 1, title: 'One' }),
        child({ id: 2, title: 'Two', artists: [{ id: 2, slug: 'b', title: 'Solo' }] }),
      ],
    });
    expect(titleQueue(album)).toEqual({
      items: [
        { id: 1, mediaType: 'music', title: 'One', thumbnail, duration: 60, artist: 'Band' },
        { id: 2, mediaType: 'music', title: 'Two', thumbnail, duration: 60, artist: 'Solo' },
      ],
      startIndex: 0,
    });
  });

  it("queues a series' episodes from the first episode", () => {
    const series = details({
      mediaType: 'movie',
      episodes: [child({ id: 7, mediaType: 'movie' }), child({ id: 8, mediaType: 'movie' })],
      firstEpisode: child({ id: 8, mediaType: 'movie' }),
    });
    const queue = titleQueue(series);
    expect(queue.items.map((item) => item.id)).toEqual([7, 8]);
    expect(queue.startIndex).toBe(1);
  });

  it('queues any other title by itself, credited to its authors', () => {
    const book = details({ mediaType: 'ebook', authors: [{ id: 3, slug: 'w', title: 'Writer' }] });
    expect(titleQueue(book).items).toEqual([
      { id: 100, mediaType: 'ebook', title: 'Title', thumbnail, duration: 60, artist: 'Writer' },
    ]);
  });
});

describe('chapters', () => {
  it('start where their playback key says, else after the previous chapter', () => {
    const chapters = [
      child({ playbackKey: '/a.mp3#t=0,50', duration: 50 }),
      child({ playbackKey: '/a.mp3#t=50.5,90', duration: 40 }),
      child({ playbackKey: null, duration: 30 }),
    ];
    expect(chapterStarts(chapters)).toEqual([0, 50.5, 90.5]);
  });

  it('play as the audiobook from the chapter start', () => {
    const book = details({ mediaType: 'audiobook' });
    expect(chapterQueueItem(book, 42)).toMatchObject({ id: 100, mediaType: 'audiobook', startSeconds: 42 });
  });
});
