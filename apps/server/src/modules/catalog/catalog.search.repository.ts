import {
  MEDIA_TYPES,
  type MediaType,
  SEARCH_COUNT_CAP,
  type SearchCount,
  cappedCount,
  isMediaType,
} from '@member/domain';
import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { decodeSearchCursor, encodeSearchCursor } from './catalog.cursor';
import {
  CARD_COLUMNS,
  type CardRow,
  type MediaCard,
  type Page,
  type SearchOptions,
  toCard,
} from './catalog.records';
import {
  type PgLexemeStatistics,
  type SearchPagePosition,
  pgLexemeStatisticsQuery,
  pgQueryShare,
  pgSearchPlan,
  searchCandidates,
  searchCountsQuery,
  searchPageQuery,
  searchRankSql,
  searchScope,
} from './catalog.search-query';
import { searchDocument, searchTerms, searchWords } from './catalog.search-text';
import { clampLimit, geoPattern, inCountry, inTransaction, localeOf, localizedTitle } from './catalog.sql';

/*
 * The catalog's search (docs/decisions/005-catalog-search.md): the query over the search index, and
 * the writes that keep the index in step with the titles.
 */

const DEFAULT_SEARCH_PER_TYPE = 10;
const MAX_SEARCH_PER_TYPE = 50;

/** Words written to the search vocabulary per statement (SQLite's bound-parameter limit). */
const VOCAB_BATCH = 500;
/**
 * How long PostgreSQL's lexeme statistics are reused for choosing search plans: they change only when
 * the table is analyzed, and a stale choice costs time, never a wrong answer.
 */
const LEXEME_STATISTICS_TTL_MS = 10 * 60_000;

export function createCatalogSearch(db: Kysely<Database>, dialect: Dialect) {
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

  /**
   * Per media type, how many titles match in any field, counted up to SEARCH_COUNT_CAP (decision 036):
   * each count reads at most the cap and one more, so its cost follows the cap, not the matches.
   * Types without a match are left out.
   */
  async function searchCounts(
    brandId: number,
    query: string,
    options: Pick<SearchOptions, 'mediaTypes' | 'country'> = {},
  ): Promise<Map<MediaType, SearchCount>> {
    const terms = searchTerms(query);
    const types = MEDIA_TYPES.filter((type) => (options.mediaTypes ?? MEDIA_TYPES).includes(type));
    if (terms.length === 0 || types.length === 0) return new Map();
    const share = dialect === 'postgres' ? pgQueryShare(await pgLexemeStatistics(), 'document', terms) : null;
    const { rows } = await searchCountsQuery(
      {
        dialect,
        brandId,
        terms,
        types,
        cap: SEARCH_COUNT_CAP,
        geo: geoPattern(options.country) === null ? null : inCountry(options.country),
      },
      share,
    ).execute(db);
    const counts = new Map<MediaType, SearchCount>();
    for (const row of rows) {
      const seen = Number(row.seen);
      if (isMediaType(row.type) && seen > 0) counts.set(row.type, cappedCount(seen));
    }
    return counts;
  }

  /**
   * A keyset page of one media type's results in the search's order (title matches first, then the
   * rank key): the title matches after the cursor, then the matches in other fields only. At most two
   * statements of at most `limit + 1` index rows, then the cards by primary key.
   */
  async function searchPage(
    brandId: number,
    query: string,
    mediaType: MediaType,
    after: string | null,
    limit: number,
    options: Pick<SearchOptions, 'country' | 'locale'> = {},
  ): Promise<Page<MediaCard>> {
    const terms = searchTerms(query);
    const start = decodeSearchCursor(after);
    if (terms.length === 0) return { items: [], nextCursor: null };
    const size = clampLimit(limit);
    const plan = dialect === 'postgres' ? pgSearchPlan(await pgLexemeStatistics(), terms) : null;
    const geo = geoPattern(options.country) === null ? null : inCountry(options.country);
    const read = async (position: SearchPagePosition, wanted: number) => {
      const { rows } = await searchPageQuery(
        { dialect, brandId, terms, geo, type: mediaType, limit: wanted, position },
        plan,
      ).execute(db);
      return rows.map((row) => ({ id: Number(row.id), rank: row.rank, tier: position.tier }));
    };
    const found = start?.tier === 1 ? [] : await read({ tier: 0, rank: start?.rank ?? null }, size + 1);
    if (found.length <= size)
      found.push(
        ...(await read({ tier: 1, rank: start?.tier === 1 ? start.rank : null }, size + 1 - found.length)),
      );
    const shown = found.slice(0, size);
    const last = shown.at(-1);
    const nextCursor = found.length > size && last ? encodeSearchCursor(last.tier, last.rank) : null;
    if (shown.length === 0) return { items: [], nextCursor: null };
    const columns = sql.join([
      ...CARD_COLUMNS.map((column) => sql.ref(column)),
      sql`${localizedTitle(localeOf(options.locale))} as title`,
    ]);
    const { rows } = await sql<CardRow>`select ${columns} from media_items m
      where m.id in (${sql.join(shown.map((row) => row.id))}) and m.brand_id = ${brandId}
        and m.parent_id is null and m.media_type = ${mediaType}`.execute(db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const items = shown.flatMap((row) => {
      const card = byId.get(row.id);
      return card ? [toCard(card, mediaType)] : [];
    });
    return { items, nextCursor };
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
    if (ids.length > 0) await inTransaction(db, (trx) => writeSearchRows(trx, dialect, ids));
  }

  return { search, searchCounts, searchPage, listSearchTexts, reindexTitles };
}

/**
 * Writes the search rows of titles from their current title and every translated title, people
 * and description, under their brand and type scope and their rank key (migration 0009). Called
 * when any of those or the popularity changes.
 */
export async function writeSearchRows(
  trx: Kysely<Database>,
  dialect: Dialect,
  ids: readonly number[],
): Promise<void> {
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
