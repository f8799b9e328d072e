import { LOCALE_BCP47, type Locale } from '@member/domain';

/**
 * The unit word for `count` units: the item's plural (`trees`) unless the language's plural rules call
 * the count "one" (English 1, French 0 and 1). Japanese and Malay have no plural: their items give the
 * same word twice.
 */
export function unitFor(item: { unit: string; unitPlural: string }, count: number, locale: Locale): string {
  return new Intl.PluralRules(LOCALE_BCP47[locale]).select(count) === 'one' ? item.unit : item.unitPlural;
}
