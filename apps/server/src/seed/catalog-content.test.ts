import { MEDIA_TYPES, type MediaType } from '@member/domain';
import { describe, expect, it } from 'vitest';

import { parseCoverPath } from '../modules/media/media.covers';
import { DEFAULT_TITLE_COUNTS, GENRES, createRandom, generate, personPool } from './catalog';
import { grammarProblems } from './catalog-grammar';
import { TRANSLATED_LOCALES } from './catalog-translations';

/** Both demo brands' catalogs at full size, in memory, as seedCatalog generates them. */
function demoCatalog(seed = 20_261_121, locales: readonly (typeof TRANSLATED_LOCALES)[number][] = []) {
  const random = createRandom(seed);
  const names = personPool(random, 400);
  const people = new Map(names.map((name, index) => [name, index + 1]));
  let nextId = 1;
  const genres = new Map(
    MEDIA_TYPES.map((type) => [
      type,
      Object.entries(GENRES[type]).flatMap(([parent, children]) =>
        (children.length === 0 ? [parent] : children).map((title) => ({ id: nextId++, title })),
      ),
    ]),
  );
  return generate(
    1,
    MEDIA_TYPES,
    DEFAULT_TITLE_COUNTS,
    genres,
    people,
    names,
    random,
    locales,
    Date.parse('2026-11-28T12:00:00Z'),
  );
}

const catalog = demoCatalog();
const ofType = (type: MediaType) => catalog.filter((entry) => entry.item.mediaType === type);

describe('the generated demo catalog', () => {
  it('writes every title and description in grammatical English', () => {
    const texts = catalog.flatMap(({ item, children }) => [
      item.title,
      item.description ?? '',
      ...children.flatMap((child) => [child.title, child.description ?? '']),
    ]);
    expect(texts.length).toBeGreaterThan(5000);
    const wrong = texts.flatMap((text) => grammarProblems(text).map((problem) => `${problem} in "${text}"`));
    expect(wrong).toEqual([]);
  });

  it('has the titles the issue found wrong written right', () => {
    const titles = new Set(catalog.map(({ item }) => item.title));
    expect([...titles].some((title) => title.startsWith('An '))).toBe(true);
    expect([...titles].some((title) => /Compasses\b/.test(title))).toBe(true);
    expect([...titles].filter((title) => /^A [AEIOU]|Compasss/.test(title))).toEqual([]);
  });

  it('names each game after the game it launches, with that game’s genre and rules', () => {
    const words: Record<string, RegExp> = {
      'brick-breaker': /\b(Bricks|Breaker|Smash|Bounce)\b/,
      'garden-snake': /\b(Snake|Serpent|Trail|Slither)\b/,
      'memory-pairs': /\b(Pairs|Match|Memory|Twins)\b/,
    };
    const about: Record<string, RegExp> = {
      'brick-breaker': /bricks/,
      'garden-snake': /snake/,
      'memory-pairs': /pair/,
    };
    const games = ofType('game');
    for (const { item } of games) {
      const game = /games\/([a-z-]+)\/index\.html$/.exec(item.playbackKey ?? '')?.[1] ?? '';
      expect(item.title).toMatch(words[game] ?? /^$/);
      expect(item.description).toMatch(about[game] ?? /^$/);
    }
    expect(new Set(games.map(({ item }) => item.playbackKey)).size).toBe(3);
  });

  it('says in every language what game or tool a title opens', () => {
    const translated = demoCatalog(20_261_121, TRANSLATED_LOCALES);
    const words: Record<string, Record<string, RegExp>> = {
      'brick-breaker': {
        'fr-ca': /briques/,
        'de-de': /Steinmauer/,
        'ja-jp': /ブロック/,
        'es-es': /ladrillos/,
      },
      'garden-snake': { 'fr-ca': /serpent/, 'de-de': /Schlange/, 'ja-jp': /ヘビ/, 'es-es': /serpiente/ },
      'memory-pairs': { 'fr-ca': /paires/, 'de-de': /Paare/, 'ja-jp': /ペア/, 'es-es': /parejas/ },
      pomodoro: { 'fr-ca': /minuteur/, 'de-de': /Timer/, 'ja-jp': /タイマー/, 'es-es': /temporizador/ },
      sumcheck: {
        'fr-ca': /SHA-256/,
        'de-de': /Prüfsummen/,
        'ja-jp': /チェックサム/,
        'es-es': /comprobación/,
      },
      unitconv: { 'fr-ca': /longueurs/, 'de-de': /Längen/, 'ja-jp': /換算/, 'es-es': /longitudes/ },
    };
    const opened = translated.filter(
      ({ item }) => item.mediaType === 'game' || item.mediaType === 'software',
    );
    expect(opened.length).toBe(DEFAULT_TITLE_COUNTS.game + DEFAULT_TITLE_COUNTS.software);
    for (const { item } of opened) {
      const file = /(?:games\/([a-z-]+)\/|software\/([a-z]+)-)/.exec(item.playbackKey ?? '');
      const expected = words[file?.[1] ?? file?.[2] ?? ''] ?? {};
      for (const [locale, pattern] of Object.entries(expected)) {
        expect(item.translations?.find((entry) => entry.locale === locale)?.description).toMatch(pattern);
      }
    }
  });

  it('names each software title after the tool it downloads', () => {
    const words: Record<string, RegExp> = {
      pomodoro: /\b(Timer|Focus|Pomodoro)$/,
      sumcheck: /\b(Check|Checksum|Verify)$/,
      unitconv: /\b(Convert|Units|Measure)$/,
    };
    for (const { item } of ofType('software')) {
      const tool = /software\/([a-z]+)-1\.0\.0\.zip$/.exec(item.playbackKey ?? '')?.[1] ?? '';
      expect(item.title).toMatch(words[tool] ?? /^$/);
    }
  });

  it('gives a series the length of its episodes together', () => {
    const series = ofType('movie').filter(({ children }) => children.length > 0);
    expect(series.length).toBeGreaterThan(10);
    for (const { item, children } of series) {
      expect(item.durationSeconds).toBe(
        children.reduce((sum, child) => sum + (child.durationSeconds ?? 0), 0),
      );
    }
  });

  it('draws every title’s cover with its own title, and its parts share or extend it', () => {
    for (const { item, children } of catalog) {
      const cover = parseCoverPath((item.thumbnail?.path ?? '').replace('/media/covers/', ''));
      expect(cover?.title).toBe(item.title);
      expect(cover?.mediaType).toBe(item.mediaType);
      for (const child of children) {
        const part = parseCoverPath((child.thumbnail?.path ?? '').replace('/media/covers/', ''));
        if (item.mediaType === 'movie') expect(part?.byline).toBe(item.title);
        else expect(child.thumbnail).toEqual(item.thumbnail);
      }
    }
  });

  it('plays some of the film with a progressive MP4 its progressive file', () => {
    const keys = new Set(ofType('movie').map(({ item }) => item.playbackKey));
    expect(keys.has('/media/demo/video/fractal-tides.mp4')).toBe(true);
    expect(keys.has('/media/demo/video/fractal-tides/index.m3u8')).toBe(true);
  });
});
