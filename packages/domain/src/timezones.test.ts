import { describe, expect, it } from 'vitest';

import { DEFAULT_TIMEZONE, TIMEZONES, formatGmtOffset, isTimezone } from './timezones';

/** The zone's offset on a given day, read from the runtime's tz data (`GMT`, `GMT+05:30`, `GMT-03:30`). */
function offsetOn(id: string, date: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name ?? '');
  if (!match) throw new Error(`Unexpected offset name ${String(name)} for ${id}`);
  const [, sign, hours = '0', minutes = '0'] = match;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** Offsets observed on the 15th of every month of a fixed year, so the test does not depend on today. */
function yearOffsets(id: string): number[] {
  return Array.from({ length: 12 }, (_, month) => offsetOn(id, new Date(Date.UTC(2025, month, 15))));
}

/** Zones whose listed offset is the one kept outside Ramadan rather than the year's minimum. */
const RAMADAN_EXCEPTIONS = new Set(['Africa/Casablanca']);

describe('TIMEZONES', () => {
  it('holds about 230 entries', () => {
    expect(TIMEZONES.length).toBeGreaterThanOrEqual(225);
    expect(TIMEZONES.length).toBeLessThanOrEqual(240);
  });

  it('spans GMT-11:00 to GMT+14:00', () => {
    expect(TIMEZONES[0]).toMatchObject({ offset: 'GMT-11:00', offsetMinutes: -660 });
    expect(TIMEZONES.at(-1)).toMatchObject({ offset: 'GMT+14:00', offsetMinutes: 840 });
    for (const zone of TIMEZONES) {
      expect(zone.offsetMinutes).toBeGreaterThanOrEqual(-660);
      expect(zone.offsetMinutes).toBeLessThanOrEqual(840);
    }
  });

  it('is sorted by offset and then by id', () => {
    for (let index = 1; index < TIMEZONES.length; index++) {
      const previous = TIMEZONES[index - 1]!;
      const current = TIMEZONES[index]!;
      const ordered =
        previous.offsetMinutes < current.offsetMinutes ||
        (previous.offsetMinutes === current.offsetMinutes && previous.id < current.id);
      expect(ordered, `${previous.id} before ${current.id}`).toBe(true);
    }
  });

  it('has unique ids', () => {
    expect(new Set(TIMEZONES.map((zone) => zone.id)).size).toBe(TIMEZONES.length);
  });

  it('labels every offset consistently with its minutes', () => {
    for (const zone of TIMEZONES) {
      expect(zone.offset).toMatch(/^GMT[+-]\d\d:\d\d$/);
      expect(zone.offset).toBe(formatGmtOffset(zone.offsetMinutes));
    }
  });

  it('includes the classic fractional offsets', () => {
    const expected: Record<string, string> = {
      'Pacific/Pago_Pago': 'GMT-11:00',
      'Pacific/Marquesas': 'GMT-09:30',
      'America/St_Johns': 'GMT-03:30',
      'Asia/Tehran': 'GMT+03:30',
      'Asia/Kabul': 'GMT+04:30',
      'Asia/Kolkata': 'GMT+05:30',
      'Asia/Kathmandu': 'GMT+05:45',
      'Asia/Yangon': 'GMT+06:30',
      'Australia/Eucla': 'GMT+08:45',
      'Australia/Darwin': 'GMT+09:30',
      'Australia/Adelaide': 'GMT+09:30',
      'Australia/Lord_Howe': 'GMT+10:30',
      'Pacific/Chatham': 'GMT+12:45',
      'Pacific/Kiritimati': 'GMT+14:00',
    };
    for (const [id, offset] of Object.entries(expected)) {
      expect(TIMEZONES.find((zone) => zone.id === id)?.offset, id).toBe(offset);
    }
  });

  it('covers the major zones with their standard offsets', () => {
    const expected: Record<string, number> = {
      'America/New_York': -300,
      'America/Chicago': -360,
      'America/Denver': -420,
      'America/Los_Angeles': -480,
      'America/Sao_Paulo': -180,
      'Europe/London': 0,
      'Europe/Dublin': 0,
      'Europe/Paris': 60,
      'Africa/Casablanca': 60,
      'Europe/Kyiv': 120,
      'Europe/Moscow': 180,
      'Asia/Dubai': 240,
      'Asia/Shanghai': 480,
      'Asia/Tokyo': 540,
      'Australia/Sydney': 600,
      'Pacific/Auckland': 720,
      'Pacific/Honolulu': -600,
    };
    for (const [id, offsetMinutes] of Object.entries(expected)) {
      expect(TIMEZONES.find((zone) => zone.id === id)?.offsetMinutes, id).toBe(offsetMinutes);
    }
  });

  it('uses only zones Intl accepts', () => {
    for (const zone of TIMEZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone.id }), zone.id).not.toThrow();
    }
  });

  it('lists each zone at the standard offset of the runtime tz data', () => {
    for (const zone of TIMEZONES) {
      const offsets = yearOffsets(zone.id);
      // Daylight saving only ever adds time, so the standard offset is the smallest one in the year.
      const standard = RAMADAN_EXCEPTIONS.has(zone.id) ? Math.max(...offsets) : Math.min(...offsets);
      expect(zone.offsetMinutes, zone.id).toBe(standard);
    }
  });
});

describe('formatGmtOffset', () => {
  it.each([
    [0, 'GMT+00:00'],
    [-660, 'GMT-11:00'],
    [-210, 'GMT-03:30'],
    [-30, 'GMT-00:30'],
    [330, 'GMT+05:30'],
    [345, 'GMT+05:45'],
    [765, 'GMT+12:45'],
    [840, 'GMT+14:00'],
  ])('formats %i minutes as %s', (minutes, label) => {
    expect(formatGmtOffset(minutes)).toBe(label);
  });
});

describe('DEFAULT_TIMEZONE', () => {
  it('is America/New_York and is offered', () => {
    expect(DEFAULT_TIMEZONE).toBe('America/New_York');
    expect(isTimezone(DEFAULT_TIMEZONE)).toBe(true);
  });
});

describe('isTimezone', () => {
  it('accepts every offered zone', () => {
    for (const zone of TIMEZONES) expect(isTimezone(zone.id)).toBe(true);
  });

  it.each([
    '',
    'UTC',
    'Etc/GMT+12',
    'america/new_york',
    'America/New York',
    'Mars/Olympus_Mons',
    'GMT+05:30',
    'Asia/Calcutta',
  ])('rejects %j', (id) => {
    expect(isTimezone(id)).toBe(false);
  });
});
