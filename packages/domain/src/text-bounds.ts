/*
 * Input is bounded by its raw length (UTF-16 code units, a cheap `.length`) before any per-character
 * work: normalising, trimming, regular expressions, segmenting into characters. Segmenting is the costly
 * one: V8's Intl.Segmenter copies the whole text into every segment it returns, so counting the
 * characters of a 60,000-character name took tens of seconds and gigabytes (issue 12, item 2).
 */

/**
 * Code units allowed per character of a limit before the text is counted at all: a character is one
 * or two units (a surrogate pair), with combining marks or an emoji sequence rarely more than four.
 */
export const RAW_LENGTH_FACTOR = 4;

/** The raw length beyond which text limited to `maxCharacters` is refused without being looked at. */
export function rawLengthLimit(maxCharacters: number): number {
  return maxCharacters * RAW_LENGTH_FACTOR;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * Whether text has more than `maxCharacters` characters as people count them (grapheme clusters: é
 * written with a combining accent, or a flag, is one). Text beyond `rawLengthLimit` is too long without
 * being segmented, and counting stops at the first character over the limit.
 */
export function isLongerThan(text: string, maxCharacters: number): boolean {
  // A character is at least one code unit, so short text needs no counting either.
  if (text.length <= maxCharacters) return false;
  if (text.length > rawLengthLimit(maxCharacters)) return true;
  segmenter ??= new Intl.Segmenter();
  let count = 0;
  for (const _segment of segmenter.segment(text)) {
    count += 1;
    if (count > maxCharacters) return true;
  }
  return false;
}
