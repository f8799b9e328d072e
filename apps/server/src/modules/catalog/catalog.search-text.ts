/*
 * Search text is folded and split the same way for the index and for queries, on both engines
 * (docs/decisions/005): PostgreSQL's `unaccent` extension is not installable everywhere, and doing it
 * here keeps SQLite FTS5 and PostgreSQL full-text in agreement on what a word is.
 */

/** Longest query the search box may send; longer input is cut, never refused. */
export const MAX_QUERY_LENGTH = 200;
/** Words of one query that are searched; the rest are ignored. */
export const MAX_QUERY_TERMS = 8;
const MAX_TERM_LENGTH = 64;

const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Compatibility decomposition, combining marks dropped, lower case: "Amélie" -> "amelie", "ﬁ" -> "fi". */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The folded words of a text: runs of letters and digits. Everything else separates words. */
export function searchWords(text: string): string[] {
  return foldForSearch(text).match(WORD) ?? [];
}

/** Indexed text: folded words joined by spaces, so neither engine's parser sees punctuation. */
export function searchDocument(text: string): string {
  return searchWords(text).join(' ');
}

/**
 * The words of a user's query, at most MAX_QUERY_TERMS, each a prefix for type-ahead. Only letters
 * and digits survive, so quotes, `*`, `-`, parentheses and `NEAR(...)` can never reach the engine's
 * query syntax; every term is quoted (FTS5) or a plain lexeme (tsquery) there as well.
 */
export function searchTerms(query: string): string[] {
  const words = searchWords(query.slice(0, MAX_QUERY_LENGTH)).map((word) => word.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/**
 * The least text greater than every text that starts with `prefix` (byte order of UTF-8, SQLite's
 * BINARY collation): `prefix` followed by U+10FFFF, which no folded word holds.
 */
export function searchPrefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
