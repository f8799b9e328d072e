import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import { RESUME_MIN_SECONDS, progressFraction, resumePoint } from './resume';

describe('resumePoint', () => {
  it('starts over without progress, when finished, or barely started', () => {
    expect(resumePoint({ mediaType: 'movie', saved: null })).toEqual({ kind: 'start' });
    expect(resumePoint({ mediaType: 'movie', saved: { progress: 600, finished: true } })).toEqual({
      kind: 'start',
    });
    expect(resumePoint({ mediaType: 'movie', saved: { progress: 2, finished: false } })).toEqual({
      kind: 'start',
    });
    expect(resumePoint({ mediaType: 'ebook', saved: { progress: 0, finished: false } })).toEqual({
      kind: 'start',
    });
  });

  it('resumes a film at its second and an ebook at its fraction', () => {
    expect(resumePoint({ mediaType: 'movie', saved: { progress: 85, finished: false } })).toEqual({
      kind: 'resume',
      seconds: 85,
    });
    expect(resumePoint({ mediaType: 'ebook', saved: { progress: 0.42, finished: false } })).toEqual({
      kind: 'read',
      fraction: 0.42,
    });
  });

  it('names the chapter an audiobook second falls in', () => {
    const chapterStarts = [0, 100, 250, 400];
    const at = (progress: number) =>
      resumePoint({ mediaType: 'audiobook', saved: { progress, finished: false }, chapterStarts });
    expect(at(50)).toEqual({ kind: 'chapter', number: 1, seconds: 50 });
    expect(at(100)).toEqual({ kind: 'chapter', number: 2, seconds: 100 });
    expect(at(300)).toEqual({ kind: 'chapter', number: 3, seconds: 300 });
    expect(at(9999)).toEqual({ kind: 'chapter', number: 4, seconds: 9999 });
  });

  it('never points outside the chapters and never resumes forged numbers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEDIA_TYPES),
        fc.double(),
        fc.boolean(),
        fc.array(fc.nat({ max: 100_000 }), { maxLength: 20 }),
        (mediaType, progress, finished, raw) => {
          const chapterStarts = [...raw].sort((a, b) => a - b);
          const point = resumePoint({ mediaType, saved: { progress, finished }, chapterStarts });
          if (finished || !Number.isFinite(progress) || progress <= 0) expect(point.kind).toBe('start');
          if (point.kind === 'chapter') {
            expect(point.number).toBeGreaterThanOrEqual(1);
            expect(point.number).toBeLessThanOrEqual(chapterStarts.length);
          }
          if (point.kind === 'resume' || point.kind === 'chapter') {
            expect(point.seconds).toBeGreaterThanOrEqual(RESUME_MIN_SECONDS);
          }
          if (point.kind === 'read') {
            expect(point.fraction).toBeGreaterThan(0);
            expect(point.fraction).toBeLessThan(1);
          }
        },
      ),
    );
  });
});

describe('progressFraction', () => {
  it('divides seconds by the length and keeps an ebook fraction', () => {
    expect(progressFraction({ mediaType: 'movie', progress: 30, durationSeconds: 120 })).toBe(0.25);
    expect(progressFraction({ mediaType: 'ebook', progress: 0.4, durationSeconds: null })).toBe(0.4);
    expect(progressFraction({ mediaType: 'movie', progress: 30, durationSeconds: null })).toBeNull();
    expect(progressFraction({ mediaType: 'movie', progress: 30, durationSeconds: 0 })).toBeNull();
  });

  it('is always within 0..1 or null', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEDIA_TYPES),
        fc.double(),
        fc.option(fc.double(), { nil: null }),
        (mediaType, progress, durationSeconds) => {
          const fraction = progressFraction({ mediaType, progress, durationSeconds });
          if (fraction !== null) {
            expect(fraction).toBeGreaterThanOrEqual(0);
            expect(fraction).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});
