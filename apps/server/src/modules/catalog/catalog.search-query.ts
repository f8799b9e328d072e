import type { MediaType } from '@member/domain';
import { type RawBuilder, sql } from 'kysely';

import type { Dialect } from '../../db/database';
import { searchPrefixUpperBound } from './catalog.search-text';

/*
 * The search index walks titles in ranking order (docs/decisions/005, migration 0009): every search
 * row carries a rank key that sorts a title before every less popular one (then the newer id first),
 * so "the N best matches" is "the first N matches in index order", and a scan stops after N whatever
 * the number of matches (about 900,000 titles for "the" at 1M).
 *
 * - SQLite: the FTS5 rowid is `type << 60 | (2^28 - 1 - popularity) << 32 | (2^32 - 1 - id)`: the media
 *   type (SEARCH_TYPE_INDEX) in the top bits, so one type is a rowid range that FTS5 seeks to, then the
 *   rank, then the id, read back as the low 32 bits. `order by rowid limit n` inside a type's range
 *   walks the doclists in ranking order. The brand is the scope token `b<id>` (column `scope`, which
 *   no user word reaches). `media_search_keys` remembers each title's rowid, so a changed popularity
 *   deletes the old row.
 * - PostgreSQL: `media_search.rank` is the same key without the type bits (the type is a column), with
 *   a btree on (brand, type, rank) beside the GIN indexes, so a scan can walk rank order and stop
 *   (common words) or build the small GIN bitmap and sort it (rare words). The repository picks one per
 *   scan kind from the lexeme statistics (`pgSearchPlan`, read every 10 minutes), and a bitmap scan
 *   looks each word up as the whole lexemes it is a prefix of (`media_search_vocab`, migration 0010).
 *
 * A search is one statement of at most 2 scans per media type, each of at most `limit` rows: the
 * best title matches and the best matches in any field. Ranking is title matches first, then the
 * rank key; the first `limit` of each scan are enough for an exact top `limit` of that order.
 */

/** Popularity is clamped into 28 bits for the rank key; above it, titles tie and the newer id wins. */
export const SEARCH_RANK_MAX_POPULARITY = 268_435_455;
/** Ids are the key's low 32 bits. */
const ID_BITS = 2 ** 32;

/** The media type's 3 bits at the top of an FTS5 rowid; fixed forever (migration 0009 writes them out). */
export const SEARCH_TYPE_INDEX: Readonly<Record<MediaType, number>> = {
  audiobook: 0,
  ebook: 1,
  music: 2,
  movie: 3,
  game: 4,
  stream: 5,
  software: 6,
};
/** Rowids of one type: [index * 2^60, index * 2^60 + 2^60 - 1], as SQL literals (2^60 is no JS integer). */
function typeRange(type: MediaType): [RawBuilder<number>, RawBuilder<number>] {
  const index = SEARCH_TYPE_INDEX[type];
  return [
    sql.raw(`(${String(index)} * 1152921504606846976)`),
    sql.raw(`(${String(index)} * 1152921504606846976 + 1152921504606846975)`),
  ];
}

/** Terms a 4+ character prefix may expand to through the vocabulary before the engine's own prefix scan. */
export const SEARCH_PREFIX_EXPANSION_CAP = 128;
/** Shorter prefixes are served by FTS5's prefix indexes (`prefix = '2 3'`; the web sends 2+ characters). */
const EXPANDED_PREFIX_LENGTH = 4;

/**
 * The rank key of a title as SQL text over SQL integer expressions, written with literals only, since
 * a bound JavaScript number may reach SQLite as a REAL and a REAL key of 63 bits loses its low bits.
 * On SQLite it is the FTS5 rowid and holds the type index; PostgreSQL keeps the type in a column.
 * Migration 0009 writes the same expressions out.
 */
export function searchRankExpression(
  dialect: Dialect,
  popularity: string,
  id: string,
  typeIndex: string,
): string {
  const max = String(SEARCH_RANK_MAX_POPULARITY);
  return dialect === 'sqlite'
    ? `(cast(${typeIndex} as integer) * 1152921504606846976 + (${max} - min(max(cast(${popularity} as integer), 0), ${max})) * 4294967296 + (4294967295 - cast(${id} as integer)))`
    : `((${max}::bigint - least(greatest((${popularity})::bigint, 0), ${max}::bigint)) * 4294967296::bigint + (4294967295::bigint - (${id})::bigint))`;
}

/** The rank key of one title (integers from its row, inlined as literals). */
export function searchRankSql(dialect: Dialect, row: { popularity: number; id: number; mediaType: string }) {
  const popularity = Number.isFinite(row.popularity) ? Math.trunc(row.popularity) : 0;
  if (!Number.isSafeInteger(row.id) || row.id < 1 || row.id >= ID_BITS)
    throw new Error(`id ${String(row.id)} out of the search key's range`);
  const typeIndex = Object.hasOwn(SEARCH_TYPE_INDEX, row.mediaType)
    ? SEARCH_TYPE_INDEX[row.mediaType as MediaType]
    : 7;
  return sql.raw<number>(
    searchRankExpression(dialect, String(popularity), String(row.id), String(typeIndex)),
  );
}

/** The FTS5 scope token of a brand's titles (`b12`), matched only by an explicit column filter. */
export function searchScope(brandId: number): string {
  return `b${String(brandId)}`;
}

/**
 * One FTS5 query word as SQL text: a 4+ character prefix is expanded through `media_search_vocab`
 * into an OR of whole terms (FTS5 streams an OR in rowid order, while a prefix without a prefix index
 * merges every matching doclist whole before the first row); with no term, or more than the cap, the
 * engine's own prefix is used. Shorter words use the prefix indexes. Terms are letters and digits.
 */
function fts5Word(term: string): RawBuilder<string> {
  const prefix = sql<string>`${`"${term}"*`}`;
  if (term.length < EXPANDED_PREFIX_LENGTH) return prefix;
  return sql<string>`(select case when count(*) between 1 and ${SEARCH_PREFIX_EXPANSION_CAP}
      then '(' || group_concat('"' || term || '"', ' OR ') || ')' else ${prefix} end
    from (select term from media_search_vocab where term >= ${term} and term < ${searchPrefixUpperBound(term)}
      order by term limit ${SEARCH_PREFIX_EXPANSION_CAP + 1}))`;
}

export interface SearchScanOptions {
  dialect: Dialect;
  brandId: number;
  terms: readonly string[];
  types: readonly MediaType[];
  perType: number;
  /** Keeps titles (alias m) playable in the request's country; null when every title qualifies. */
  geo: RawBuilder<boolean> | null;
}

interface Candidate {
  id: number;
  score: number;
  rank: number;
}

/**
 * The candidates of a search: `(id, score, rank)`, score 0 for a title match, 1 for any field. On
 * PostgreSQL with the plan the repository chose from the word statistics and the vocabulary.
 */
export function searchCandidates(
  options: SearchScanOptions,
  pgPlan: PgSearchPlan | null,
): RawBuilder<Candidate> {
  if (options.dialect === 'sqlite') return sqliteCandidates(options);
  if (pgPlan === null) throw new Error('a PostgreSQL search needs its plan');
  return pgCandidates(options, pgPlan);
}

/** Per type, the first `limit` title matches and the first `limit` matches in any field. */
function sqliteCandidates(options: SearchScanOptions) {
  const words = sql.join(
    options.terms.map((term) => fts5Word(term)),
    sql` || ' AND ' || `,
  );
  const scope = `scope : "${searchScope(options.brandId)}" AND `;
  const titleMatch = sql<string>`${`${scope}title : (`} || ${words} || ')'`;
  const anyMatch = sql<string>`${`${scope}{title people description} : (`} || ${words} || ')'`;
  // Measured: skipping the all-field scan of a type whose title scan is full (a CTE and a CASE in the
  // MATCH) cost more than it saved, so both scans always run; each stops at the limit.
  const scans = options.types.flatMap((type) => [
    sqliteScan(options, type, sql.raw('media_search_title'), titleMatch, 0),
    sqliteScan(options, type, sql.raw('media_search'), anyMatch, 1),
  ]);
  return sql<Candidate>`select id, min(score) as score, min(rank) as rank from (
      ${sql.join(scans, sql` union all `)}
    ) scans group by id`;
}

function sqliteScan(
  options: SearchScanOptions,
  type: MediaType,
  table: RawBuilder<unknown>,
  match: RawBuilder<string>,
  score: 0 | 1,
) {
  const [low, high] = typeRange(type);
  const id = sql`(4294967295 - (s.rowid % 4294967296))`;
  // FTS5 is the outer loop, in rowid (ranking) order inside the type's range; the title is read by
  // primary key only for the country filter, so the scan still stops at the limit.
  return options.geo === null
    ? sql`select * from (select ${type} as type, ${id} as id, ${sql.lit(score)} as score, s.rowid as rank
        from ${table} s
        where ${table} match ${match} and s.rowid between ${low} and ${high}
        order by s.rowid limit ${options.perType})`
    : sql`select * from (select ${type} as type, ${id} as id, ${sql.lit(score)} as score, s.rowid as rank
        from ${table} s cross join media_items m on m.id = ${id}
        where ${table} match ${match} and s.rowid between ${low} and ${high} and ${options.geo}
        order by s.rowid limit ${options.perType})`;
}

/**
 * A word in at least this share of titles is searched by walking each type's titles in rank order
 * (about `limit / share` rows per type); a rarer one by its GIN bitmap, built once for all types and
 * sorted. Measured crossover at 1M titles with the benchmark's type mix: about 2 %.
 */
export const SEARCH_WALK_MIN_FREQUENCY = 0.02;

/** The two PostgreSQL search documents: titles alone, and every field. */
export type PgSearchColumn = 'title_document' | 'document';

/**
 * The lexeme statistics that pick a PostgreSQL plan: `pg_stats` most common elements of both search
 * documents (statistics target 1000, migration 0009). One row per document; none before ANALYZE.
 */
export function pgLexemeStatisticsQuery() {
  return sql<{ column: PgSearchColumn; lexemes: string[] | null; frequencies: number[] | null }>`
    select attname as column, most_common_elems::text::text[] as lexemes,
      most_common_elem_freqs as frequencies
    from pg_stats
    where schemaname = current_schema() and tablename = 'media_search'
      and attname in ('title_document', 'document')`;
}

/** Each document's most common lexemes with their share of rows, as `pgLexemeStatisticsQuery` reads them. */
export type PgLexemeStatistics = ReadonlyMap<PgSearchColumn, ReadonlyMap<string, number>>;

/**
 * The share of rows a query's words match, estimated from the lexeme statistics: each word, as a
 * prefix, sums the shares of its lexemes; words multiply. A word below the list counts as rare.
 */
export function pgQueryShare(
  statistics: PgLexemeStatistics,
  column: PgSearchColumn,
  terms: readonly string[],
): number {
  const lexemes = statistics.get(column);
  if (!lexemes) return 0;
  return terms.reduce((product, term) => {
    let share = 0;
    for (const [lexeme, frequency] of lexemes) if (lexeme.startsWith(term)) share += frequency;
    return product * Math.max(share, 1e-9);
  }, 1);
}

/** Whether each document is searched by walking rank order (common words) or by its GIN bitmap. */
export type PgSearchPlan = Readonly<Record<PgSearchColumn, 'walk' | 'bitmap'>>;

/** The plan for a query's words: a walk where they match at least SEARCH_WALK_MIN_FREQUENCY of rows. */
export function pgSearchPlan(statistics: PgLexemeStatistics, terms: readonly string[]): PgSearchPlan {
  const kind = (column: PgSearchColumn) =>
    pgQueryShare(statistics, column, terms) >= SEARCH_WALK_MIN_FREQUENCY ? 'walk' : 'bitmap';
  return { title_document: kind('title_document'), document: kind('document') };
}

/**
 * One query word as a tsquery for the GIN index: the OR of the whole lexemes it is a prefix of
 * (`media_search_vocab`, migration 0010), which the index answers by intersecting posting lists;
 * with none, or more than the cap, the engine's prefix (`word:*`, tokenized like the documents), for
 * which it first collects every matching lexeme's postings into a bitmap (about 6 times slower at
 * 1M titles). The vocabulary holds lexemes of the folded documents, letters and digits only, so
 * doubling quotes is all the quoting they need.
 */
function pgWord(term: string): RawBuilder<unknown> {
  const prefix = sql`to_tsquery('simple'::regconfig, ${`${term}:*`}::text)`;
  return sql`coalesce((select case when count(*) between 1 and ${SEARCH_PREFIX_EXPANSION_CAP}
      then string_agg('''' || replace(v.term, '''', '''''') || '''', ' | ')::tsquery end
    from (select term from media_search_vocab where term >= ${term} and term < ${searchPrefixUpperBound(term)}
      order by term limit ${SEARCH_PREFIX_EXPANSION_CAP + 1}) v), ${prefix})`;
}

/** The tsquery of a search as prefixes, for testing titles one by one in a rank-order walk. */
function pgPrefixQuery(terms: readonly string[]): RawBuilder<unknown> {
  return sql`to_tsquery('simple'::regconfig, ${terms.map((term) => `${term}:*`).join(' & ')}::text)`;
}

/**
 * Per scan kind (title, any field), the plan chosen beforehand from the word statistics: per type, a
 * walk of (brand_id, media_type, rank) that tests each title with `ts_match_vq` (not indexable, so the
 * planner cannot swap in a bitmap AND of the brand's 50,000-row btree bitmap, which cost 50 ms); or
 * one GIN bitmap scan for all types (the brand is compared as `brand_id + 0`, so no btree bitmap is
 * ANDed in), ranked with row_number. The all-field scans are skipped for types whose title scan is
 * full, and the all-field bitmap as a whole when every type's is.
 */
function pgCandidates(options: SearchScanOptions, plan: PgSearchPlan) {
  const titleKind = pgKind(options, plan, 'title_document', 0);
  const anyKind = pgKind(options, plan, 'document', 1);
  // The words' lexemes are looked up once, for both bitmap scans.
  const exact = Object.values(plan).includes('bitmap')
    ? sql`exact as materialized (select ${sql.join(options.terms.map(pgWord), sql` && `)} as query),`
    : sql``;
  return sql<Candidate>`with ${exact} title_hits as materialized (${titleKind})
    select id, min(score) as score, min(rank) as rank from (
      select type, id, score, rank from title_hits union all ${anyKind}
    ) scans group by id`;
}

function pgKind(options: SearchScanOptions, plan: PgSearchPlan, column: PgSearchColumn, score: 0 | 1) {
  const document = sql.ref(`s.${column}`);
  const join = options.geo === null ? sql`` : sql`join media_items m on m.id = s.media_id`;
  const geo = options.geo ?? sql`true`;
  const typeFull = (type: RawBuilder<unknown>) =>
    score === 0
      ? sql`false`
      : sql`(select count(*) from title_hits h where h.type = ${type}) >= ${options.perType}`;
  if (plan[column] === 'walk') {
    const query = pgPrefixQuery(options.terms);
    const walks = options.types.map(
      (type) => sql`(select ${type}::text as type, s.media_id as id, ${sql.lit(score)}::int as score, s.rank
        from media_search s ${join}
        where not ${typeFull(sql`${type}::text`)}
          and s.brand_id = ${options.brandId} and s.media_type = ${type}
          and ts_match_vq(${document}, ${query}) and ${geo}
        order by s.rank limit ${options.perType})`,
    );
    return sql.join(walks, sql` union all `);
  }
  const someTypeOpen =
    score === 0
      ? sql`true`
      : sql`(select count(*) from title_hits) < ${options.perType * options.types.length}`;
  return sql`(select type, id, score, rank from (
      select s.media_type as type, s.media_id as id, ${sql.lit(score)}::int as score, s.rank,
        row_number() over (partition by s.media_type order by s.rank) as type_rank
      from media_search s ${join}
      where ${someTypeOpen} and ${document} @@ (select query from exact) and s.brand_id + 0 = ${options.brandId}
        and s.media_type in (${sql.join([...options.types])}) and ${geo}
    ) ranked where type_rank <= ${options.perType} and not ${typeFull(sql`ranked.type`)})`;
}

/*
 * Counts and pages of one type (issue 14 item 6, docs/decisions/036).
 *
 * A count reads at most `cap + 1` matches per type, in any field, and stops: "the" matches most of a
 * 1M-title catalog, and counting it whole would be a walk of every match. The web shows "1,000+" past
 * the cap. A page of one type walks the same order as the search (title matches first, then the
 * rank key) from a cursor: the title matches after the cursor's key, then the matches in other fields
 * alone (any field, not the title), each a range of the index in key order that stops at the page.
 */

/**
 * On PostgreSQL a count walks rank order only for words in at least this share of titles (it reads
 * about `cap / share` rows per type), and uses the GIN bitmap below it.
 */
export const SEARCH_COUNT_WALK_MIN_FREQUENCY = 0.2;

/** Rows `(type, seen)`: per type, how many matches the count saw, at most `cap + 1`. */
export function searchCountsQuery(
  options: Omit<SearchScanOptions, 'perType'> & { cap: number },
  pgShare: number | null,
): RawBuilder<{ type: string; seen: number | string }> {
  const limit = options.cap + 1;
  if (options.dialect === 'sqlite') {
    const words = sql.join(
      options.terms.map((term) => fts5Word(term)),
      sql` || ' AND ' || `,
    );
    const anyMatch = sql<string>`${`scope : "${searchScope(options.brandId)}" AND {title people description} : (`} || ${words} || ')'`;
    const id = sql`(4294967295 - (s.rowid % 4294967296))`;
    const counts = options.types.map((type) => {
      const [low, high] = typeRange(type);
      const rows =
        options.geo === null
          ? sql`select 1 from media_search s where media_search match ${anyMatch} and s.rowid between ${low} and ${high} limit ${limit}`
          : sql`select 1 from media_search s cross join media_items m on m.id = ${id}
              where media_search match ${anyMatch} and s.rowid between ${low} and ${high} and ${options.geo} limit ${limit}`;
      return sql`select ${type} as type, (select count(*) from (${rows})) as seen`;
    });
    return sql<{ type: string; seen: number }>`${sql.join(counts, sql` union all `)}`;
  }
  const join = options.geo === null ? sql`` : sql`join media_items m on m.id = s.media_id`;
  const geo = options.geo ?? sql`true`;
  const walk = (pgShare ?? 0) >= SEARCH_COUNT_WALK_MIN_FREQUENCY;
  const counts = options.types.map((type) => {
    const rows = walk
      ? sql`select 1 from media_search s ${join}
          where s.brand_id = ${options.brandId} and s.media_type = ${type}
            and ts_match_vq(s.document, ${pgPrefixQuery(options.terms)}) and ${geo}
          order by s.rank limit ${limit}`
      : sql`select 1 from media_search s ${join}
          where s.document @@ (select query from exact) and s.brand_id + 0 = ${options.brandId}
            and s.media_type = ${type} and ${geo}
          limit ${limit}`;
    return sql`select ${type}::text as type, (select count(*) from (${rows}) c)::int as seen`;
  });
  const exact = walk
    ? sql``
    : sql`with exact as materialized (select ${sql.join(options.terms.map(pgWord), sql` && `)} as query) `;
  return sql<{ type: string; seen: number }>`${exact}${sql.join(counts, sql` union all `)}`;
}

/** Where a page of one type's results continues: the tier (0 title matches, 1 others) and the key. */
export interface SearchPagePosition {
  tier: 0 | 1;
  /** The last row's rank key as decimal text (63 bits on SQLite: no JavaScript number holds it). */
  rank: string | null;
}

/** Rows `(id, rank)` of one tier of one type after a key, in key order, at most `limit`. */
export function searchPageQuery(
  options: Omit<SearchScanOptions, 'perType' | 'types'> & {
    type: MediaType;
    limit: number;
    position: SearchPagePosition;
  },
  pgPlan: PgSearchPlan | null,
): RawBuilder<{ id: number | string; rank: string }> {
  const { position, type, limit } = options;
  if (options.dialect === 'sqlite') {
    const words = sql.join(
      options.terms.map((term) => fts5Word(term)),
      sql` || ' AND ' || `,
    );
    const scope = `scope : "${searchScope(options.brandId)}" AND `;
    const table = position.tier === 0 ? sql.raw('media_search_title') : sql.raw('media_search');
    const match =
      position.tier === 0
        ? sql<string>`${`${scope}title : (`} || ${words} || ')'`
        : sql<string>`${`${scope}({title people description} : (`} || ${words} || ') NOT title : (' || ${words} || '))'`;
    const [low, high] = typeRange(type);
    const id = sql`(4294967295 - (s.rowid % 4294967296))`;
    const after = position.rank === null ? sql`` : sql`and s.rowid > cast(${position.rank} as integer)`;
    const join = options.geo === null ? sql`` : sql`cross join media_items m on m.id = ${id}`;
    const geo = options.geo ?? sql`1 = 1`;
    return sql<{ id: number; rank: string }>`select ${id} as id, cast(s.rowid as text) as rank
      from ${table} s ${join}
      where ${table} match ${match} and s.rowid between ${low} and ${high} ${after} and ${geo}
      order by s.rowid limit ${limit}`;
  }
  if (pgPlan === null) throw new Error('a PostgreSQL search needs its plan');
  const column: PgSearchColumn = position.tier === 0 ? 'title_document' : 'document';
  const join = options.geo === null ? sql`` : sql`join media_items m on m.id = s.media_id`;
  const geo = options.geo ?? sql`true`;
  const after = position.rank === null ? sql`` : sql`and s.rank > ${position.rank}::bigint`;
  if (pgPlan[column] === 'walk') {
    const query = pgPrefixQuery(options.terms);
    const notTitle = position.tier === 0 ? sql`` : sql`and not ts_match_vq(s.title_document, ${query})`;
    return sql<{ id: number; rank: string }>`select s.media_id as id, s.rank::text as rank
      from media_search s ${join}
      where s.brand_id = ${options.brandId} and s.media_type = ${type} ${after}
        and ts_match_vq(${sql.ref(`s.${column}`)}, ${query}) ${notTitle} and ${geo}
      order by s.rank limit ${limit}`;
  }
  const notTitle = position.tier === 0 ? sql`` : sql`and not (s.title_document @@ (select query from exact))`;
  return sql<{ id: number; rank: string }>`with exact as materialized (
      select ${sql.join(options.terms.map(pgWord), sql` && `)} as query)
    select s.media_id as id, s.rank::text as rank
    from media_search s ${join}
    where ${sql.ref(`s.${column}`)} @@ (select query from exact) ${notTitle}
      and s.brand_id + 0 = ${options.brandId} and s.media_type = ${type} ${after} and ${geo}
    order by s.rank limit ${limit}`;
}
