import { LOCALE_BCP47, type Locale } from '@member/domain';

function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(LOCALE_BCP47[locale], options);
  } catch {
    // An unknown time zone in the member's claims falls back to the browser's rather than failing.
    const { timeZone: _ignored, ...rest } = options;
    return new Intl.DateTimeFormat(LOCALE_BCP47[locale], rest);
  }
}

/** A calendar date (YYYY-MM-DD) in the member's language, e.g. "March 4, 2021"; it has no time zone. */
export function formatReleaseDate(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A moment in the member's language and time zone, e.g. "Tue, Mar 4, 2026, 8:00 PM". */
export function formatDateTime(iso: string, locale: Locale, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A time of day in the member's language and time zone, e.g. "10:00 PM". */
export function formatTime(iso: string, locale: Locale, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

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
