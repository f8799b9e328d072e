import { LOCALE_BCP47, type Locale } from '@member/domain';

/**
 * Money, numbers and dates in the member's language, in one place. Amounts are integers in a currency's
 * minor units as the server sends them (1999 USD is $19.99, 1999 JPY is ¥1,999, 1999 KWD is 1.999 KWD):
 * the number of decimals comes from Intl for the currency, never from an assumed 100. Dates take the
 * member's time zone from their claims; a zone Intl does not know falls back to the browser's rather
 * than failing the screen. Not in the entry chunk (vite.config.ts): the first page formats none of this.
 */

/** A currency's format in a language, made once (a shop's product list formats two prices a card). */
const moneyFormats = new Map<string, { format: Intl.NumberFormat; digits: number } | null>();

function moneyFormat(currency: string, locale: Locale): { format: Intl.NumberFormat; digits: number } | null {
  const key = `${locale} ${currency}`;
  let money = moneyFormats.get(key);
  if (money === undefined) {
    try {
      const format = new Intl.NumberFormat(LOCALE_BCP47[locale], { style: 'currency', currency });
      money = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      money = null;
    }
    moneyFormats.set(key, money);
  }
  return money;
}

/** Integer minor units of a currency in the member's language, e.g. 199 USD → "$1.99", 500 JPY → "¥500". */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const money = moneyFormat(currency, locale);
  if (!money) {
    // Not a well-formed currency code: ISO 4217's usual two decimals, with the code as the server sent it.
    return `${formatNumber(minor / 100, locale, { minimumFractionDigits: 2 })} ${currency}`;
  }
  return money.format.format(minor / 10 ** money.digits);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_BCP47[locale], options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A signed coin amount, e.g. +100 or −10. */
export function formatCoins(amount: number, locale: Locale): string {
  return formatNumber(amount, locale, { signDisplay: 'exceptZero' });
}

/** Formats made once per language and options: making one costs far more than using it (a card list formats hundreds). */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(LOCALE_BCP47[locale], options);
    } catch {
      const { timeZone: _unknown, ...rest } = options;
      format = new Intl.DateTimeFormat(LOCALE_BCP47[locale], rest);
    }
    dateTimeFormats.set(key, format);
  }
  return format;
}

type TimeZone = string | null | undefined;

/** Formats a moment, or gives back the text unchanged when it is not one. */
function formatMoment(moment: string | Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return typeof moment === 'string' ? moment : '';
  return dateTimeFormat(locale, options).format(date);
}

const zoned = (timeZone: TimeZone) => (timeZone ? { timeZone } : {});

/** A day in the member's time zone: "January 15, 2030" (long) or "Jan 15, 2030" (medium). */
export function formatDate(
  iso: string,
  locale: Locale,
  timeZone: TimeZone,
  dateStyle: 'medium' | 'long' = 'long',
): string {
  return formatMoment(iso, locale, { dateStyle, ...zoned(timeZone) });
}

/** A calendar date (YYYY-MM-DD) such as a release date, e.g. "March 4, 2021"; it has no time zone. */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatMoment(date, locale, { dateStyle: 'long', timeZone: 'UTC' });
}

/** A day and time, e.g. "Nov 22, 2026, 9:41 AM". */
export function formatDateAndTime(iso: string, locale: Locale, timeZone?: TimeZone): string {
  return formatMoment(iso, locale, { dateStyle: 'medium', timeStyle: 'short', ...zoned(timeZone) });
}

/** A moment with its weekday, as a schedule shows it, e.g. "Tue, Mar 4, 2026, 8:00 PM". */
export function formatScheduleTime(iso: string, locale: Locale, timeZone: TimeZone): string {
  return formatMoment(iso, locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...zoned(timeZone),
  });
}

/** A time of day, e.g. "10:00 PM". */
export function formatTime(moment: string | Date, locale: Locale, timeZone?: TimeZone): string {
  return formatMoment(moment, locale, { hour: 'numeric', minute: '2-digit', ...zoned(timeZone) });
}

function displayName(type: 'language' | 'region', code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames(LOCALE_BCP47[locale], { type, fallback: 'code' }).of(code) ?? code;
  } catch {
    // Not a well-formed code: show it as it came.
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

/** A calendar month (YYYY-MM) as its short name in the member's language, e.g. "Mar". */
export function formatMonthShort(month: string, locale: Locale): string {
  const [year, m] = month.split('-').map(Number);
  return dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (m ?? 1) - 1, 1)),
  );
}

/** A playback position or length as the player's clock shows it: "1:05" or "1:02:05". */
export function formatClock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${s}` : `${String(m)}:${s}`;
}
