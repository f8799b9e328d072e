import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import {
  EBOOK_FINISHED_FRACTION,
  finishedTailSeconds,
  isProgressFinished,
  keepsProgress,
  normalizeProgress,
} from './progress';

describe('normalizeProgress', () => {
  it('refuses media types without progress', () => {
    expect(normalizeProgress({ mediaType: 'game', progress: 1, durationSeconds: 100 })).toEqual({
      ok: false,
      reason: 'not_tracked',
    });
    expect(keepsProgress('software')).toBe(false);
    expect(keepsProgress('movie')).toBe(true);
  });

  it('refuses negative, infinite and NaN progress', () => {
    for (const progress of [-1, -0.0001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(normalizeProgress({ mediaType: 'movie', progress, durationSeconds: 100 })).toEqual({
        ok: false,
        reason: 'invalid_progress',
      });
    }
  });

  it('keeps an ebook fraction between 0 and 1', () => {
    expect(normalizeProgress({ mediaType: 'ebook', progress: 0.5, durationSeconds: null })).toEqual({
      ok: true,
      progress: 0.5,
    });
    expect(normalizeProgress({ mediaType: 'ebook', progress: 1.01, durationSeconds: null })).toEqual({
      ok: false,
      reason: 'invalid_progress',
    });
  });

  it('clamps seconds to the duration and needs one', () => {
    expect(normalizeProgress({ mediaType: 'movie', progress: 130, durationSeconds: 120 })).toEqual({
      ok: true,
      progress: 120,
    });
    expect(normalizeProgress({ mediaType: 'audiobook', progress: 3, durationSeconds: null })).toEqual({
      ok: false,
      reason: 'no_duration',
    });
  });
});

describe('isProgressFinished', () => {
  it('finishes an ebook from the threshold fraction', () => {
    expect(isProgressFinished({ mediaType: 'ebook', progress: 0.5, durationSeconds: null })).toBe(false);
    expect(
      isProgressFinished({ mediaType: 'ebook', progress: EBOOK_FINISHED_FRACTION, durationSeconds: null }),
    ).toBe(true);
  });

  it('finishes a movie within its credits and a song within its last seconds', () => {
    // Two hours: the last five minutes (5% would be six, capped at five).
    expect(isProgressFinished({ mediaType: 'movie', progress: 7200 - 301, durationSeconds: 7200 })).toBe(
      false,
    );
    expect(isProgressFinished({ mediaType: 'movie', progress: 7200 - 300, durationSeconds: 7200 })).toBe(
      true,
    );
    // Three minutes: the last ten seconds (5% would be nine).
    expect(isProgressFinished({ mediaType: 'music', progress: 169, durationSeconds: 180 })).toBe(false);
    expect(isProgressFinished({ mediaType: 'music', progress: 170, durationSeconds: 180 })).toBe(true);
  });

  it('never finishes a title without a duration', () => {
    expect(isProgressFinished({ mediaType: 'stream', progress: 1e6, durationSeconds: null })).toBe(false);
  });

  it('is monotonic in progress and always true at the end (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEDIA_TYPES.filter(keepsProgress).filter((type) => type !== 'ebook')),
        fc.integer({ min: 1, max: 200_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (mediaType, durationSeconds, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const at = (share: number) =>
            isProgressFinished({ mediaType, progress: share * durationSeconds, durationSeconds });
          if (at(low)) expect(at(high)).toBe(true);
          expect(at(1)).toBe(true);
          expect(finishedTailSeconds(durationSeconds)).toBeLessThanOrEqual(300);
        },
      ),
    );
  });
});
