import type { Locale } from './locales';

/**
 * Each language's own name, shown in language switches. Apart from locales.ts, which the web app's first
 * page needs, because only the switches (the sign-in page's, the account's) use it.
 */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  'en-us': 'English',
  'fr-ca': 'Français',
  'de-de': 'Deutsch',
  'it-it': 'Italiano',
  'pt-pt': 'Português',
  'es-es': 'Español',
  'ja-jp': '日本語',
  'my-ms': 'Bahasa Melayu',
};
