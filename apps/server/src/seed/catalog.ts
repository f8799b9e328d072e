import { type LiveStatEntry, type MediaType, FREE_CONTENT_SLOTS } from '@member/domain';
import type { Kysely } from 'kysely';

import type { Db, Dialect } from '../db/database';
import { isoNow } from '../db/json';
import type { Database } from '../db/schema';
import {
  type MediaTranslation,
  type NewMedia,
  type PersonRole,
  createCatalogRepository,
} from '../modules/catalog/catalog.repository';
import {
  type DescriptionParts,
  type OwnFile,
  type TitleKind,
  type TitleParts,
  type TranslatedLocale,
  TRANSLATED_LOCALES,
  isTranslatedLocale,
  translateDescription,
  translateEpisode,
  translateGenre,
  translateTitle,
} from './catalog-translations';
import { pluralOf, withArticle } from './catalog-grammar';
import { ADJECTIVES, NOUNS, PLACES } from './catalog-words';
import { coverPath } from '../modules/media/media.covers';

/*
 * The demo catalog (issue 3, item 4): thousands of generated titles per brand, all pointing at the
 * few real demo media files of apps/server/media/demo (reused across titles). Everything comes from a
 * seeded PRNG, so the same seed gives the same catalog; nothing depends on the clock. Titles and
 * descriptions are also written in each language the brand offers (catalog-translations.ts).
 *
 * Each brand's catalog is written in one transaction that ends with its row in `catalog_seeds`, so a
 * first start interrupted during seeding leaves a brand with its whole catalog or none, and the next
 * start seeds the brands that have no marker.
 */

/** Top-level titles per media type of a brand offering every type (5,300 over the two demo brands). */
export const DEFAULT_TITLE_COUNTS: Readonly<Record<MediaType, number>> = {
  movie: 700,
  music: 600,
  ebook: 600,
  audiobook: 400,
  game: 300,
  software: 200,
  stream: 100,
};

export interface SeedCatalogBrand {
  id: number;
  mediaTypes: readonly MediaType[];
  /** Locales the brand offers; titles and descriptions are translated into those other than en-us. */
  languages?: readonly string[];
}

export interface SeedCatalogOptions {
  /** PRNG seed; the same seed gives the same titles. */
  seed?: number;
  /** Titles per media type; DEFAULT_TITLE_COUNTS when absent. */
  counts?: Partial<Record<MediaType, number>>;
  /** Items per slot. */
  slotSize?: number;
  /**
   * Called inside a brand's transaction once its titles and slots are written, before its seed marker;
   * a throw rolls the whole brand back. Tests use it to interrupt a first start.
   */
  beforeCommit?: (brandId: number) => void | Promise<void>;
  /**
   * The seeding time: the first streams' broadcasts are placed around it (one live, one upcoming, two
   * ended), so the demo has a match in each state when it starts (decision 036).
   */
  now?: () => number;
}

export interface SeedCatalogResult {
  /** Brands seeded now (brands that already had media are skipped). */
  brands: number;
  titles: number;
  children: number;
}

/** mulberry32: small, fast, good enough for demo data, identical on every platform. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const value = list[Math.floor(next() * list.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof createRandom>;

// ---- Demo media files (paths relative to apps/server/media/demo, served under /media/demo/) ----

const MEDIA_ROOT = '/media/demo/';

interface DemoFile {
  entry: string;
  thumbnail: string;
  durationSeconds: number | null;
  /**
   * Games and software: the words a title made for this file ends with, the leaf genres it may have and
   * what it is, so a title launches (or downloads) the game or tool its name, genre and text describe.
   */
  own?: { slug: OwnFile; words: readonly string[]; genres: readonly string[]; about: string };
}

const FILES: Record<MediaType, DemoFile[]> = {
  movie: [
    { entry: 'video/colony/index.m3u8', thumbnail: 'thumbnails/video/colony.webp', durationSeconds: 36 },
    {
      entry: 'video/fractal-tides/index.m3u8',
      thumbnail: 'thumbnails/video/fractal-tides.webp',
      durationSeconds: 40,
    },
    { entry: 'video/rule-110/index.m3u8', thumbnail: 'thumbnails/video/rule-110.webp', durationSeconds: 20 },
  ],
  music: [
    ['01-harbor-lights', 32.5],
    ['02-night-market', 32.5],
    ['03-paper-kites', 31.07],
    ['04-copper-lines', 34.5],
    ['05-slow-orbit', 29.93],
    ['06-summer-relay', 33.47],
  ].map(([name, seconds]) => ({
    entry: `music/${String(name)}.mp3`,
    thumbnail: `thumbnails/music/${String(name)}.webp`,
    durationSeconds: Math.round(Number(seconds)),
  })),
  audiobook: [
    {
      entry: 'audiobooks/a-map-of-small-rivers.m4b',
      thumbnail: 'thumbnails/audiobooks/a-map-of-small-rivers.webp',
      durationSeconds: 143,
    },
    {
      entry: 'audiobooks/the-lighthouse-keepers-clock.mp3',
      thumbnail: 'thumbnails/audiobooks/the-lighthouse-keepers-clock.webp',
      durationSeconds: 169,
    },
  ],
  ebook: ['slow-trains-and-salt-roads', 'small-questions-big-answers', 'the-case-of-the-quiet-bell'].map(
    (name) => ({
      entry: `ebooks/${name}.epub`,
      thumbnail: `thumbnails/ebooks/${name}.webp`,
      durationSeconds: null,
    }),
  ),
  game: [
    {
      name: 'brick-breaker',
      own: {
        slug: 'brick-breaker' as const,
        words: ['Bricks', 'Breaker', 'Smash', 'Bounce'],
        genres: ['Retro', 'Action'],
        about: 'bounce the ball off your paddle, clear every wall of bricks and beat your best score',
      },
    },
    {
      name: 'garden-snake',
      own: {
        slug: 'garden-snake' as const,
        words: ['Snake', 'Serpent', 'Trail', 'Slither'],
        genres: ['Action', 'Retro'],
        about: 'steer the snake around the garden, eat to grow longer and never bite your own tail',
      },
    },
    {
      name: 'memory-pairs',
      own: {
        slug: 'memory-pairs' as const,
        words: ['Pairs', 'Match', 'Memory', 'Twins'],
        genres: ['Logic'],
        about: 'turn the cards over two at a time and find every pair in as few moves as you can',
      },
    },
  ].map(({ name, own }) => ({
    entry: `games/${name}/index.html`,
    thumbnail: `thumbnails/games/${name}.webp`,
    durationSeconds: null,
    own,
  })),
  software: [
    {
      name: 'pomodoro',
      own: {
        slug: 'pomodoro' as const,
        words: ['Timer', 'Focus', 'Pomodoro'],
        genres: ['Timers'],
        about: 'a focus timer for the terminal, with work periods, breaks, a progress bar and a bell',
      },
    },
    {
      name: 'sumcheck',
      own: {
        slug: 'sumcheck' as const,
        words: ['Check', 'Checksum', 'Verify'],
        genres: ['Checksums'],
        about:
          'a checksum tool that prints and verifies SHA-256, SHA-512, SHA-1 and MD5 sums in the sha256sum format',
      },
    },
    {
      name: 'unitconv',
      own: {
        slug: 'unitconv' as const,
        words: ['Convert', 'Units', 'Measure'],
        genres: ['Converters'],
        about: 'a unit converter for the command line: length, mass, volume, speed, data and temperature',
      },
    },
  ].map(({ name, own }) => ({
    entry: `software/${name}-1.0.0.zip`,
    thumbnail: `thumbnails/software/${name}.webp`,
    durationSeconds: null,
    own,
  })),
  stream: [
    {
      entry: 'live/match-day/index.m3u8',
      thumbnail: 'thumbnails/live/match-day.webp',
      durationSeconds: null,
    },
  ],
};

/** The film that also has a progressive MP4 (manifest.json `progressive`), and that file. */
const PROGRESSIVE_FROM = 'video/fractal-tides/index.m3u8';
const PROGRESSIVE_ENTRY = 'video/fractal-tides.mp4';

/** Who a cover names: the artist, author, director or writer (in that order of preference). */
const BYLINE_ROLES: readonly PersonRole[] = ['artist', 'author', 'director', 'writer'];

function bylineOf(
  people: readonly { personId: number; role: PersonRole }[],
  nameOf: ReadonlyMap<number, string>,
): string | null {
  for (const role of BYLINE_ROLES) {
    const person = people.find((candidate) => candidate.role === role);
    const name = person ? nameOf.get(person.personId) : undefined;
    if (name) return name;
  }
  return null;
}

/** Chapters of the two demo audiobooks (manifest.json), start and end in seconds. */
const AUDIOBOOK_CHAPTERS: Record<string, { title: string; start: number; end: number }[]> = {
  'audiobooks/a-map-of-small-rivers.m4b': [
    { title: 'Where the River Meets the Sea', start: 0, end: 51.227 },
    { title: 'The Mill and the Tributary', start: 51.227, end: 96.05 },
    { title: 'The Source, More or Less', start: 96.05, end: 143.048 },
  ],
  'audiobooks/the-lighthouse-keepers-clock.mp3': [
    { title: 'The Clock That Ran Late', start: 0, end: 35.697 },
    { title: 'A Ship Not on the Chart', start: 35.697, end: 78.774 },
    { title: 'Eleven Minutes', start: 78.774, end: 125.99 },
    { title: 'The Keeper Answers', start: 125.99, end: 168.497 },
  ],
};

// ---- Genres: parent > children per media type ----

export const GENRES: Record<MediaType, Record<string, string[]>> = {
  movie: {
    Drama: ['Family Drama', 'Period Drama', 'Legal Drama'],
    Comedy: ['Romantic Comedy', 'Satire'],
    Thriller: ['Crime', 'Heist', 'Psychological Thriller'],
    'Science Fiction': ['Space Opera', 'Time Travel'],
    Documentary: ['Nature', 'History', 'Science'],
    Animation: [],
  },
  music: {
    Pop: ['Synth Pop', 'Indie Pop'],
    Rock: ['Alternative', 'Folk Rock'],
    Electronic: ['Ambient', 'House', 'Downtempo'],
    Jazz: ['Bebop', 'Smooth Jazz'],
    Acoustic: ['Folk', 'Singer-Songwriter'],
    Classical: [],
  },
  ebook: {
    Fiction: ['Mystery', 'Romance', 'Fantasy', 'Historical Fiction'],
    'Non-fiction': ['Biography', 'Travel', 'Popular Science', 'Cooking'],
    Children: ['Picture Books', 'Young Adult'],
  },
  audiobook: {
    Fiction: ['Mystery', 'Adventure', 'Literary Fiction'],
    'Non-fiction': ['Memoir', 'Self-help', 'History'],
    Children: ['Bedtime Stories'],
  },
  game: {
    Arcade: ['Action', 'Retro'],
    Puzzle: ['Logic', 'Word'],
    Strategy: ['Tower Defense', 'Card'],
  },
  software: {
    Productivity: ['Notes', 'Timers'],
    Utilities: ['Converters', 'File Tools'],
    Security: ['Checksums', 'Passwords'],
  },
  stream: {
    Football: ['League', 'Cup'],
    Basketball: [],
    Tennis: [],
    Motorsport: [],
  },
};

// ---- Words for titles, names and descriptions ----

const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farah',
  'Gabriel',
  'Hana',
  'Ines',
  'Jonas',
  'Keiko',
  'Luca',
  'Maya',
  'Nico',
  'Olga',
  'Pedro',
  'Quinn',
  'Rosa',
  'Sven',
  'Tomás',
  'Una',
  'Viktor',
  'Wen',
  'Xavier',
  'Yara',
  'Zoë',
  'Amara',
  'Björn',
  'Céline',
  'Dario',
  'Esme',
  'Felix',
  'Greta',
  'Hugo',
  'Isla',
  'José',
];
const LAST_NAMES = [
  'Lind',
  'Moreau',
  'Okafor',
  'Tanaka',
  'Silva',
  'Kowalski',
  'Haddad',
  'Novak',
  'Fischer',
  'Rossi',
  'Bergström',
  'Dubois',
  'Nakamura',
  'Costa',
  'Ibrahim',
  'Larsen',
  'Müller',
  'Petrov',
  'Quintero',
  'Reyes',
  'Sato',
  'Varga',
  'Walsh',
  'Yilmaz',
  'Zhang',
  'Abara',
  'Bianchi',
  'Castillo',
  'Desai',
  'Eriksen',
];
const TEAMS = [
  'Harbor City FC',
  'Northside United',
  'Valley Rovers',
  'Lakeshore Athletic',
  'Red Hill Wanderers',
  'Port Ember',
  'Granite Town',
  'Riverside Stars',
  'Coastline SC',
  'Meadow Park',
];
const LANGUAGES = ['en', 'en', 'en', 'fr', 'es', 'de', 'it', 'pt', 'ja'];
const COUNTRIES = ['US', 'US', 'CA', 'GB', 'FR', 'DE', 'ES', 'IT', 'JP', 'BR'];
const QUALITIES = ['HD', 'HD', 'Full HD', '4K'];
const PUBLISHERS = [
  'Lantern House',
  'Meridian Books',
  'Orchard Press',
  'Tidewater Audio',
  'Compass Editions',
];

/** A person pool large enough that credits repeat a little, as in a real catalog. */
export function personPool(random: Random, size: number): string[] {
  const names = new Set<string>();
  while (names.size < size) names.add(`${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`);
  return [...names].sort();
}

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function releaseDate(random: Random): string {
  // Spread over six decades, more titles in recent years.
  const year = 2025 - Math.floor(Math.pow(random.next(), 1.8) * 60);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

interface GenreRef {
  id: number;
  title: string;
}

interface Generated {
  item: NewMedia;
  children: Omit<NewMedia, 'parentId'>[];
}

/** Index of a pick: draws exactly what `random.pick` of a list of `length` items draws. */
const pickIndex = (random: Random, length: number) => Math.floor(random.next() * length);
const word = (list: readonly string[], index: number) => list[index] ?? '';

const TITLE_KINDS: Partial<Record<MediaType, readonly TitleKind[]>> = {
  movie: ['theAN', 'NofP', 'ANs', 'returnTo'],
  ebook: ['NofP', 'aAN', 'theAN', 'lettersFrom'],
  audiobook: ['keeper', 'NinP', 'theAN'],
};

/** The English title; `parts` for the types whose titles are translated (films and books). */
function titleFor(
  type: MediaType,
  random: Random,
  file: DemoFile,
  index: number,
): { title: string; parts?: TitleParts } {
  const a = pickIndex(random, ADJECTIVES.length);
  const n = pickIndex(random, NOUNS.length);
  const adjective = word(ADJECTIVES, a);
  const noun = word(NOUNS, n);
  const parts = (kinds: readonly TitleKind[], template: number, place: number): TitleParts => ({
    kind: kinds[template] ?? 'theAN',
    adjective: a,
    noun: n,
    place,
  });
  switch (type) {
    case 'movie': {
      const p = pickIndex(random, PLACES.length);
      const t = pickIndex(random, 4);
      const titles = [
        `The ${adjective} ${noun}`,
        `${noun} of ${word(PLACES, p)}`,
        `${adjective} ${pluralOf(noun)}`,
        `Return to the ${noun}`,
      ];
      return { title: titles[t] ?? '', parts: parts(TITLE_KINDS.movie ?? [], t, p) };
    }
    case 'music':
      return {
        title: random.pick([
          `${adjective} ${noun}`,
          `${noun} Sessions`,
          `Songs from the ${noun}`,
          `${adjective} Hours`,
        ]),
      };
    case 'ebook': {
      const p = pickIndex(random, PLACES.length);
      const t = pickIndex(random, 4);
      const titles = [
        `The ${noun} of ${word(PLACES, p)}`,
        `${withArticle(adjective, true)} ${noun}`,
        `The ${adjective} ${noun}`,
        `Letters from the ${noun}`,
      ];
      return { title: titles[t] ?? '', parts: parts(TITLE_KINDS.ebook ?? [], t, p) };
    }
    case 'audiobook': {
      const p = pickIndex(random, PLACES.length);
      const t = pickIndex(random, 3);
      const titles = [
        `The ${noun} Keeper`,
        `${withArticle(noun, true)} in ${word(PLACES, p)}`,
        `The ${adjective} ${noun}`,
      ];
      return { title: titles[t] ?? '', parts: parts(TITLE_KINDS.audiobook ?? [], t, p) };
    }
    case 'game':
      // Named after the game it launches: "Harbor Bricks" is a brick breaker.
      return {
        title: `${noun} ${random.pick(file.own?.words ?? ['Quest'])}${random.chance(0.3) ? ` ${String(random.int(2, 4))}` : ''}`,
      };
    case 'software':
      // Named after the tool it downloads: "Harbor Timer" is the focus timer.
      return { title: `${noun} ${random.pick(file.own?.words ?? ['Kit'])}` };
    case 'stream': {
      const home = random.pick(TEAMS);
      let away = random.pick(TEAMS);
      if (away === home) away = TEAMS[(TEAMS.indexOf(home) + 1) % TEAMS.length] ?? away;
      // The matchday makes each match's name, and so its live page's slug, the brand's own (decision 036).
      return { title: `Matchday ${String(index + 1)}: ${home} v ${away}` };
    }
  }
}

/**
 * How a genre is named inside an English sentence, after "a" or "an" ("a heist film", "a cookbook");
 * a genre not listed is its own name in lower case.
 */
const GENRE_PHRASES: Partial<Record<MediaType, Record<string, string>>> = {
  movie: {
    Crime: 'crime film',
    Heist: 'heist film',
    'Time Travel': 'time-travel film',
    Nature: 'nature documentary',
    History: 'history documentary',
    Science: 'science documentary',
    Animation: 'animated film',
  },
  ebook: {
    Fantasy: 'fantasy novel',
    'Historical Fiction': 'historical novel',
    Travel: 'travel book',
    'Popular Science': 'popular science book',
    Cooking: 'cookbook',
    'Picture Books': 'picture book',
    'Young Adult': 'young adult novel',
  },
  audiobook: {
    'Literary Fiction': 'literary novel',
    'Self-help': 'self-help book',
    'Bedtime Stories': 'bedtime story',
  },
  stream: { League: 'league football', Cup: 'cup football' },
};

export function genrePhrase(type: MediaType, genre: string): string {
  return GENRE_PHRASES[type]?.[genre] ?? genre.toLowerCase();
}

function describe(
  type: MediaType,
  title: string,
  genre: string,
  random: Random,
  file: DemoFile,
): { text: string; parts: DescriptionParts } {
  const p = pickIndex(random, PLACES.length);
  const n = pickIndex(random, NOUNS.length);
  const place = word(PLACES, p);
  const noun = word(NOUNS, n).toLowerCase();
  const parts: DescriptionParts = { genre, place: p, noun: n, ...(file.own ? { own: file.own.slug } : {}) };
  const kind = genrePhrase(type, genre);
  switch (type) {
    case 'movie':
      return {
        parts,
        text: `${title}: ${withArticle(kind)} set in ${place}, where a forgotten ${noun} changes everything for a family that thought it had seen it all.`,
      };
    case 'music':
      return {
        parts,
        text: `${title} gathers ${kind} pieces recorded between ${place} and the road, built around ${withArticle(noun)} motif.`,
      };
    case 'ebook':
      return {
        parts,
        text: `In ${title}, ${withArticle(kind)} that begins in ${place}, a missing ${noun} leads to questions nobody wanted asked.`,
      };
    case 'audiobook':
      return {
        parts,
        text: `${title}, read aloud: ${withArticle(kind)} about ${withArticle(noun)}, a journey to ${place} and the people met on the way.`,
      };
    case 'game':
      return {
        parts,
        text: `${title} is ${withArticle(kind)} game: ${file.own?.about ?? 'play it in your browser'}.`,
      };
    case 'software':
      return {
        parts,
        text: `${title} is ${file.own?.about ?? 'a small tool'}. Small, offline and free of clutter, it runs wherever Node.js 18 or later does.`,
      };
    case 'stream':
      return {
        parts,
        text: `Live ${kind} from ${place}: ${title}, with commentary and replays.`,
      };
  }
}

/** A title's translations: films and books get a translated title, every type a translated description. */
function translationsOf(
  locales: readonly TranslatedLocale[],
  type: MediaType,
  title: { title: string; parts?: TitleParts },
  description: DescriptionParts,
): (MediaTranslation & { locale: TranslatedLocale })[] {
  return locales.map((locale) => {
    const localized = title.parts ? translateTitle(locale, title.parts) : title.title;
    return {
      locale,
      title: localized,
      description: translateDescription(locale, type, localized, description),
    };
  });
}

/**
 * A match's broadcast with its teams, whether it was recorded, and its stats timeline (decision 036),
 * drawn from its own numbers so the rest of the catalog stays as it was. The first four streams of a
 * brand are placed around the seeding time: live now, upcoming tomorrow, ended yesterday with its
 * replay and ended two days ago without one; the others keep their day of 2026.
 */
function matchBroadcast(
  title: string,
  index: number,
  start: number,
  names: readonly string[],
  nowMs: number,
) {
  const random = createRandom(9_001 + index * 7_919);
  const [home = title, away = title] = (title.split(': ')[1] ?? title).split(' v ');
  const minute = 60_000;
  const fixed: Record<number, { startsAt: number; replay: boolean }> = {
    0: { startsAt: nowMs - 30 * minute, replay: true },
    1: { startsAt: nowMs + 24 * 60 * minute, replay: true },
    2: { startsAt: nowMs - 26 * 60 * minute, replay: true },
    3: { startsAt: nowMs - 50 * 60 * minute, replay: false },
  };
  const placed = fixed[index] ?? { startsAt: start, replay: random.chance(0.7) };
  // The live one stays on air for the afternoon; the others are two-hour broadcasts.
  const length = index === 0 ? 4 * 60 * minute : 2 * 60 * minute;
  const player = () => random.pick(names);
  const side = (): 'home' | 'away' => (random.chance(0.5) ? 'home' : 'away');
  const timeline: LiveStatEntry[] = [
    { minute: 0, kind: 'kickoff', side: null, player: null },
    { minute: 45, kind: 'halftime', side: null, player: null },
    { minute: 90, kind: 'fulltime', side: null, player: null },
  ];
  // The live demo match always scores in its first half, so its page visibly changes within a loop.
  if (index === 0) timeline.push({ minute: 20, kind: 'goal', side: 'home', player: player() });
  for (let goals = random.int(index === 0 ? 1 : 0, 4); goals > 0; goals -= 1)
    timeline.push({ minute: random.int(1, 89), kind: 'goal', side: side(), player: player() });
  for (let cards = random.int(1, 3); cards > 0; cards -= 1)
    timeline.push({ minute: random.int(5, 88), kind: 'card', side: side(), player: player() });
  timeline.push({ minute: random.int(55, 80), kind: 'substitution', side: side(), player: player() });
  timeline.sort((a, b) => a.minute - b.minute);
  return {
    title,
    startsAt: new Date(placed.startsAt).toISOString(),
    endsAt: new Date(placed.startsAt + length).toISOString(),
    replay: placed.replay,
    home,
    away,
    timeline,
  };
}

/** Generates one brand's catalog in memory; a pure function of the seed (exported for its tests). */
export function generate(
  brandId: number,
  types: readonly MediaType[],
  counts: Record<MediaType, number>,
  genres: Map<MediaType, GenreRef[]>,
  people: Map<string, number>,
  names: string[],
  random: Random,
  locales: readonly TranslatedLocale[],
  nowMs: number,
): Generated[] {
  const out: Generated[] = [];
  const nameOf = new Map([...people].map(([name, id]) => [id, name]));
  const credit = (role: PersonRole, n: number) =>
    Array.from({ length: n }, () => random.pick(names)).flatMap((name, i, all) =>
      all.indexOf(name) === i ? [{ personId: people.get(name) ?? 0, role }] : [],
    );
  for (const type of types) {
    const files = FILES[type];
    const typeGenres = genres.get(type) ?? [];
    for (let index = 0; index < counts[type]; index += 1) {
      const file = random.pick(files);
      const picked = random.pick(typeGenres);
      // A game or a tool has the genre of what it is (a snake game is never a card game).
      const own = file.own?.genres ?? [];
      const genre =
        own.length === 0 || own.includes(picked.title)
          ? picked
          : (typeGenres.find((candidate) => candidate.title === own[index % own.length]) ?? picked);
      const named = titleFor(type, random, file, index);
      const { title } = named;
      const date = releaseDate(random);
      const year = Number(date.slice(0, 4));
      const popularity = Math.floor(Math.pow(random.next(), 3) * 100_000);
      const described = describe(type, title, genre.title, random, file);
      const translations = translationsOf(locales, type, named, described.parts);
      const base: NewMedia = {
        brandId,
        mediaType: type,
        title,
        description: described.text,
        translations,
        thumbnail: { origin: '', path: `${MEDIA_ROOT}${file.thumbnail}`, cacheIndex: 0 },
        playbackKey: `${MEDIA_ROOT}${file.entry}`,
        vendorId: `demo-${type}-${String(index + 1).padStart(5, '0')}`,
        releaseDate: type === 'music' || type === 'game' || type === 'software' ? null : date,
        releaseYear: year,
        durationSeconds: file.durationSeconds,
        popularity,
        staffPick: random.chance(0.03),
        isFree: random.chance(0.02),
        // A few titles play in one country only (the request's geo header decides).
        geoAllow: random.chance(0.02) ? [random.pick(['US', 'CA', 'GB'])] : null,
        genreIds: random.chance(0.2) ? [...new Set([genre.id, random.pick(typeGenres).id])] : [genre.id],
      };
      const children: Omit<NewMedia, 'parentId'>[] = [];
      switch (type) {
        case 'movie': {
          const isSeries = random.chance(0.15);
          Object.assign(base, {
            language: random.pick(LANGUAGES),
            countryOfOrigin: random.pick(COUNTRIES),
            quality: random.pick(QUALITIES),
            details: { type: isSeries ? 'series' : 'movie' },
            people: [
              ...credit('director', 1),
              ...credit('cast', random.int(2, 5)),
              ...credit('producer', 1),
              ...credit('writer', random.int(1, 2)),
            ],
          });
          if (isSeries) {
            const episodes = random.int(3, 6);
            for (let e = 1; e <= episodes; e += 1) {
              const episodeFile = files[(e - 1) % files.length] ?? file;
              children.push({
                brandId,
                mediaType: type,
                title: `${title}: Episode ${String(e)}`,
                description: `Episode ${String(e)} of ${title}.`,
                position: e,
                thumbnail: {
                  origin: '',
                  path: coverPath({
                    mediaType: type,
                    title: `Episode ${String(e)}`,
                    byline: title,
                    variant: index + e,
                  }),
                  cacheIndex: 0,
                },
                playbackKey: `${MEDIA_ROOT}${episodeFile.entry}`,
                releaseDate: date,
                durationSeconds: episodeFile.durationSeconds,
                details: { seasonNumber: 1, episodeNumber: e, type: 'episode' },
                translations: translations.map((series) => ({
                  locale: series.locale,
                  ...translateEpisode(series.locale, series.title, e),
                })),
              });
            }
            // A series lasts as long as its episodes together.
            base.durationSeconds = children.reduce((sum, episode) => sum + (episode.durationSeconds ?? 0), 0);
          } else if (file.entry === PROGRESSIVE_FROM && index % 2 === 0) {
            // Half of the titles of this film play its progressive MP4 (with its captions), not HLS.
            base.playbackKey = `${MEDIA_ROOT}${PROGRESSIVE_ENTRY}`;
          }
          break;
        }
        case 'music': {
          const artist = credit('artist', 1);
          base.people = artist;
          base.details = { upc: String(600_000_000_000 + random.int(0, 99_999_999)) };
          const tracks = random.int(4, 8);
          let total = 0;
          for (let t = 1; t <= tracks; t += 1) {
            const track = files[(t + index) % files.length] ?? file;
            total += track.durationSeconds ?? 0;
            children.push({
              brandId,
              mediaType: type,
              title: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`,
              position: t,
              thumbnail: base.thumbnail,
              playbackKey: `${MEDIA_ROOT}${track.entry}`,
              releaseYear: year,
              durationSeconds: track.durationSeconds,
              people: artist,
            });
          }
          base.durationSeconds = total;
          break;
        }
        case 'audiobook': {
          base.language = random.pick(LANGUAGES);
          base.people = [...credit('author', 1), ...credit('narrator', 1)];
          base.details = {
            isbn: `978${String(random.int(1_000_000_000, 1_999_999_999))}`,
            publisher: random.pick(PUBLISHERS),
            copyright: `© ${String(year)} ${random.pick(PUBLISHERS)}`,
          };
          (AUDIOBOOK_CHAPTERS[file.entry] ?? []).forEach((chapter, c) => {
            children.push({
              brandId,
              mediaType: type,
              title: chapter.title,
              position: c + 1,
              thumbnail: base.thumbnail,
              playbackKey: `${MEDIA_ROOT}${file.entry}#t=${String(chapter.start)},${String(chapter.end)}`,
              durationSeconds: Math.round(chapter.end - chapter.start),
            });
          });
          break;
        }
        case 'ebook': {
          const language = random.pick(LANGUAGES);
          base.language = language;
          base.people = credit('writer', random.chance(0.15) ? 2 : 1);
          base.details = {
            isbn: `978${String(random.int(1_000_000_000, 1_999_999_999))}`,
            edition: random.pick(['1st', '1st', '2nd', 'Revised']),
            numPages: random.int(90, 720),
            publisher: random.pick(PUBLISHERS),
            languages: [language],
          };
          break;
        }
        case 'game':
          base.details = { type: genre.title };
          break;
        case 'software':
          base.details = { type: genre.title };
          break;
        case 'stream': {
          base.language = 'en';
          base.quality = random.pick(['720p', '1080p']);
          base.countryOfOrigin = random.pick(COUNTRIES);
          const start =
            Date.UTC(2026, 0, 1) + random.int(0, 364) * 86_400_000 + random.int(12, 21) * 3_600_000;
          base.details = { liveSchedule: [matchBroadcast(title, index, start, names, nowMs)] };
          break;
        }
      }
      // Every title its own cover, drawn with its title and credit (media.covers.ts); its tracks and
      // chapters share it.
      const shared = base.thumbnail;
      const cover = {
        origin: '',
        path: coverPath({
          mediaType: type,
          title,
          byline: bylineOf(base.people ?? [], nameOf) ?? genre.title,
          variant: index,
        }),
        cacheIndex: 0,
      };
      base.thumbnail = cover;
      for (const child of children) if (child.thumbnail === shared) child.thumbnail = cover;
      out.push({ item: base, children });
    }
  }
  return out;
}

/**
 * Inserts the genres of the given types that are missing, with their names in every translated
 * locale (genres are shared by brands).
 */
async function ensureGenres(
  db: Kysely<Database>,
  types: readonly MediaType[],
): Promise<Map<MediaType, GenreRef[]>> {
  const result = new Map<MediaType, GenreRef[]>();
  for (const type of types) {
    const wanted = Object.entries(GENRES[type]);
    const existing = await db
      .selectFrom('genres')
      .select(['id', 'slug', 'title'])
      .where('media_type', '=', type)
      .execute();
    const bySlug = new Map(existing.map((row) => [row.slug, row]));
    const insert = async (title: string, parentId: number | null) => {
      const slug = slugOf(title);
      const found = bySlug.get(slug);
      if (found) return found;
      const row = await db
        .insertInto('genres')
        .values({ media_type: type, slug, title, parent_id: parentId })
        .returning(['id', 'slug', 'title'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('genre_translations')
        .values(
          TRANSLATED_LOCALES.map((locale) => ({
            genre_id: row.id,
            locale,
            title: translateGenre(locale, title),
          })),
        )
        .onConflict((conflict) => conflict.columns(['genre_id', 'locale']).doNothing())
        .execute();
      bySlug.set(slug, row);
      return row;
    };
    const refs: GenreRef[] = [];
    for (const [parentTitle, childTitles] of wanted) {
      const parent = await insert(parentTitle, null);
      // Titles get leaf genres (or a parent without children); parents list them through media_genres.
      if (childTitles.length === 0) refs.push({ id: parent.id, title: parent.title });
      for (const childTitle of childTitles) {
        const child = await insert(childTitle, parent.id);
        refs.push({ id: child.id, title: child.title });
      }
    }
    result.set(type, refs);
  }
  return result;
}

/** Inserts the people that are missing, in batches; answers name -> id. */
async function ensurePeople(db: Kysely<Database>, names: readonly string[]): Promise<Map<string, number>> {
  const slugs = names.map(slugOf);
  const ids = new Map<string, number>();
  const rows = await db.selectFrom('people').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  const missing = names.filter((name) => !bySlug.has(slugOf(name)));
  for (let start = 0; start < missing.length; start += 500) {
    const batch = missing.slice(start, start + 500);
    const inserted = await db
      .insertInto('people')
      .values(batch.map((title) => ({ slug: slugOf(title), title })))
      .returning(['id', 'slug'])
      .execute();
    for (const row of inserted) bySlug.set(row.slug, row.id);
  }
  for (const name of names) ids.set(name, bySlug.get(slugOf(name)) ?? 0);
  return ids;
}

/** Slots the demo seed makes; an older, interrupted seed may have left some of them behind. */
const DEMO_SLOTS = [...FREE_CONTENT_SLOTS, 'new_releases', 'popular', 'staff_picks', 'seasonal_winter'];

/**
 * Seeds the generated catalog of each brand without a seed marker (only the types it offers, in its
 * languages), with its free-content slots and home shelves, one transaction per brand ending with the
 * marker. Same seed and brand order, same titles.
 */
export async function seedCatalog(
  db: Db,
  brands: readonly SeedCatalogBrand[],
  options: SeedCatalogOptions = {},
): Promise<SeedCatalogResult> {
  const counts = { ...DEFAULT_TITLE_COUNTS, ...options.counts };
  // Twice what a home shelf shows (content.slotsWithTags answers 24), so "See all" has more to page through.
  const slotSize = options.slotSize ?? 48;
  const result: SeedCatalogResult = { brands: 0, titles: 0, children: 0 };
  const seed = options.seed ?? 20_261_121;

  for (const brand of brands) {
    const marker = await db.kysely
      .selectFrom('catalog_seeds')
      .select('brand_id')
      .where('brand_id', '=', brand.id)
      .executeTakeFirst();
    if (marker) continue;
    const seeded = await db.kysely
      .transaction()
      .execute((trx) => seedBrand(trx, db.dialect, brand, { ...options, counts, slotSize, seed }));
    result.brands += 1;
    result.titles += seeded.titles;
    result.children += seeded.children;
  }
  return result;
}

async function seedBrand(
  trx: Kysely<Database>,
  dialect: Dialect,
  brand: SeedCatalogBrand,
  options: { counts: Record<MediaType, number>; slotSize: number; seed: number } & SeedCatalogOptions,
): Promise<{ titles: number; children: number }> {
  // Titles and slots left by a seed of an older version that was interrupted (it was not atomic).
  await trx
    .deleteFrom('media_items')
    .where('brand_id', '=', brand.id)
    .where('vendor_id', 'like', 'demo-%')
    .execute();
  await trx.deleteFrom('slots').where('brand_id', '=', brand.id).where('slug', 'in', DEMO_SLOTS).execute();

  const repository = createCatalogRepository(trx, dialect);
  // Each brand its own stream of numbers, so seeding one brand never shifts another's titles.
  const random = createRandom(
    options.seed + brand.mediaTypes.length * 7919 + (brand.mediaTypes.join().length << 8),
  );
  const names = personPool(random, 400);
  const people = await ensurePeople(trx, names);
  const genres = await ensureGenres(trx, brand.mediaTypes);
  const locales = TRANSLATED_LOCALES.filter((locale) =>
    (brand.languages ?? []).some((language) => isTranslatedLocale(language) && language === locale),
  );
  const generated = generate(
    brand.id,
    brand.mediaTypes,
    options.counts,
    genres,
    people,
    names,
    random,
    locales,
    (options.now ?? Date.now)(),
  );

  const ids = await repository.insertMedia(generated.map((g) => g.item));
  const children = generated.flatMap((g, i) =>
    g.children.map((child) => ({ ...child, parentId: ids[i] ?? null })),
  );
  await repository.insertMedia(children);
  await seedSlots(repository, brand, generated, ids, options.slotSize);
  await options.beforeCommit?.(brand.id);
  await trx
    .insertInto('catalog_seeds')
    .values({ brand_id: brand.id, seed: options.seed, titles: ids.length, created_at: isoNow() })
    .execute();
  return { titles: ids.length, children: children.length };
}

async function seedSlots(
  repository: ReturnType<typeof createCatalogRepository>,
  brand: SeedCatalogBrand,
  generated: Generated[],
  ids: number[],
  size: number,
) {
  const titles = generated.map((g, i) => ({ ...g.item, id: ids[i] ?? 0 }));
  const ofType = (type: MediaType) => titles.filter((t) => t.mediaType === type && !t.geoAllow);
  const top = (list: typeof titles, key: (t: (typeof titles)[number]) => string | number) =>
    [...list].sort((a, b) => (key(b) > key(a) ? 1 : key(b) < key(a) ? -1 : b.id - a.id)).slice(0, size);
  const free: Record<(typeof FREE_CONTENT_SLOTS)[number], MediaType> = {
    movie_free: 'movie',
    ebook_free: 'ebook',
    audiobook_free: 'audiobook',
  };
  for (const slug of FREE_CONTENT_SLOTS) {
    const type = free[slug];
    if (!brand.mediaTypes.includes(type)) continue;
    await repository.insertSlot({
      brandId: brand.id,
      slug,
      title: `Free ${type === 'movie' ? 'movies' : type === 'ebook' ? 'ebooks' : 'audiobooks'}`,
      mediaType: type,
      properties: { free: true },
      // Every twentieth title of the type: a stable, varied choice.
      mediaIds: ofType(type)
        .filter((_, i) => i % 20 === 0)
        .slice(0, size)
        .map((t) => t.id),
    });
  }
  // Home shelves mix the brand's types (game and software are left out on iPhone by the API).
  const everywhere = titles.filter((t) => !t.geoAllow);
  const shelves = [
    {
      slug: 'new_releases',
      title: 'New releases',
      items: top(everywhere, (t) => t.releaseDate ?? `${String(t.releaseYear)}-01-01`),
    },
    { slug: 'popular', title: 'Popular', items: top(everywhere, (t) => t.popularity ?? 0) },
    {
      slug: 'staff_picks',
      title: 'Staff picks',
      items: top(
        everywhere.filter((t) => t.staffPick),
        (t) => t.popularity ?? 0,
      ),
    },
    {
      slug: 'seasonal_winter',
      title: 'Winter evenings',
      items: top(
        everywhere.filter((t) => /Winter|Midnight|Silent|Quiet|Lantern/.test(t.title)),
        (t) => t.popularity ?? 0,
      ),
    },
  ];
  for (const [index, shelf] of shelves.entries()) {
    await repository.insertSlot({
      brandId: brand.id,
      slug: shelf.slug,
      title: shelf.title,
      mediaType: 'mixed',
      properties: {
        shelf: 'home',
        order: index + 1,
        ...(shelf.slug.startsWith('seasonal') ? { season: 'winter' } : {}),
      },
      mediaIds: shelf.items.map((t) => t.id),
    });
  }
}
