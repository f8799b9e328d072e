import { isLocale } from '@member/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';

import type { Database } from '../../db/schema';
import type { Page } from './catalog.records';
import { encodeCursor } from './catalog.cursor';

/*
 * SQL pieces the catalog's reads, search and writes share: localized columns, the country filter,
 * page sizes and keyset pages, and joining the caller's transaction.
 */

/** Page sizes a caller may ask for; anything outside is clamped. */
export const DEFAULT_PAGE_SIZE = 24;
const MAX_PAGE_SIZE = 100;

/** A known locale, else null (the original text). */
export function localeOf(locale: string | null | undefined): string | null {
  return locale && isLocale(locale) ? locale : null;
}

/**
 * The title of item `m` in `locale`, falling back to the original: a scalar sub-select by primary key,
 * so a translated list is still one statement.
 */
export function localizedTitle(locale: string | null): RawBuilder<string> {
  return locale === null
    ? sql<string>`m.title`
    : sql<string>`coalesce((select t.title from media_translations t where t.media_id = m.id and t.locale = ${locale}), m.title)`;
}

/** A genre's name (table alias `alias`) in `locale`, falling back to the original. */
export function localizedGenre(alias: 'g' | 'parent', locale: string | null): RawBuilder<string> {
  const ref = sql.ref(`${alias}.id`);
  const title = sql.ref(`${alias}.title`);
  return locale === null
    ? sql<string>`${title}`
    : sql<string>`coalesce((select gt.title from genre_translations gt where gt.genre_id = ${ref} and gt.locale = ${locale}), ${title})`;
}

/** Translated title and description of item `m` as `t_title` / `t_description` (null: untranslated). */
export function translationColumns(locale: string | null) {
  const pick = (column: 'title' | 'description') =>
    locale === null
      ? sql<string | null>`null`
      : sql<
          string | null
        >`(select t.${sql.ref(column)} from media_translations t where t.media_id = m.id and t.locale = ${locale})`;
  return [pick('title').as('t_title'), pick('description').as('t_description')];
}

/** A row with its title and description in the locale of translationColumns where translated. */
export function translated<
  R extends { title: string; description: string; t_title: string | null; t_description: string | null },
>(row: R): R {
  return { ...row, title: row.t_title ?? row.title, description: row.t_description ?? row.description };
}

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
}

/** A keyset page of `limit` items from `limit + 1` rows: the extra row says there is a next page. */
export function toPage<R extends { id: number }, T>(
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
export function geoPattern(country: string | null | undefined): string | null {
  if (country === undefined || country === null) return null;
  const code = country.toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? `%"${code}"%` : '%"--"%';
}

/** Keeps titles (alias m) playable in `country`, all when it is undefined; see geoPattern. */
export function inCountry(country: string | null | undefined) {
  const pattern = geoPattern(country);
  return pattern === null
    ? sql<boolean>`1 = 1`
    : sql<boolean>`(m.geo_allow is null or m.geo_allow like ${pattern})`;
}

/** Runs `work` in `db`'s transaction when it is one, else in a new one. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
