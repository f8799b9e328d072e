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

/** A place in a title as a clock: "1:25", "1:02:05" (the player's clock, for "Resume 1:25"). */
export function clockText(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${s}` : `${String(m)}:${s}`;
}
