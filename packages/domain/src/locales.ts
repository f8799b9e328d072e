/** The eight interface languages (spec section 1); en-us is the default and the fallback. */
export const LOCALES = ['en-us', 'fr-ca', 'de-de', 'it-it', 'pt-pt', 'es-es', 'ja-jp', 'my-ms'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tag for Intl APIs and the `lang` attribute (the spec's `my-ms` is Malay, `ms-MY`). */
export const LOCALE_BCP47: Record<Locale, string> = {
  'en-us': 'en-US',
  'fr-ca': 'fr-CA',
  'de-de': 'de-DE',
  'it-it': 'it-IT',
  'pt-pt': 'pt-PT',
  'es-es': 'es-ES',
  'ja-jp': 'ja-JP',
  'my-ms': 'ms-MY',
};

/**
 * The language a person sees: their stored preference when the brand offers it, otherwise en-us when
 * the brand offers it, otherwise the brand's first language (spec sections 1 and 4).
 */
export function chooseLocale(
  preference: string | null | undefined,
  brandLanguages: readonly Locale[],
): Locale {
  if (
    preference &&
    isLocale(preference) &&
    (brandLanguages.length === 0 || brandLanguages.includes(preference))
  ) {
    return preference;
  }
  if (brandLanguages.length === 0 || brandLanguages.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE;
  return brandLanguages[0] ?? DEFAULT_LOCALE;
}
