import { LOCALE_BCP47, type Locale } from '@member/domain';

/**
 * A date in the member's language and time zone (from their claims), e.g. "January 15, 2030". An
 * unknown time zone falls back to the browser's rather than failing the screen. It lives in this feature,
 * not lib/, because lib/ is bundled into the entry chunk (vite.config.ts) and `/` does not format dates.
 */
export function formatDate(iso: string, locale: Locale, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(LOCALE_BCP47[locale], {
      dateStyle: 'long',
      ...(timeZone ? { timeZone } : {}),
    });
  } catch {
    format = new Intl.DateTimeFormat(LOCALE_BCP47[locale], { dateStyle: 'long' });
  }
  return format.format(date);
}
