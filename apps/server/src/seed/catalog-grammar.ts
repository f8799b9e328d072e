/*
 * English grammar for the demo catalog's generated titles and descriptions (issue 14 item 16): the
 * article before a word ("an Orchard", "a Harbor") and a noun's plural ("Compasses", "Echoes"). The word
 * lists are small and known (catalog-words.ts), so the rules cover them exactly; a test runs every
 * generated title and description through the checks at the bottom of this file.
 */

/** Words spelled with a vowel but said with a consonant (a "one…", a "you…"), or the reverse. */
const CONSONANT_SOUND = /^(one|once|uni|use|usu|uti|eu|ewe)/i;
const VOWEL_SOUND = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an", as said before `word`. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const trimmed = word.trim();
  if (VOWEL_SOUND.test(trimmed)) return 'an';
  if (CONSONANT_SOUND.test(trimmed)) return 'a';
  return /^[aeiou]/i.test(trimmed) ? 'an' : 'a';
}

/** `word` after its article; `capital` starts the article with a capital ("An Orchard in Lisbon"). */
export function withArticle(word: string, capital = false): string {
  const article = indefiniteArticle(word);
  return `${capital ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${word}`;
}

/** Nouns whose plural is not the regular one. */
const IRREGULAR_PLURALS: Record<string, string> = { echo: 'echoes', hero: 'heroes', potato: 'potatoes' };

/** The plural of an English noun of the demo lists, keeping its capital. */
export function pluralOf(noun: string): string {
  const lower = noun.toLowerCase();
  const irregular = IRREGULAR_PLURALS[lower];
  let plural: string;
  if (irregular) plural = irregular;
  else if (/(s|x|z|ch|sh)$/.test(lower)) plural = `${lower}es`;
  else if (/[^aeiou]y$/.test(lower)) plural = `${lower.slice(0, -1)}ies`;
  else plural = `${lower}s`;
  const capital = /^\p{Lu}/u.test(noun);
  return capital ? plural.charAt(0).toUpperCase() + plural.slice(1) : plural;
}

/**
 * What is wrong with an English text of the demo catalog, or an empty list: an article that does not
 * fit the next word ("A Orchard", "an Harbor"), a plural made by adding "s" to a word ending in s, x,
 * z, ch or sh ("Compasss"), doubled words ("the the"), doubled spaces or spaces before punctuation.
 */
export function grammarProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/\b(a|an)\s+([\p{L}]+)/giu)) {
    const [, article = '', next = ''] = match;
    if (article.toLowerCase() !== indefiniteArticle(next)) problems.push(`"${match[0]}"`);
  }
  for (const match of text.matchAll(/\b\p{L}*(?:ss|x|z|ch|sh)s\b/giu)) problems.push(`"${match[0]}"`);
  for (const match of text.matchAll(/\b(\p{L}+)\s+\1\b/giu)) problems.push(`"${match[0]}"`);
  if (/ {2}| [,.:;!?]/.test(text)) problems.push('spacing');
  return problems;
}
