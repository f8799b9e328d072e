import { describe, expect, it } from 'vitest';

import { parseProfile } from './profile';

const VALID = { name: '  Ada Lovelace  ', timezone: 'Europe/London', language: 'fr-ca' };

describe('parseProfile', () => {
  it('accepts a valid profile and trims the name', () => {
    expect(parseProfile(VALID)).toEqual({
      ok: true,
      profile: { name: 'Ada Lovelace', timezone: 'Europe/London', language: 'fr-ca' },
    });
  });

  it('accepts an empty name and exactly 80 characters', () => {
    expect(parseProfile({ ...VALID, name: '   ' }).ok).toBe(true);
    expect(parseProfile({ ...VALID, name: 'a'.repeat(80) }).ok).toBe(true);
  });

  it('refuses a name that is too long or holds control characters', () => {
    expect(parseProfile({ ...VALID, name: 'a'.repeat(81) })).toEqual({
      ok: false,
      issues: [{ field: 'name', issue: 'name_too_long' }],
    });
    for (const name of ['Ada\nLovelace', 'Ada\u0000', 'A\u0085da', 'Ada\tL']) {
      expect(parseProfile({ ...VALID, name })).toEqual({
        ok: false,
        issues: [{ field: 'name', issue: 'name_control_characters' }],
      });
    }
  });

  it('refuses an unknown time zone and an unknown language', () => {
    expect(parseProfile({ ...VALID, timezone: 'Asia/Calcutta', language: 'xx-yy' })).toEqual({
      ok: false,
      issues: [
        { field: 'timezone', issue: 'invalid_timezone' },
        { field: 'language', issue: 'invalid_language' },
      ],
    });
    expect(parseProfile({ ...VALID, timezone: 'europe/london' }).ok).toBe(false);
  });

  it('refuses values that are not strings', () => {
    const result = parseProfile({ name: 3, timezone: null, language: undefined });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.field)).toEqual(['name', 'timezone', 'language']);
  });
});
