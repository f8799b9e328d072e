import { type MediaType, isLocale } from '@member/domain';
import type { Kysely } from 'kysely';

import type { Dialect } from '../../db/database';
import { isoNow, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { MediaChanges, MediaTranslation, NewMedia } from './catalog.records';
import { writeSearchRows } from './catalog.search.repository';
import { inTransaction } from './catalog.sql';

/*
 * The catalog's writes: titles with their people, genres and translations (each write refreshes the
 * search rows it changes), people, genres, slots, and what the import records. Made over a
 * transaction, every write joins it, so a caller can make several writes all-or-nothing.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** The non-null "new releases" key: the release date, else 1 January of the year, else '0000-00-00' (last). */
function releaseSortKey(releaseDate: string | null | undefined, releaseYear: number | null | undefined) {
  if (releaseDate && ISO_DATE.test(releaseDate)) return releaseDate.slice(0, 10);
  if (releaseYear && releaseYear > 0 && releaseYear < 10_000)
    return `${String(releaseYear).padStart(4, '0')}-01-01`;
  return '0000-00-00';
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

/** A URL-friendly name made of a title: ASCII letters and digits between dashes. */
export const slugify = (title: string, maxLength = 80) =>
  title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength) || 'untitled';

/** People and genres the import makes get slugs this long at most. */
const IMPORTED_SLUG_LENGTH = 60;

export function createCatalogWrites(db: Kysely<Database>, dialect: Dialect) {
  /**
   * Inserts titles with their people and genres and indexes them for search, in one transaction.
   * For tests, the seed and the import: a few statements per 400 titles. On a repository made over a transaction it joins that transaction, so a
   * caller can make several inserts (and its own rows) all-or-nothing.
   */
  async function insertMedia(items: readonly NewMedia[]): Promise<number[]> {
    if (items.length === 0) return [];
    return inTransaction(db, async (trx) => {
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
        await writeSearchRows(trx, dialect, batchIds);
      }
      return ids;
    });
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
    return inTransaction(db, async (trx) => {
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
          ...(changes.durationSeconds !== undefined ? { duration_seconds: changes.durationSeconds } : {}),
          ...(changes.thumbnailPath !== undefined ? { thumbnail_path: changes.thumbnailPath } : {}),
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
        await writeSearchRows(trx, dialect, [id]);
      return true;
    });
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
    return inTransaction(db, async (trx) => {
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

  // ---- What the import records (catalog.import.ts) ----

  /** The brand an import is for, by slug. */
  async function findBrandBySlug(slug: string): Promise<{ id: number; slug: string } | undefined> {
    return db.selectFrom('brands').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
  }

  /** The title a file with this content hash was imported as into the brand, if it was. */
  async function findImportedMediaId(brandId: number, contentHash: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('media_imports')
      .select('media_id')
      .where('brand_id', '=', brandId)
      .where('content_hash', '=', contentHash)
      .executeTakeFirst();
    return row?.media_id;
  }

  /** Records that a file was imported as a title, so that a re-run imports it nothing twice. */
  async function recordImport(entry: {
    brandId: number;
    contentHash: string;
    mediaId: number;
    sourceName: string;
    storedPath: string;
  }): Promise<void> {
    await db
      .insertInto('media_imports')
      .values({
        brand_id: entry.brandId,
        content_hash: entry.contentHash,
        media_id: entry.mediaId,
        source_name: entry.sourceName,
        stored_path: entry.storedPath,
        created_at: isoNow(),
      })
      .execute();
  }

  /** The ids of people by name, each made (slug from the name) where no person has its slug. */
  async function findOrCreatePeople(names: readonly string[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const name of names) {
      const slug = slugify(name, IMPORTED_SLUG_LENGTH);
      await db
        .insertInto('people')
        .values({ slug, title: name })
        .onConflict((conflict) => conflict.column('slug').doNothing())
        .execute();
      const row = await db
        .selectFrom('people')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      ids.set(name, row.id);
    }
    return ids;
  }

  /** The ids of top-level genres of a media type by name, each made where none has its slug. */
  async function findOrCreateGenres(mediaType: MediaType, names: readonly string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const slug = slugify(name, IMPORTED_SLUG_LENGTH);
      await db
        .insertInto('genres')
        .values({ media_type: mediaType, slug, title: name, parent_id: null })
        .onConflict((conflict) => conflict.columns(['media_type', 'slug']).doNothing())
        .execute();
      const row = await db
        .selectFrom('genres')
        .select('id')
        .where('media_type', '=', mediaType)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return [...new Set(ids)];
  }

  /** A top-level title of the brand by its vendor id (an imported album's key). */
  async function findTopLevelByVendorId(
    brandId: number,
    vendorId: string,
  ): Promise<{ id: number; durationSeconds: number | null; thumbnailPath: string } | undefined> {
    const row = await db
      .selectFrom('media_items')
      .select(['id', 'duration_seconds', 'thumbnail_path'])
      .where('brand_id', '=', brandId)
      .where('vendor_id', '=', vendorId)
      .where('parent_id', 'is', null)
      .executeTakeFirst();
    return row && { id: row.id, durationSeconds: row.duration_seconds, thumbnailPath: row.thumbnail_path };
  }

  return {
    insertMedia,
    updateMedia,
    insertPerson,
    insertGenre,
    insertSlot,
    findBrandBySlug,
    findImportedMediaId,
    recordImport,
    findOrCreatePeople,
    findOrCreateGenres,
    findTopLevelByVendorId,
  };
}

export type CatalogWrites = ReturnType<typeof createCatalogWrites>;
