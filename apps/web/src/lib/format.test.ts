import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatCoins,
  formatDate,
  formatDateAndTime,
  formatMoney,
  formatScheduleTime,
  formatTime,
} from './format';

// Intl separates some amounts from their symbol with a no-break space; the tests read plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('reads minor units with the decimals of the currency', () => {
    expect(formatMoney(1999, 'USD', 'en-us')).toBe('$19.99');
    // The yen has no minor unit: 1999 is ¥1,999, not ¥19.99.
    expect(formatMoney(1999, 'JPY', 'en-us')).toBe('¥1,999');
    expect(formatMoney(500, 'JPY', 'ja-jp')).toBe('￥500');
    // The Kuwaiti dinar has three decimals.
    expect(plain(formatMoney(1999, 'KWD', 'en-us'))).toBe('KWD 1.999');
  });

  it("uses the member's language", () => {
    expect(plain(formatMoney(123456, 'EUR', 'de-de'))).toBe('1.234,56 €');
    expect(plain(formatMoney(1999, 'CAD', 'fr-ca'))).toBe('19,99 $');
  });

  it('shows a malformed currency code with two decimals rather than failing', () => {
    expect(formatMoney(1999, 'dollars', 'en-us')).toBe('19.99 dollars');
  });
});

describe('formatCoins', () => {
  it('signs credits and spends', () => {
    expect(formatCoins(1200, 'en-us')).toBe('+1,200');
    expect(formatCoins(-10, 'en-us')).toBe('-10');
    expect(formatCoins(0, 'en-us')).toBe('0');
  });
});

describe('formatDate', () => {
  it("uses the member's language", () => {
    expect(formatDate('2030-01-15T12:00:00.000Z', 'en-us', 'UTC')).toBe('January 15, 2030');
    expect(formatDate('2030-01-15T12:00:00.000Z', 'fr-ca', 'UTC')).toBe('15 janvier 2030');
    expect(formatDate('2030-01-15T12:00:00.000Z', 'en-us', 'UTC', 'medium')).toBe('Jan 15, 2030');
  });

  it("uses the member's time zone, so the day can differ from UTC's", () => {
    expect(formatDate('2030-01-15T02:00:00.000Z', 'en-us', 'America/Los_Angeles')).toBe('January 14, 2030');
    expect(formatDate('2030-01-15T02:00:00.000Z', 'en-us', 'Asia/Tokyo')).toBe('January 15, 2030');
  });

  it('survives an unknown time zone and an unreadable date', () => {
    expect(formatDate('2030-06-15T12:00:00.000Z', 'en-us', 'Not/AZone')).toBe('June 15, 2030');
    expect(formatDate('not a date', 'en-us', 'UTC')).toBe('not a date');
  });
});

describe('times', () => {
  const moment = '2026-03-04T20:00:00.000Z';

  it('formats a day and time, a schedule time with its weekday, and a time of day', () => {
    expect(plain(formatDateAndTime(moment, 'en-us', 'UTC'))).toBe('Mar 4, 2026, 8:00 PM');
    expect(plain(formatScheduleTime(moment, 'en-us', 'UTC'))).toBe('Wed, Mar 4, 2026, 8:00 PM');
    expect(plain(formatTime(moment, 'en-us', 'UTC'))).toBe('8:00 PM');
    expect(formatTime(new Date(moment), 'de-de', 'Europe/Berlin')).toBe('21:00');
  });

  it('formats a calendar date without a time zone', () => {
    expect(formatCalendarDate('2021-03-04', 'en-us')).toBe('March 4, 2021');
    expect(formatCalendarDate('unknown', 'en-us')).toBe('unknown');
  });
});
