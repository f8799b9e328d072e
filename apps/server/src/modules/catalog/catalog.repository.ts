import { MEDIA_TYPES, type MediaType, isLocale, isMediaType } from '@member/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { z } from 'zod';

import type { Dialect } from '../../db/database';
import { isoNow, readJson, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { MediaItemRow } from '../../db/tables/media-items';
import { decodeIntegerCursor, decodeTextCursor, encodeCursor } from './catalog.cursor';
import {
  type PgLexemeStatistics,
  pgLexemeStatisticsQuery,
  pgSearchPlan,
  searchCandidates,
  searchRankSql,
  searchScope,
} from './catalog.search-query';
import { searchDocument, searchTerms, searchWords } from './catalog.search-text';

/*
 * Catalog queries (docs/decisions/005-catalog-search.md). Every query is filtered by brand; lists are
 * keyset pages over the partial indexes of migration 0003 (no OFFSET), one statement per page.
 */

export const PERSON_ROLES = [
  'artist',
  'cast',
  'director',
  'producer',
  'writer',
  'author',
  'narrator',
] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

const isPersonRole = (value: string): value is PersonRole =>
  (PERSON_ROLES as readonly string[]).includes(value);

/** Page sizes a caller may ask for; anything outside is clamped. */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
const DEFAULT_SEARCH_PER_TYPE = 10;
const MAX_SEARCH_PER_TYPE = 50;

const liveEventSchema = z.object({
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable().optional(),
});

// Each field falls back on its own, so one corrupt value hides that field rather than the title.
const detailsSchema = z
  .object({
    isbn: z.string().optional().catch(undefined),
    upc: z.string().optional().catch(undefined),
    edition: z.string().optional().catch(undefined),
    numPages: z.number().int().optional().catch(undefined),
    publisher: z.string().optional().catch(undefined),
    copyright: z.string().optional().catch(undefined),
    seasonNumber: z.number().int().optional().catch(undefined),
    episodeNumber: z.number().int().optional().catch(undefined),
    type: z.string().optional().catch(undefined),
    languages: z.array(z.string()).optional().catch(undefined),
    liveSchedule: z.array(liveEventSchema).optional().catch(undefined),
  })
  .catch({});

/** Per-type fields of spec section 3 that are not columns, stored as JSON text in `details`. */
export type MediaDetails = z.infer<typeof detailsSchema>;
export type LiveEvent = z.infer<typeof liveEventSchema>;

export interface Thumbnail {
  origin: string;
  path: string;
  cacheIndex: number;
}

export interface Person {
  id: number;
  slug: string;
  title: string;
}

export interface Genre {
  id: number;
  slug: string;
  title: string;
  parent: { id: number; slug: string; title: string } | null;
}

/** What a shelf, a genre page or a search result shows of a title. */
export interface MediaCard {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  thumbnail: Thumbnail;
  isFree: boolean;
  releaseDate: string | null;
  releaseYear: number | null;
  durationSeconds: number | null;
  popularity: number;
}

export interface MediaRecord extends MediaCard {
  parentId: number | null;
  position: number | null;
  description: string;
  vendorId: string | null;
  playbackKey: string | null;
  language: string | null;
  countryOfOrigin: string | null;
  quality: string | null;
  staffPick: boolean;
  geoAllow: string[] | null;
  details: MediaDetails;
  people: { role: PersonRole; person: Person }[];
  genres: Genre[];
}

export interface MediaDetail extends MediaRecord {
  /** The title sits in one of the given free-content slots of its brand. */
  inFreeSlot: boolean;
  /** Tracks, episodes or chapters, in order. */
  children: MediaRecord[];
}

export interface Page<T> {
  items: T[];
  /** Cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

export interface SlotWithItems {
  id: number;
  slug: string;
  title: string;
  mediaType: string;
  properties: Record<string, unknown>;
  items: MediaCard[];
}

export interface NewMedia {
  brandId: number;
  mediaType: MediaType;
  title: string;
  slug?: string;
  description?: string;
  parentId?: number | null;
  position?: number | null;
  thumbnail?: Partial<Thumbnail>;
  isFree?: boolean;
  vendorId?: string | null;
  playbackKey?: string | null;
  releaseDate?: string | null;
  releaseYear?: number | null;
  durationSeconds?: number | null;
  language?: string | null;
  countryOfOrigin?: string | null;
  quality?: string | null;
  popularity?: number;
  staffPick?: boolean;
  geoAllow?: string[] | null;
  details?: MediaDetails;
  people?: { personId: number; role: PersonRole }[];
  /** The title's own genres; their ancestors are added for genre pages. */
  genreIds?: number[];
  /** Title and description in other locales (`fr-ca`, ...); the fields above are the original. */
  translations?: MediaTranslation[];
}

export interface MediaTranslation {
  locale: string;
  title: string;
  /** Absent: the original description. */
  description?: string | null;
}

export interface MediaChanges {
  title?: string;
  description?: string;
  popularity?: number;
  staffPick?: boolean;
  isFree?: boolean;
  geoAllow?: string[] | null;
}

export interface SearchOptions {
  /** Only these media types; all when absent. */
  mediaTypes?: readonly MediaType[];
  /** Results per media type. */
  limit?: number;
  /** Only titles playable in this country; all when absent. */
  country?: string | null;
  /** Titles in this locale where translated (search also matches every translated title). */
  locale?: string | null;
}

/** Words written to the search vocabulary per statement (SQLite's bound-parameter limit). */
const VOCAB_BATCH = 500;
/**
 * How long PostgreSQL's lexeme statistics are reused for choosing search plans: they change only when
 * the table is analyzed, and a stale choice costs time, never a wrong answer.
 */
const LEXEME_STATISTICS_TTL_MS = 10 * 60_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** The non-null "new releases" key: the release date, else 1 January of the year, else '0000-00-00' (last). */
export function releaseSortKey(
  releaseDate: string | null | undefined,
  releaseYear: number | null | undefined,
) {
  if (releaseDate && ISO_DATE.test(releaseDate)) return releaseDate.slice(0, 10);
  if (releaseYear && releaseYear > 0 && releaseYear < 10_000)
    return `${String(releaseYear).padStart(4, '0')}-01-01`;
  return '0000-00-00';
}

/** A known locale, else null (the original text). */
function localeOf(locale: string | null | undefined): string | null {
  return locale && isLocale(locale) ? locale : null;
}

/**
 * The title of item `m` in `locale`, falling back to the original: a scalar sub-select by primary key,
 * so a translated list is still one statement.
 */
function localizedTitle(locale: string | null): RawBuilder<string> {
  return locale === null
    ? sql<string>`m.title`
    : sql<string>`coalesce((select t.title from media_translations t where t.media_id = m.id and t.locale = ${locale}), m.title)`;
}

/** A genre's name (table alias `alias`) in `locale`, falling back to the original. */
function localizedGenre(alias: 'g' | 'parent', locale: string | null): RawBuilder<string> {
  const ref = sql.ref(`${alias}.id`);
  const title = sql.ref(`${alias}.title`);
  return locale === null
    ? sql<string>`${title}`
    : sql<string>`coalesce((select gt.title from genre_translations gt where gt.genre_id = ${ref} and gt.locale = ${locale}), ${title})`;
}

/** Translated title and description of item `m` as `t_title` / `t_description` (null: untranslated). */
function translationColumns(locale: string | null) {
  const pick = (column: 'title' | 'description') =>
    locale === null
      ? sql<string | null>`null`
      : sql<
          string | null
        >`(select t.${sql.ref(column)} from media_translations t where t.media_id = m.id and t.locale = ${locale})`;
  return [pick('title').as('t_title'), pick('description').as('t_description')];
}

function translated<
  R extends { title: string; description: string; t_title: string | null; t_description: string | null },
>(row: R): R {
  return { ...row, title: row.t_title ?? row.title, description: row.t_description ?? row.description };
}

/** Known locales only, the last one given for a locale winning; empty titles are dropped. */
function uniqueTranslations(translations: readonly MediaTranslation[] | undefined): MediaTranslation[] {
  const byLocale = new Map<string, MediaTranslation>();
  for (const translation of translations ?? []) {
    if (isLocale(translation.locale) && translation.title.trim() !== '')
      byLocale.set(translation.locale, translation);
  }
  return [...byLocale.values()];
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

const slugify = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'untitled';

// Columns of a card, read the same way by the query builder and the raw search SQL; the title is
// added by localizedTitle, in the request's locale.
const CARD_COLUMNS = [
  'm.id',
  'm.media_type',
  'm.slug',
  'm.thumbnail_origin',
  'm.thumbnail_path',
  'm.thumbnail_cache_index',
  'm.is_free',
  'm.release_date',
  'm.release_year',
  'm.release_sort',
  'm.duration_seconds',
  'm.popularity',
] as const;

type CardRow = Pick<
  MediaItemRow,
  | 'id'
  | 'media_type'
  | 'title'
  | 'slug'
  | 'thumbnail_origin'
  | 'thumbnail_path'
  | 'thumbnail_cache_index'
  | 'is_free'
  | 'release_date'
  | 'release_year'
  | 'release_sort'
  | 'duration_seconds'
  | 'popularity'
>;

function toCard(row: CardRow, mediaType: MediaType): MediaCard {
  return {
    id: row.id,
    mediaType,
    title: row.title,
    slug: row.slug,
    thumbnail: {
      origin: row.thumbnail_origin,
      path: row.thumbnail_path,
      cacheIndex: row.thumbnail_cache_index,
    },
    isFree: row.is_free === 1,
    releaseDate: row.release_date,
    releaseYear: row.release_year,
    durationSeconds: row.duration_seconds,
    popularity: row.popularity,
  };
}

function toRecord(row: MediaItemRow, mediaType: MediaType): MediaRecord {
  return {
    ...toCard(row, mediaType),
    parentId: row.parent_id,
    position: row.position,
    description: row.description,
    vendorId: row.vendor_id,
    playbackKey: row.playback_key,
    language: row.language,
    countryOfOrigin: row.country_of_origin,
    quality: row.quality,
    staffPick: row.staff_pick === 1,
    geoAllow: readGeoAllow(row.geo_allow),
    details: detailsSchema.parse(readJson<unknown>(row.details, {})),
    people: [],
    genres: [],
  };
}

function readGeoAllow(text: string | null): string[] | null {
  if (text === null) return null;
  const value = readJson<unknown>(text, null);
  // A corrupt list reads as "nowhere" rather than "everywhere": a rights restriction fails closed.
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function toPage<R extends { id: number }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  key: (row: R) => string | number,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor(key(last), last.id) : null,
  };
}

/**
 * Lists leave out titles that cannot play in `country`: `geo_allow` is null (everywhere) or a JSON
 * list of upper-case ISO codes, so a quoted code inside it is a match. Only a two-letter code is used;
 * anything else keeps only the titles available everywhere.
 */
function geoPattern(country: string | null | undefined): string | null {
  if (country === undefined || country === null) return null;
  const code = country.toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? `%"${code}"%` : '%"--"%';
}

export function createCatalogRepository(db: Kysely<Database>, dialect: Dialect) {
  /** Top-level titles of one brand and media type: the rows every shelf is made of. */
  const shelf = (brandId: number, mediaType: MediaType, country?: string | null, locale?: string | null) =>
    db
      .selectFrom('media_items as m')
      .select(CARD_COLUMNS)
      .select(localizedTitle(localeOf(locale)).as('title'))
      .where('m.brand_id', '=', brandId)
      .where('m.media_type', '=', mediaType)
      .where('m.parent_id', 'is', null)
      .where(inCountry(country));

  /** Keeps titles (alias m) playable in `country`, all when it is undefined; see geoPattern. */
  function inCountry(country: string | null | undefined) {
    const pattern = geoPattern(country);
    return pattern === null
      ? sql<boolean>`1 = 1`
      : sql<boolean>`(m.geo_allow is null or m.geo_allow like ${pattern})`;
  }

  async function listNewReleases(
    brandId: number,
    mediaType: MediaType,
    cursor: string | null,
    limit?: number,
    country?: string | null,
    locale?: string | null,
  ): Promise<Page<MediaCard>> {
    const after = decodeTextCursor(cursor);
    const size = clampLimit(limit);
    const rows = await shelf(brandId, mediaType, country, locale)
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('m.release_sort', 'm.id'), '<', eb.tuple(after?.key ?? '', after?.id ?? 0)),
        ),
      )
      .orderBy('m.release_sort', 'desc')
      .orderBy('m.id', 'desc')
      .limit(size + 1)
      .execute();
    return toPage(
      rows,
      size,
      (row) => toCard(row, mediaType),
      (row) => row.release_sort,
    );
  }

  async function listPopular(
    brandId: number,
    mediaType: MediaType,
    cursor: string | null,
    limit?: number,
    country?: string | null,
    locale?: string | null,
  ): Promise<Page<MediaCard>> {
    const after = decodeIntegerCursor(cursor);
    const size = clampLimit(limit);
    const rows = await shelf(brandId, mediaType, country, locale)
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('m.popularity', 'm.id'), '<', eb.tuple(after?.key ?? 0, after?.id ?? 0)),
        ),
      )
      .orderBy('m.popularity', 'desc')
      .orderBy('m.id', 'desc')
      .limit(size + 1)
      .execute();
    return toPage(
      rows,
      size,
      (row) => toCard(row, mediaType),
      (row) => row.popularity,
    );
  }

  /**
   * Newest first within a genre, its subgenres included. The range scan runs on media_genres's own
   * copy of the sort key, so a page deep in the genre costs what the first one does.
   */
  async function listByGenre(
    brandId: number,
    mediaType: MediaType,
    genreId: number,
    cursor: string | null,
    limit?: number,
    country?: string | null,
    locale?: string | null,
  ): Promise<Page<MediaCard>> {
    const after = decodeTextCursor(cursor);
    const size = clampLimit(limit);
    const rows = await db
      .selectFrom('media_genres as g')
      .innerJoin('media_items as m', 'm.id', 'g.media_id')
      .select(CARD_COLUMNS)
      .select(localizedTitle(localeOf(locale)).as('title'))
      .where('g.genre_id', '=', genreId)
      .where('g.brand_id', '=', brandId)
      .where('m.brand_id', '=', brandId)
      .where('m.media_type', '=', mediaType)
      .where('m.parent_id', 'is', null)
      .where(inCountry(country))
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('g.release_sort', 'g.media_id'), '<', eb.tuple(after?.key ?? '', after?.id ?? 0)),
        ),
      )
      .orderBy('g.release_sort', 'desc')
      .orderBy('g.media_id', 'desc')
      .limit(size + 1)
      .execute();
    return toPage(
      rows,
      size,
      (row) => toCard(row, mediaType),
      (row) => row.release_sort,
    );
  }

  /**
   * Genres of a media type that hold at least one top-level title of the brand (directly or through
   * a subgenre), by title, each with its parent; one statement.
   */
  async function listGenres(brandId: number, mediaType: MediaType, locale?: string | null): Promise<Genre[]> {
    const lang = localeOf(locale);
    const rows = await db
      .selectFrom('genres as g')
      .leftJoin('genres as parent', 'parent.id', 'g.parent_id')
      .select(['g.id', 'g.slug', 'parent.id as parent_id', 'parent.slug as parent_slug'])
      .select([
        localizedGenre('g', lang).as('title'),
        localizedGenre('parent', lang).$castTo<string | null>().as('parent_title'),
      ])
      .where('g.media_type', '=', mediaType)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('media_genres as mg')
            .select('mg.media_id')
            .whereRef('mg.genre_id', '=', 'g.id')
            .where('mg.brand_id', '=', brandId),
        ),
      )
      .orderBy('title')
      .orderBy('g.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      parent:
        row.parent_id !== null && row.parent_slug !== null && row.parent_title !== null
          ? { id: row.parent_id, slug: row.parent_slug, title: row.parent_title }
          : null,
    }));
  }

  /** Direct genres with their parent, and people by role, of several titles: one query each. */
  async function attachPeopleAndGenres(
    brandId: number,
    records: MediaRecord[],
    locale: string | null,
  ): Promise<void> {
    if (records.length === 0) return;
    const ids = records.map((record) => record.id);
    const people = await db
      .selectFrom('media_people as mp')
      .innerJoin('people as p', 'p.id', 'mp.person_id')
      .innerJoin('media_items as m', 'm.id', 'mp.media_id')
      .select(['mp.media_id', 'mp.role', 'p.id', 'p.slug', 'p.title'])
      .where('mp.media_id', 'in', ids)
      .where('m.brand_id', '=', brandId)
      .orderBy('mp.media_id')
      .orderBy('mp.role')
      .orderBy('mp.position')
      .orderBy('p.id')
      .execute();
    const genres = await db
      .selectFrom('media_genres as mg')
      .innerJoin('genres as g', 'g.id', 'mg.genre_id')
      .leftJoin('genres as parent', 'parent.id', 'g.parent_id')
      .select(['mg.media_id', 'g.id', 'g.slug', 'parent.id as parent_id', 'parent.slug as parent_slug'])
      .select([
        localizedGenre('g', locale).as('title'),
        localizedGenre('parent', locale).$castTo<string | null>().as('parent_title'),
      ])
      .where('mg.media_id', 'in', ids)
      .where('mg.brand_id', '=', brandId)
      .where('mg.is_direct', '=', 1)
      .orderBy('mg.media_id')
      .orderBy('title')
      .orderBy('g.id')
      .execute();
    const byId = new Map(records.map((record) => [record.id, record]));
    for (const row of people) {
      if (!isPersonRole(row.role)) continue;
      byId.get(row.media_id)?.people.push({
        role: row.role,
        person: { id: row.id, slug: row.slug, title: row.title },
      });
    }
    for (const row of genres) {
      byId.get(row.media_id)?.genres.push({
        id: row.id,
        slug: row.slug,
        title: row.title,
        parent:
          row.parent_id !== null && row.parent_slug !== null && row.parent_title !== null
            ? { id: row.parent_id, slug: row.parent_slug, title: row.parent_title }
            : null,
      });
    }
  }

  /**
   * A title with its people, genres and children (tracks, episodes, chapters), in four statements
   * whatever the number of children. `freeSlots` names the slots whose titles are open to everyone.
   * Titles, descriptions and genre names are in `locale` where translated, else the original.
   */
  async function findMedia(
    brandId: number,
    mediaType: MediaType,
    id: number,
    freeSlots: readonly string[] = [],
    locale?: string | null,
  ): Promise<MediaDetail | undefined> {
    const lang = localeOf(locale);
    const row = await db
      .selectFrom('media_items as m')
      .selectAll('m')
      .select(translationColumns(lang))
      .$if(freeSlots.length > 0, (qb) =>
        qb.select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('slot_items as si')
                .innerJoin('slots as s', 's.id', 'si.slot_id')
                .select('si.slot_id')
                .whereRef('si.media_id', '=', 'm.id')
                .where('s.brand_id', '=', brandId)
                .where('s.slug', 'in', freeSlots),
            )
            .$castTo<number | boolean>()
            .as('in_free_slot'),
        ),
      )
      .where('m.id', '=', id)
      .where('m.brand_id', '=', brandId)
      .where('m.media_type', '=', mediaType)
      .executeTakeFirst();
    if (!row) return undefined;
    const children = await db
      .selectFrom('media_items as m')
      .selectAll('m')
      .select(translationColumns(lang))
      .where('m.parent_id', '=', row.id)
      .where('m.brand_id', '=', brandId)
      .orderBy('m.position')
      .orderBy('m.id')
      .execute();
    const detail: MediaDetail = {
      ...toRecord(translated(row), mediaType),
      // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
      inFreeSlot: row.in_free_slot === true || row.in_free_slot === 1,
      children: children.map((child) => toRecord(translated(child), mediaType)),
    };
    await attachPeopleAndGenres(brandId, [detail, ...detail.children], lang);
    return detail;
  }

  /**
   * The id of the brand's top-level title of a type with this slug, the newest when several share it
   * (slugs come from titles and are not unique). Walks the new-releases index of the brand and type,
   * so it is meant for small types such as streams (the live page's `browse/stream/live/{slug}`).
   */
  async function findIdBySlug(
    brandId: number,
    mediaType: MediaType,
    slug: string,
  ): Promise<number | undefined> {
    const row = await db
      .selectFrom('media_items as m')
      .select('m.id')
      .where('m.brand_id', '=', brandId)
      .where('m.media_type', '=', mediaType)
      .where('m.parent_id', 'is', null)
      .where('m.slug', '=', slug)
      .orderBy('m.release_sort', 'desc')
      .orderBy('m.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** Slots of the brand by slug, each with its titles in order (at most `perSlot`), in one query. */
  async function listSlotItems(
    brandId: number,
    slugs: readonly string[],
    perSlot = DEFAULT_PAGE_SIZE,
    country?: string | null,
    locale?: string | null,
  ): Promise<SlotWithItems[]> {
    if (slugs.length === 0) return [];
    const ranked = db
      .selectFrom('slots as s')
      .leftJoin('slot_items as si', 'si.slot_id', 's.id')
      .leftJoin('media_items as m', (join) =>
        // A title unplayable in `country` joins as nulls and is skipped below.
        join.onRef('m.id', '=', 'si.media_id').on('m.brand_id', '=', brandId).on(inCountry(country)),
      )
      .select([
        's.id as slot_id',
        's.slug as slot_slug',
        's.title as slot_title',
        's.media_type as slot_media_type',
        's.properties as slot_properties',
        'si.position as slot_position',
        ...CARD_COLUMNS,
      ])
      .select(localizedTitle(localeOf(locale)).$castTo<string | null>().as('title'))
      .select((eb) =>
        eb.fn
          .agg<number>('row_number')
          .over((over) => over.partitionBy('s.id').orderBy('si.position').orderBy('si.media_id'))
          .as('rank_in_slot'),
      )
      .where('s.brand_id', '=', brandId)
      .where('s.slug', 'in', slugs);
    const rows = await db
      .selectFrom(ranked.as('r'))
      .selectAll('r')
      .where('r.rank_in_slot', '<=', clampLimit(perSlot))
      .orderBy('r.slot_slug')
      .orderBy('r.slot_position')
      .orderBy('r.id')
      .execute();

    const slots = new Map<number, SlotWithItems>();
    for (const row of rows) {
      let slot = slots.get(row.slot_id);
      if (!slot) {
        slot = {
          id: row.slot_id,
          slug: row.slot_slug,
          title: row.slot_title,
          mediaType: row.slot_media_type,
          properties: readJson<Record<string, unknown>>(row.slot_properties, {}),
          items: [],
        };
        slots.set(row.slot_id, slot);
      }
      // A slot without titles has one row of nulls from the outer joins; a title of another brand too.
      if (row.id === null || row.media_type === null || !isMediaType(row.media_type)) continue;
      slot.items.push(
        toCard(
          {
            id: row.id,
            media_type: row.media_type,
            title: row.title ?? '',
            slug: row.slug ?? '',
            thumbnail_origin: row.thumbnail_origin ?? '',
            thumbnail_path: row.thumbnail_path ?? '',
            thumbnail_cache_index: row.thumbnail_cache_index ?? 0,
            is_free: row.is_free ?? 0,
            release_date: row.release_date,
            release_year: row.release_year,
            release_sort: row.release_sort ?? '',
            duration_seconds: row.duration_seconds,
            popularity: row.popularity ?? 0,
          },
          row.media_type,
        ),
      );
    }
    const bySlug = new Map([...slots.values()].map((slot) => [slot.slug, slot]));
    return [...new Set(slugs)].flatMap((slug) => bySlug.get(slug) ?? []);
  }

  /**
   * Full-text search over titles (original and translated), people and description: accent- and
   * case-insensitive, every word a prefix, all words required. Up to `limit` results per media type,
   * best first within each type, the types in the product's order, in one statement. Input that holds
   * no word answers [] without a query.
   *
   * Best first: title matches, then the more popular, then the newer id. The index walks each brand's
   * titles of a type in that order (catalog.search-query.ts), so per type one scan takes the first
   * `limit` title matches and one the first `limit` matches in any field, and each stops there: the
   * cost follows `limit`, not the number of matches, and the ranking is exact.
   */
  async function search(brandId: number, query: string, options: SearchOptions = {}): Promise<MediaCard[]> {
    const terms = searchTerms(query);
    const types = options.mediaTypes ?? MEDIA_TYPES;
    if (terms.length === 0 || types.length === 0) return [];
    const perType = Math.min(MAX_SEARCH_PER_TYPE, clampLimit(options.limit ?? DEFAULT_SEARCH_PER_TYPE));
    const columns = sql.join([
      ...CARD_COLUMNS.map((column) => sql.ref(column)),
      sql`${localizedTitle(localeOf(options.locale))} as title`,
    ]);
    const candidates = searchCandidates(
      {
        dialect,
        brandId,
        terms,
        types: MEDIA_TYPES.filter((type) => types.includes(type)),
        perType,
        geo: geoPattern(options.country) === null ? null : inCountry(options.country),
      },
      dialect === 'postgres' ? pgSearchPlan(await pgLexemeStatistics(), terms) : null,
    );
    // The checks on m repeat what the index holds (brand, type, top-level titles only) as a safety net.
    // The candidates are computed once, first: without MATERIALIZED, SQLite pushed `m.id = c.id` down
    // into the scans and re-ran every FTS5 scan for each of the brand's titles (seconds per search).
    const { rows } = await sql<CardRow & { type_rank: number }>`
      with c as materialized (${candidates})
      select * from (
        select ${columns}, row_number() over (partition by m.media_type order by c.score, c.rank) as type_rank
        from c
        join media_items m on m.id = c.id
        where m.brand_id = ${brandId} and m.parent_id is null
      ) ranked
      where type_rank <= ${perType}
      order by media_type, type_rank`.execute(db);

    const order = new Map<string, number>(MEDIA_TYPES.map((type, index) => [type, index]));
    return rows
      .flatMap((row) => (isMediaType(row.media_type) ? [toCard(row, row.media_type)] : []))
      .sort((a, b) => (order.get(a.mediaType) ?? 0) - (order.get(b.mediaType) ?? 0));
  }

  let lexemeStatistics: { readAt: number; value: Promise<PgLexemeStatistics> } | null = null;

  /** PostgreSQL's lexeme statistics of the search documents, read at most every 10 minutes. */
  function pgLexemeStatistics(): Promise<PgLexemeStatistics> {
    const now = Date.now();
    if (lexemeStatistics !== null && now - lexemeStatistics.readAt < LEXEME_STATISTICS_TTL_MS)
      return lexemeStatistics.value;
    const value = pgLexemeStatisticsQuery()
      .execute(db)
      .then(
        ({ rows }) =>
          new Map(
            rows.map((row) => [
              row.column,
              new Map((row.lexemes ?? []).map((lexeme, i) => [lexeme, row.frequencies?.[i] ?? 0])),
            ]),
          ),
      );
    lexemeStatistics = { readAt: now, value };
    // A failed read is not kept: the next search asks again.
    value.catch(() => {
      if (lexemeStatistics?.value === value) lexemeStatistics = null;
    });
    return value;
  }

  /**
   * Writes the search rows of titles from their current title and every translated title, people
   * and description, under their brand and type scope and their rank key (migration 0009). Called
   * when any of those or the popularity changes.
   */
  async function reindex(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
    const top = await trx
      .selectFrom('media_items')
      .select(['id', 'brand_id', 'media_type', 'popularity', 'title', 'description'])
      .where('id', 'in', ids)
      .where('parent_id', 'is', null)
      .execute();
    if (top.length === 0) return;
    const names = await trx
      .selectFrom('media_people as mp')
      .innerJoin('people as p', 'p.id', 'mp.person_id')
      .select(['mp.media_id', 'p.title'])
      .where(
        'mp.media_id',
        'in',
        top.map((row) => row.id),
      )
      .orderBy('mp.media_id')
      .orderBy('mp.position')
      .execute();
    const peopleOf = new Map<number, string[]>();
    for (const row of names) peopleOf.set(row.media_id, [...(peopleOf.get(row.media_id) ?? []), row.title]);
    const translations = await trx
      .selectFrom('media_translations')
      .select(['media_id', 'title'])
      .where(
        'media_id',
        'in',
        top.map((row) => row.id),
      )
      .orderBy('media_id')
      .orderBy('locale')
      .execute();
    const titlesOf = new Map<number, string[]>();
    for (const row of translations)
      titlesOf.set(row.media_id, [...(titlesOf.get(row.media_id) ?? []), row.title]);
    const documents = top.map((row) => ({
      id: row.id,
      rank: searchRankSql(dialect, { popularity: row.popularity, id: row.id, mediaType: row.media_type }),
      scope: searchScope(row.brand_id),
      brandId: row.brand_id,
      mediaType: row.media_type,
      // Each distinct word once: translations often repeat the original's names and places.
      title: [...new Set(searchWords([row.title, ...(titlesOf.get(row.id) ?? [])].join(' ')))].join(' '),
      people: searchDocument((peopleOf.get(row.id) ?? []).join(' ')),
      description: searchDocument(row.description),
    }));
    if (dialect === 'sqlite') {
      const idList = sql.join(documents.map((d) => d.id));
      const oldKeys = sql`select rank from media_search_keys where media_id in (${idList})`;
      await sql`delete from media_search where rowid in (${oldKeys})`.execute(trx);
      await sql`delete from media_search_title where rowid in (${oldKeys})`.execute(trx);
      await sql`insert or replace into media_search_keys (media_id, rank) values ${sql.join(
        documents.map((d) => sql`(${d.id}, ${d.rank})`),
      )}`.execute(trx);
      const keyOf = (id: number) => sql`(select rank from media_search_keys where media_id = ${id})`;
      await sql`insert into media_search (rowid, title, people, description, scope) values ${sql.join(
        documents.map((d) => sql`(${keyOf(d.id)}, ${d.title}, ${d.people}, ${d.description}, ${d.scope})`),
      )}`.execute(trx);
      await sql`insert into media_search_title (rowid, title, scope) values ${sql.join(
        documents.map((d) => sql`(${keyOf(d.id)}, ${d.title}, ${d.scope})`),
      )}`.execute(trx);
      const words = [
        ...new Set(documents.flatMap((d) => `${d.title} ${d.people} ${d.description}`.split(' '))),
      ];
      const terms = words.filter((word) => word !== '');
      for (let start = 0; start < terms.length; start += VOCAB_BATCH) {
        await sql`insert or ignore into media_search_vocab (term) values ${sql.join(
          terms.slice(start, start + VOCAB_BATCH).map((term) => sql`(${term})`),
        )}`.execute(trx);
      }
      return;
    }
    const vector = (text: string) => sql`to_tsvector('simple'::regconfig, ${text}::text)`;
    await sql`insert into media_search (media_id, brand_id, media_type, rank, title_document, document)
      values ${sql.join(
        documents.map(
          (d) =>
            sql`(${d.id}, ${d.brandId}, ${d.mediaType}, ${d.rank}, ${vector(d.title)}, ${vector(
              [d.title, d.people, d.description].join(' '),
            )})`,
        ),
      )}
      on conflict (media_id) do update set brand_id = excluded.brand_id, media_type = excluded.media_type,
        rank = excluded.rank, title_document = excluded.title_document, document = excluded.document`.execute(
      trx,
    );
    // The vocabulary gets the lexemes as PostgreSQL tokenized them (migration 0010).
    await sql`insert into media_search_vocab (term)
      select distinct lexeme from media_search, unnest(tsvector_to_array(document)) as lexeme
      where media_id in (${sql.join(documents.map((d) => d.id))})
      on conflict do nothing`.execute(trx);
  }

  /**
   * Inserts titles with their people and genres and indexes them for search, in one transaction.
   * For tests, the seed and the import: a few statements per 400 titles. On a repository made over a transaction it joins that transaction, so a
   * caller can make several inserts (and its own rows) all-or-nothing.
   */
  async function insertMedia(items: readonly NewMedia[]): Promise<number[]> {
    if (items.length === 0) return [];
    return inTransaction(async (trx) => {
      const ids: number[] = [];
      const createdAt = isoNow();
      // One multi-row insert per 400 titles. Both engines number the rows of one VALUES list in
      // order, so the returned ids, sorted, belong to the items in order; the count is checked.
      const ROWS_PER_INSERT = 400;
      for (let start = 0; start < items.length; start += ROWS_PER_INSERT) {
        const chunk = items.slice(start, start + ROWS_PER_INSERT);
        const rows = await trx
          .insertInto('media_items')
          .values(
            chunk.map((item) => ({
              brand_id: item.brandId,
              media_type: item.mediaType,
              parent_id: item.parentId ?? null,
              position: item.position ?? null,
              title: item.title,
              slug: item.slug ?? slugify(item.title),
              description: item.description ?? '',
              thumbnail_origin: item.thumbnail?.origin ?? '',
              thumbnail_path: item.thumbnail?.path ?? '',
              thumbnail_cache_index: item.thumbnail?.cacheIndex ?? 0,
              is_free: item.isFree ? 1 : 0,
              vendor_id: item.vendorId ?? null,
              playback_key: item.playbackKey ?? null,
              release_date: item.releaseDate ?? null,
              release_year: item.releaseYear ?? null,
              release_sort: releaseSortKey(item.releaseDate, item.releaseYear),
              duration_seconds: item.durationSeconds ?? null,
              language: item.language ?? null,
              country_of_origin: item.countryOfOrigin ?? null,
              quality: item.quality ?? null,
              popularity: item.popularity ?? 0,
              staff_pick: item.staffPick ? 1 : 0,
              geo_allow: item.geoAllow ? writeJson(item.geoAllow.map((c) => c.toUpperCase())) : null,
              details: writeJson(item.details ?? {}),
              created_at: createdAt,
            })),
          )
          .returning('id')
          .execute();
        if (rows.length !== chunk.length) throw new Error('media insert returned an unexpected row count');
        ids.push(...rows.map((row) => row.id).sort((x, y) => x - y));
      }

      const BATCH = 500;
      for (let start = 0; start < items.length; start += BATCH) {
        const batch = items.slice(start, start + BATCH);
        const batchIds = ids.slice(start, start + BATCH);
        const people = batch.flatMap((item, i) =>
          (item.people ?? []).map((link, position) => ({
            media_id: batchIds[i] ?? 0,
            person_id: link.personId,
            role: link.role,
            position,
          })),
        );
        if (people.length > 0) await trx.insertInto('media_people').values(people).execute();

        const genreIds = new Set(batch.flatMap((item) => item.genreIds ?? []));
        const lineage =
          genreIds.size > 0 ? await ancestorsByGenre(trx, genreIds) : new Map<number, number[]>();
        const genreRows = batch.flatMap((item, i) => {
          const direct = new Set(item.genreIds ?? []);
          const all = new Set([...direct].flatMap((genreId) => [genreId, ...(lineage.get(genreId) ?? [])]));
          return [...all].map((genreId) => ({
            media_id: batchIds[i] ?? 0,
            genre_id: genreId,
            brand_id: item.brandId,
            release_sort: releaseSortKey(item.releaseDate, item.releaseYear),
            is_direct: direct.has(genreId) ? 1 : 0,
          }));
        });
        if (genreRows.length > 0) await trx.insertInto('media_genres').values(genreRows).execute();
        const translationRows = batch.flatMap((item, i) =>
          uniqueTranslations(item.translations).map((translation) => ({
            media_id: batchIds[i] ?? 0,
            locale: translation.locale,
            title: translation.title,
            description: translation.description ?? null,
          })),
        );
        if (translationRows.length > 0)
          await trx.insertInto('media_translations').values(translationRows).execute();
        await reindex(trx, batchIds);
      }
      return ids;
    });
  }

  /** Runs `work` in the repository's transaction when it was made over one, else in a new one. */
  function inTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return db.isTransaction ? work(db) : db.transaction().execute(work);
  }

  /** Each genre's ancestors, nearest first, read one generation per statement. */
  async function ancestorsByGenre(trx: Kysely<Database>, genreIds: ReadonlySet<number>) {
    const parents = new Map<number, number | null>();
    let frontier = [...genreIds];
    // Genre trees are shallow (a genre and its subgenres); the bound only stops a corrupt cycle.
    for (let depth = 0; frontier.length > 0 && depth < 8; depth += 1) {
      const rows = await trx
        .selectFrom('genres')
        .select(['id', 'parent_id'])
        .where('id', 'in', frontier)
        .execute();
      frontier = [];
      for (const row of rows) {
        parents.set(row.id, row.parent_id);
        if (row.parent_id !== null && !parents.has(row.parent_id)) frontier.push(row.parent_id);
      }
    }
    const lineage = new Map<number, number[]>();
    for (const genreId of genreIds) {
      const chain: number[] = [];
      let parent = parents.get(genreId) ?? null;
      while (parent !== null && parent !== genreId && !chain.includes(parent)) {
        chain.push(parent);
        parent = parents.get(parent) ?? null;
      }
      lineage.set(genreId, chain);
    }
    return lineage;
  }

  /** Changes a title of the brand and refreshes its search row; false when there is no such title. */
  async function updateMedia(brandId: number, id: number, changes: MediaChanges): Promise<boolean> {
    return inTransaction(async (trx) => {
      const result = await trx
        .updateTable('media_items')
        .set({
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.popularity !== undefined ? { popularity: changes.popularity } : {}),
          ...(changes.staffPick !== undefined ? { staff_pick: changes.staffPick ? 1 : 0 } : {}),
          ...(changes.isFree !== undefined ? { is_free: changes.isFree ? 1 : 0 } : {}),
          ...(changes.geoAllow !== undefined
            ? { geo_allow: changes.geoAllow ? writeJson(changes.geoAllow.map((c) => c.toUpperCase())) : null }
            : {}),
        })
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (
        changes.title !== undefined ||
        changes.description !== undefined ||
        changes.popularity !== undefined
      )
        await reindex(trx, [id]);
      return true;
    });
  }

  /**
   * A page of top-level titles (every brand's, by id after `afterId`) with every text their search rows
   * are made of: title, description, translated titles and descriptions, people. For rewriting the index
   * after its text analysis changed (catalog.search-maintenance.ts).
   */
  async function listSearchTexts(afterId: number, limit: number): Promise<{ id: number; texts: string[] }[]> {
    const titles = await db
      .selectFrom('media_items')
      .select(['id', 'title', 'description'])
      .where('parent_id', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (titles.length === 0) return [];
    const ids = titles.map((row) => row.id);
    const [translations, names] = await Promise.all([
      db
        .selectFrom('media_translations')
        .select(['media_id', 'title', 'description'])
        .where('media_id', 'in', ids)
        .execute(),
      db
        .selectFrom('media_people as mp')
        .innerJoin('people as p', 'p.id', 'mp.person_id')
        .select(['mp.media_id', 'p.title'])
        .where('mp.media_id', 'in', ids)
        .execute(),
    ]);
    const texts = new Map<number, string[]>(titles.map((row) => [row.id, [row.title, row.description]]));
    for (const row of translations) texts.get(row.media_id)?.push(row.title, row.description ?? '');
    for (const row of names) texts.get(row.media_id)?.push(row.title);
    return ids.map((id) => ({ id, texts: texts.get(id) ?? [] }));
  }

  /** Rewrites the search rows of these titles from their current texts, in one transaction. */
  async function reindexTitles(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await inTransaction((trx) => reindex(trx, ids));
  }

  async function insertPerson(person: { slug: string; title: string }): Promise<number> {
    const { id } = await db.insertInto('people').values(person).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async function insertGenre(genre: {
    mediaType: MediaType;
    slug: string;
    title: string;
    parentId?: number | null;
  }): Promise<number> {
    const { id } = await db
      .insertInto('genres')
      .values({
        media_type: genre.mediaType,
        slug: genre.slug,
        title: genre.title,
        parent_id: genre.parentId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Creates a slot of the brand holding the titles in the given order. */
  async function insertSlot(slot: {
    brandId: number;
    slug: string;
    title: string;
    mediaType: string;
    properties?: Record<string, unknown>;
    mediaIds: readonly number[];
  }): Promise<number> {
    return inTransaction(async (trx) => {
      const { id } = await trx
        .insertInto('slots')
        .values({
          brand_id: slot.brandId,
          slug: slot.slug,
          title: slot.title,
          media_type: slot.mediaType,
          properties: writeJson(slot.properties ?? {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (slot.mediaIds.length > 0) {
        await trx
          .insertInto('slot_items')
          .values(slot.mediaIds.map((mediaId, position) => ({ slot_id: id, media_id: mediaId, position })))
          .execute();
      }
      return id;
    });
  }

  return {
    findMedia,
    findIdBySlug,
    listNewReleases,
    listPopular,
    listByGenre,
    listGenres,
    listSlotItems,
    search,
    insertMedia,
    updateMedia,
    listSearchTexts,
    reindexTitles,
    insertPerson,
    insertGenre,
    insertSlot,
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
