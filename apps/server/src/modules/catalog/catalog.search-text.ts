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
/**
 * Scripts written without spaces between words (Japanese kanji, hiragana and katakana with its length
 * mark; Chinese): a run of them is searched as overlapping character pairs, not as one word.
 */
const UNSPACED_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+)/u;

/** Compatibility decomposition, combining marks dropped, lower case: "Amélie" -> "amelie", "ﬁ" -> "fi". */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Folded runs of letters and digits, each split where an unspaced script starts or ends. */
function searchPieces(text: string): string[] {
  return (foldForSearch(text).match(WORD) ?? []).flatMap((word) =>
    word.split(UNSPACED_RUN).filter((piece) => piece !== ''),
  );
}

/** Whether a text holds an unspaced script (Japanese, Chinese), which analysis 2 indexes as pairs. */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED_RUN.test(text);
}

/**
 * A run of an unspaced script as overlapping pairs: 静かな港 gives 静か かな な港, so that 港 and かな are
 * found inside it (as Lucene's CJK bigrams do). The index also keeps the last character alone, so that
 * a one-character query (a prefix) finds every position.
 */
function characterPairs(run: string, keepLast: boolean): string[] {
  // Code points are the characters here: folding removed the combining marks (voicing marks too).
  const characters = Array.from(run);
  if (characters.length < 2) return characters;
  const pairs = characters.slice(0, -1).map((character, i) => character + (characters[i + 1] ?? ''));
  return keepLast ? [...pairs, characters.at(-1) ?? ''] : pairs;
}

/**
 * The folded words of a text, as the index holds them: runs of letters and digits (everything else
 * separates words), and runs of unspaced scripts as character pairs.
 */
export function searchWords(text: string): string[] {
  return searchPieces(text).flatMap((piece) =>
    hasUnspacedScript(piece) ? characterPairs(piece, true) : [piece],
  );
}

/** Indexed text: folded words joined by spaces, so neither engine's parser sees punctuation. */
export function searchDocument(text: string): string {
  return searchWords(text).join(' ');
}

/**
 * The words of a user's query, at most MAX_QUERY_TERMS, each a prefix for type-ahead; a run of an
 * unspaced script gives its character pairs (one character alone is a prefix of the index's pairs).
 * Only letters and digits survive, so quotes, `*`, `-`, parentheses and `NEAR(...)` can never reach the
 * engine's query syntax; every term is quoted (FTS5) or a plain lexeme (tsquery) there as well.
 */
export function searchTerms(query: string): string[] {
  const words = searchPieces(query.slice(0, MAX_QUERY_LENGTH)).flatMap((piece) =>
    hasUnspacedScript(piece) ? characterPairs(piece, false) : [piece.slice(0, MAX_TERM_LENGTH)],
  );
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/**
 * The least text greater than every text that starts with `prefix` (byte order of UTF-8, SQLite's
 * BINARY collation): `prefix` followed by U+10FFFF, which no folded word holds.
 */
export function searchPrefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
