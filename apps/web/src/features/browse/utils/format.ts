import { LOCALE_BCP47, type Locale } from '@member/domain';

function displayName(type: 'language' | 'region', code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames(LOCALE_BCP47[locale], { type, fallback: 'code' }).of(code) ?? code;
  } catch {
    // Not a well-formed code: show it as the catalog has it.
    return code;
  }
}

/** A language code ("fr") as a name in the member's language ("French"). */
export function languageName(code: string, locale: Locale): string {
  return displayName('language', code, locale);
}

/** An ISO country code ("JP") as a name in the member's language ("Japan"). */
export function countryName(code: string, locale: Locale): string {
  return displayName('region', code, locale);
}
