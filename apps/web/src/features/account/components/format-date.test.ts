import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it("uses the member's language", () => {
    expect(formatDate('2030-01-15T12:00:00.000Z', 'en-us', 'UTC')).toBe('January 15, 2030');
    expect(formatDate('2030-01-15T12:00:00.000Z', 'fr-ca', 'UTC')).toBe('15 janvier 2030');
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
