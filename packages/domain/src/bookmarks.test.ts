import { describe, expect, it } from 'vitest';

import { BOOKMARK_LIMITS, bookmarkName, bookmarkPlace, takesBookmarks } from './bookmarks';

describe('takesBookmarks', () => {
  it('is true for audiobooks and ebooks only', () => {
    expect(takesBookmarks('audiobook')).toBe(true);
    expect(takesBookmarks('ebook')).toBe(true);
    for (const type of ['movie', 'music', 'game', 'software', 'stream', 'Audiobook', '']) {
      expect(takesBookmarks(type)).toBe(false);
    }
  });
});

describe('bookmarkPlace', () => {
  const audio = (position: number, durationSeconds: number | null = 120) =>
    bookmarkPlace({ mediaType: 'audiobook', position, location: null, durationSeconds });

  it('keeps an audiobook second to a tenth, within the title', () => {
    expect(audio(83.54)).toEqual({ ok: true, position: 83.5, location: null, key: 't:83.5' });
    expect(audio(0)).toMatchObject({ ok: true, key: 't:0.0' });
    expect(audio(120.5)).toMatchObject({ ok: true });
    expect(audio(200)).toEqual({ ok: false, reason: 'invalid_position' });
    expect(audio(-1)).toEqual({ ok: false, reason: 'invalid_position' });
    expect(audio(Number.NaN)).toEqual({ ok: false, reason: 'invalid_position' });
    expect(audio(Number.POSITIVE_INFINITY, null)).toEqual({ ok: false, reason: 'invalid_position' });
  });

  it('gives two clicks on the same moment one key', () => {
    const a = audio(10.01);
    const b = audio(10.04);
    expect(a.ok && b.ok && a.key === b.key).toBe(true);
  });

  it('needs a CFI for a book, and a fraction from 0 to 1', () => {
    const book = (position: number, location: string | null) =>
      bookmarkPlace({ mediaType: 'ebook', position, location, durationSeconds: null });
    expect(book(0.25, 'epubcfi(/6/8!/4/2/14,/1:0,/1:120)')).toEqual({
      ok: true,
      position: 0.25,
      location: 'epubcfi(/6/8!/4/2/14,/1:0,/1:120)',
      key: 'c:epubcfi(/6/8!/4/2/14,/1:0,/1:120)',
    });
    expect(book(0.25, 'epubcfi(/6/4!/4/2[chap01ref]/1:0)')).toMatchObject({ ok: true });
    expect(book(0.25, null)).toEqual({ ok: false, reason: 'invalid_location' });
    expect(book(0.25, 'javascript:alert(1)')).toEqual({ ok: false, reason: 'invalid_location' });
    expect(book(0.25, `epubcfi(/${'6'.repeat(600)})`)).toEqual({ ok: false, reason: 'invalid_location' });
    expect(book(1.5, 'epubcfi(/6/4!/4/2/1:0)')).toEqual({ ok: false, reason: 'invalid_position' });
  });
});

describe('bookmarkName', () => {
  it('trims and folds spaces', () => {
    expect(bookmarkName('  The   lighthouse \n scene ')).toEqual({ ok: true, name: 'The lighthouse scene' });
    expect(bookmarkName('「灯台」の場面')).toEqual({ ok: true, name: '「灯台」の場面' });
  });

  it('refuses empty, long and control-character names', () => {
    expect(bookmarkName('   ')).toEqual({ ok: false, reason: 'bookmark_name_required' });
    expect(bookmarkName('x'.repeat(BOOKMARK_LIMITS.nameLength + 1))).toEqual({
      ok: false,
      reason: 'bookmark_name_too_long',
    });
    expect(bookmarkName('x'.repeat(100_000))).toEqual({ ok: false, reason: 'bookmark_name_too_long' });
    expect(bookmarkName('bad\u0000name')).toEqual({ ok: false, reason: 'bookmark_name_invalid' });
    expect(bookmarkName('x'.repeat(BOOKMARK_LIMITS.nameLength))).toMatchObject({ ok: true });
  });
});
