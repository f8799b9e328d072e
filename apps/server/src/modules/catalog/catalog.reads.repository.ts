import { type MediaType, isMediaType } from '@member/domain';
import type { Kysely } from 'kysely';

import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { decodeIntegerCursor, decodeTextCursor } from './catalog.cursor';
import {
  CARD_COLUMNS,
  type Genre,
  type MediaCard,
  type MediaDetail,
  type MediaRecord,
  type Page,
  type SlotWithItems,
  isPersonRole,
  toCard,
  toGenre,
  toRecord,
} from './catalog.records';
import {
  DEFAULT_PAGE_SIZE,
  clampLimit,
  inCountry,
  localeOf,
  localizedGenre,
  localizedTitle,
  toPage,
  translated,
  translationColumns,
} from './catalog.sql';

/*
 * The catalog's reads: shelves, genre pages, genres, a title with its children, slots. Every query is
 * filtered by brand; lists are keyset pages over the partial indexes of migration 0003 (no OFFSET),
 * one statement per page (docs/decisions/005-catalog-search.md).
 */

export function createCatalogReads(db: Kysely<Database>) {
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
    return rows.map(toGenre);
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
    for (const row of genres) byId.get(row.media_id)?.genres.push(toGenre(row));
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
   * One page of a slot's titles in the slot's order (a shelf's "See all"), keyset on (position, id);
   * null when the brand has no slot with this slug. Titles unplayable in `country` are left out in SQL,
   * so pages stay full.
   */
  async function listSlotPage(
    brandId: number,
    slug: string,
    cursor: string | null,
    limit?: number,
    country?: string | null,
    locale?: string | null,
  ): Promise<(Omit<SlotWithItems, 'items'> & Page<MediaCard>) | null> {
    const slot = await db
      .selectFrom('slots')
      .select(['id', 'slug', 'title', 'media_type', 'properties'])
      .where('brand_id', '=', brandId)
      .where('slug', '=', slug)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!slot) return null;
    const after = decodeIntegerCursor(cursor);
    const size = clampLimit(limit);
    const rows = await db
      .selectFrom('slot_items as si')
      .innerJoin('media_items as m', 'm.id', 'si.media_id')
      .select(CARD_COLUMNS)
      .select('si.position')
      .select(localizedTitle(localeOf(locale)).as('title'))
      .where('si.slot_id', '=', slot.id)
      .where('m.brand_id', '=', brandId)
      .where(inCountry(country))
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('si.position', 'm.id'), '>', eb.tuple(after?.key ?? 0, after?.id ?? 0)),
        ),
      )
      .orderBy('si.position')
      .orderBy('m.id')
      .limit(size + 1)
      .execute();
    // Every stored type is known; the guard narrows the column's type for toCard.
    const typed = rows.flatMap((row) => {
      const mediaType = row.media_type;
      return isMediaType(mediaType) ? [{ ...row, mediaType }] : [];
    });
    const page = toPage(
      typed,
      size,
      (row) => toCard(row, row.mediaType),
      (row) => row.position,
    );
    return {
      id: slot.id,
      slug: slot.slug,
      title: slot.title,
      mediaType: slot.media_type,
      properties: readJson<Record<string, unknown>>(slot.properties, {}),
      ...page,
    };
  }

  /**
   * Which of these titles of the brand sit in one of the named slots (the free-content slots): one
   * statement, for the lock a card shows (decision 036).
   */
  async function idsInSlots(
    brandId: number,
    ids: readonly number[],
    slotSlugs: readonly string[],
  ): Promise<Set<number>> {
    if (ids.length === 0 || slotSlugs.length === 0) return new Set();
    const rows = await db
      .selectFrom('slot_items as si')
      .innerJoin('slots as s', 's.id', 'si.slot_id')
      .select('si.media_id')
      .distinct()
      .where('s.brand_id', '=', brandId)
      .where('s.slug', 'in', slotSlugs)
      .where('si.media_id', 'in', ids)
      .execute();
    return new Set(rows.map((row) => row.media_id));
  }

  return {
    findMedia,
    listSlotPage,
    findIdBySlug,
    idsInSlots,
    listNewReleases,
    listPopular,
    listByGenre,
    listGenres,
    listSlotItems,
  };
}
