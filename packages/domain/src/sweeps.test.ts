import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { sha256Hex } from './sha256';
import {
  MIN_UNIQUE_ENTRANTS,
  canonicalPool,
  chooseRandomSweep,
  drawDecision,
  drawPeriodAt,
  drawPosition,
  drawWinners,
  easternOffsetMinutes,
  easternParts,
  entrantAtPosition,
  freeEntryAvailable,
  isSweepListed,
  isOnSale,
  nextPeriodKey,
  parsePostalEntry,
  periodFromKey,
  poolHash,
  pricesFor,
  seedCommitment,
  sweepCardState,
  sweepTabs,
  sweepsEnablement,
} from './sweeps';

const at = (iso: string) => new Date(iso);

describe('sha256', () => {
  it('matches known vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto on any text', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
    );
  });
});

describe('sweepsEnablement', () => {
  const base = { countryCode: 'US', memberTags: [] as string[], brandTags: ['sweeps_for_all'] };

  it.each(['CA', 'NL', 'AE', 'GB', 'UK', 'ca', ' gb '])('refuses the blocked country %j', (countryCode) => {
    expect(sweepsEnablement({ ...base, countryCode })).toEqual({ enabled: false, reason: 'blocked_country' });
  });

  it('is disabled by sweep_features:disabled on the member or the brand', () => {
    expect(sweepsEnablement({ ...base, memberTags: ['sweep_features:disabled'] }).enabled).toBe(false);
    expect(sweepsEnablement({ ...base, brandTags: ['sweeps_for_all', 'sweep_features:disabled'] })).toEqual({
      enabled: false,
      reason: 'disabled_by_tag',
    });
  });

  it('is enabled by sweeps_for_all, or by sweepsattack:enable with the brand tag sweeps', () => {
    expect(sweepsEnablement(base)).toEqual({ enabled: true });
    expect(
      sweepsEnablement({ countryCode: 'US', memberTags: ['sweepsattack:enable'], brandTags: ['sweeps'] }),
    ).toEqual({
      enabled: true,
    });
    expect(
      sweepsEnablement({ countryCode: 'US', memberTags: ['sweepsattack:enable'], brandTags: [] }).enabled,
    ).toBe(false);
    expect(sweepsEnablement({ countryCode: 'US', memberTags: [], brandTags: ['sweeps'] }).enabled).toBe(
      false,
    );
    expect(
      sweepsEnablement({ countryCode: 'US', memberTags: ['sweepsattack:disable'], brandTags: ['sweeps'] }),
    ).toEqual({
      enabled: false,
      reason: 'not_enabled',
    });
  });

  it('never enables a blocked country whatever the tags', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('CA', 'NL', 'AE', 'GB', 'UK'),
        fc.array(fc.constantFrom('sweeps', 'sweeps_for_all', 'sweepsattack:enable', 'x')),
        fc.array(fc.constantFrom('sweeps', 'sweeps_for_all', 'sweepsattack:enable', 'x')),
        (countryCode, memberTags, brandTags) => {
          expect(sweepsEnablement({ countryCode, memberTags, brandTags }).enabled).toBe(false);
        },
      ),
    );
  });
});

describe('Eastern time and draw periods', () => {
  it('switches to daylight time at 2:00 on the second Sunday of March and back on the first Sunday of November', () => {
    expect(easternOffsetMinutes(at('2026-03-08T06:59:59Z'))).toBe(-300);
    expect(easternOffsetMinutes(at('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(easternOffsetMinutes(at('2026-11-01T05:59:59Z'))).toBe(-240);
    expect(easternOffsetMinutes(at('2026-11-01T06:00:00Z'))).toBe(-300);
  });

  it('agrees with the platform time zone data for America/New_York', () => {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2008, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const instant = new Date(Math.floor(ms / 60_000) * 60_000);
        const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
        expect(easternParts(instant)).toEqual({
          year: Number(parts.year),
          month: Number(parts.month),
          day: Number(parts.day),
          hour: Number(parts.hour),
          minute: Number(parts.minute),
        });
      }),
    );
  });

  it('opens at 12:01 a.m. on the first and closes at 11:59 p.m. on the last day, Eastern', () => {
    const march = periodFromKey('2026-03');
    expect(march.opensAt.toISOString()).toBe('2026-03-01T05:01:00.000Z'); // EST
    expect(march.closesAt.toISOString()).toBe('2026-04-01T03:59:00.000Z'); // EDT
    expect(march.endsBefore.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    const november = periodFromKey('2026-11');
    expect(november.opensAt.toISOString()).toBe('2026-11-01T04:01:00.000Z'); // EDT until 2:00
    expect(november.closesAt.toISOString()).toBe('2026-12-01T04:59:00.000Z'); // EST
  });

  it('puts an instant in its Eastern calendar month', () => {
    expect(drawPeriodAt(at('2026-04-01T03:59:59Z')).key).toBe('2026-03');
    expect(drawPeriodAt(at('2026-04-01T04:00:00Z')).key).toBe('2026-04');
    expect(drawPeriodAt(at('2027-01-01T04:59:59Z')).key).toBe('2026-12');
    expect(nextPeriodKey('2026-12')).toBe('2027-01');
  });

  it('makes periods that tile time without gaps or overlaps', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const period = drawPeriodAt(new Date(ms));
        const next = periodFromKey(nextPeriodKey(period.key));
        expect(period.opensAt.getTime() - 60_000).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan(period.endsBefore.getTime());
        expect(next.opensAt.getTime()).toBe(period.endsBefore.getTime() + 60_000);
      }),
    );
  });
});

describe('sweepCardState', () => {
  const sweep = {
    startDate: at('2026-05-01T04:01:00Z'),
    endDate: at('2026-06-01T03:59:00Z'),
    winnerSelectedAt: null as Date | null,
    monthlyExclusive: false,
  };
  const none = { entries: 0, isWinner: false, claimed: false };

  it('walks future, active, entered, drawing', () => {
    expect(sweepCardState(sweep, none, at('2026-04-30T00:00:00Z'))).toBe('future');
    expect(sweepCardState(sweep, none, at('2026-05-10T00:00:00Z'))).toBe('active');
    expect(sweepCardState(sweep, { ...none, entries: 3 }, at('2026-05-10T00:00:00Z'))).toBe('entered');
    expect(
      sweepCardState(
        { ...sweep, monthlyExclusive: true },
        { ...none, entries: 1 },
        at('2026-05-10T00:00:00Z'),
      ),
    ).toBe('monthly_exclusive');
    expect(sweepCardState(sweep, { ...none, entries: 3 }, at('2026-06-02T00:00:00Z'))).toBe('drawing');
  });

  it('shows winner, winner_claimed and loser once the winner is selected', () => {
    const drawn = { ...sweep, winnerSelectedAt: at('2026-06-03T00:00:00Z') };
    const later = at('2026-06-04T00:00:00Z');
    expect(sweepCardState(drawn, { entries: 2, isWinner: true, claimed: false }, later)).toBe('winner');
    expect(sweepCardState(drawn, { entries: 2, isWinner: true, claimed: true }, later)).toBe(
      'winner_claimed',
    );
    expect(sweepCardState(drawn, { entries: 2, isWinner: false, claimed: false }, later)).toBe('loser');
  });

  it('keeps a past giveaway listed 72 hours after the winner is selected (an unclaimed win stays)', () => {
    const drawn = { ...sweep, winnerSelectedAt: at('2026-06-03T00:00:00Z') };
    expect(isSweepListed(drawn, none, at('2026-06-05T23:59:59Z'))).toBe(true);
    expect(isSweepListed(drawn, none, at('2026-06-06T00:00:00Z'))).toBe(false);
    expect(
      isSweepListed(drawn, { entries: 1, isWinner: true, claimed: false }, at('2026-07-01T00:00:00Z')),
    ).toBe(true);
  });

  it('puts each state in its tabs', () => {
    expect(sweepTabs('entered', 2)).toEqual(['all', 'entered', 'active']);
    expect(sweepTabs('active', 0)).toEqual(['all', 'active']);
    expect(sweepTabs('future', 0)).toEqual(['all', 'future']);
    expect(sweepTabs('loser', 1)).toEqual(['all', 'entered', 'past']);
  });

  it('sells between the available dates only', () => {
    const window = {
      startAvailableDate: at('2026-05-01T00:00:00Z'),
      endAvailableDate: at('2026-05-31T00:00:00Z'),
    };
    expect(isOnSale(window, at('2026-04-30T23:59:59Z'))).toBe(false);
    expect(isOnSale(window, at('2026-05-01T00:00:00Z'))).toBe(true);
    expect(isOnSale(window, at('2026-05-31T00:00:00Z'))).toBe(false);
  });
});

describe('chooseRandomSweep', () => {
  it('chooses only unentered sweeps that end in the future', () => {
    const now = at('2026-05-10T00:00:00Z');
    const sweeps = [
      { id: 1, endDate: at('2026-05-09T00:00:00Z'), entries: 0 },
      { id: 2, endDate: at('2026-06-01T00:00:00Z'), entries: 4 },
      { id: 3, endDate: at('2026-06-01T00:00:00Z'), entries: 0 },
      { id: 4, endDate: at('2026-07-01T00:00:00Z'), entries: 0 },
    ];
    expect(chooseRandomSweep(sweeps, now, 0)?.id).toBe(3);
    expect(chooseRandomSweep(sweeps, now, 0.99)?.id).toBe(4);
    expect(chooseRandomSweep(sweeps.slice(0, 2), now, 0.5)).toBeNull();
  });
});

describe('pricesFor', () => {
  const prices = [
    { currency: 'USD', symbol: '$', countryCode: null, entries: 10, amount: 5 },
    { currency: 'USD', symbol: '$', countryCode: 'PR', entries: 10, amount: 4 },
    { currency: 'EUR', symbol: '€', countryCode: null, entries: 10, amount: 5 },
  ];
  it('prefers the country prices and falls back to the currency default', () => {
    expect(pricesFor(prices, 'USD', 'PR').map((p) => p.amount)).toEqual([4]);
    expect(pricesFor(prices, 'usd', 'US').map((p) => p.amount)).toEqual([5]);
    expect(pricesFor(prices, 'JPY', 'JP')).toEqual([]);
  });
});

describe('free monthly entry', () => {
  it('allows one per Eastern calendar month to active members on monthly-exclusive giveaways', () => {
    const now = at('2026-05-01T03:00:00Z'); // still April 30 in New York
    expect(
      freeEntryAvailable({ monthlyExclusive: true, memberActive: true, lastFreeEntryPeriod: '2026-04', now }),
    ).toBe(false);
    expect(
      freeEntryAvailable({ monthlyExclusive: true, memberActive: true, lastFreeEntryPeriod: '2026-03', now }),
    ).toBe(true);
    expect(
      freeEntryAvailable({ monthlyExclusive: true, memberActive: false, lastFreeEntryPeriod: null, now }),
    ).toBe(false);
    expect(
      freeEntryAvailable({ monthlyExclusive: false, memberActive: true, lastFreeEntryPeriod: null, now }),
    ).toBe(false);
  });
});

describe('rollover', () => {
  it('draws with at least 3,000 unique entrants and rolls over below', () => {
    expect(drawDecision(MIN_UNIQUE_ENTRANTS)).toEqual({ kind: 'draw' });
    expect(drawDecision(MIN_UNIQUE_ENTRANTS - 1)).toEqual({ kind: 'rollover', uniqueEntrants: 2999 });
  });
});

describe('the auditable draw', () => {
  const pool = [
    { entrant: 'm-c', entries: 1 },
    { entrant: 'm-a', entries: 5 },
    { entrant: 'm-b', entries: 0 },
    { entrant: 'm-d', entries: 2 },
  ];

  it('hashes a canonical pool, whatever the order of the lines', () => {
    expect(poolHash('S1', '2026-05', pool)).toBe(poolHash('S1', '2026-05', [...pool].reverse()));
    expect(poolHash('S1', '2026-05', pool)).not.toBe(poolHash('S1', '2026-06', pool));
    expect(canonicalPool(pool).map((l) => l.entrant)).toEqual(['m-a', 'm-c', 'm-d']);
    expect(seedCommitment('seed')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is recomputable: the same seed and pool give the same winners', () => {
    const first = drawWinners('S1', '2026-05', pool, 'seed-1', 3);
    expect(drawWinners('S1', '2026-05', [...pool].reverse(), 'seed-1', 3)).toEqual(first);
    expect(new Set(first.rounds.map((r) => r.entrant)).size).toBe(3);
    expect(first.rounds[0]!.totalEntries).toBe(8);
  });

  it('gives every entrant exactly as many positions as entries', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            entrant: fc.string({ minLength: 1, maxLength: 6 }),
            entries: fc.integer({ min: 0, max: 20 }),
          }),
          {
            selector: (line) => line.entrant,
            minLength: 1,
            maxLength: 12,
          },
        ),
        (lines) => {
          const canonical = canonicalPool(lines);
          const total = canonical.reduce((sum, line) => sum + line.entries, 0);
          const counts = new Map<string, number>();
          for (let position = 0; position < total; position++) {
            const entrant = entrantAtPosition(canonical, position);
            counts.set(entrant, (counts.get(entrant) ?? 0) + 1);
          }
          for (const line of canonical) expect(counts.get(line.entrant)).toBe(line.entries);
        },
      ),
    );
  });

  it('draws positions in range and spread evenly (chi-square over 20 buckets)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.string(), (total, seed) => {
        const position = drawPosition(seed, 'h', 0, total);
        expect(Number.isInteger(position) && position >= 0 && position < total).toBe(true);
      }),
    );
    const buckets = new Array<number>(20).fill(0);
    const n = 4000;
    for (let i = 0; i < n; i++) buckets[drawPosition(`seed-${i}`, 'hash', 0, 20)]! += 1;
    const expected = n / 20;
    const chi = buckets.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: the 0.001 critical value is 43.8.
    expect(chi).toBeLessThan(43.8);
  });

  it('wins in proportion to entries over many seeds', { timeout: 60_000 }, () => {
    const lines = [
      { entrant: 'a', entries: 1 },
      { entrant: 'b', entries: 3 },
      { entrant: 'c', entries: 6 },
    ];
    const wins = { a: 0, b: 0, c: 0 };
    const n = 3000;
    for (let i = 0; i < n; i++) {
      const winner = drawWinners('S', '2026-05', lines, `s${i}`, 1).rounds[0]!.entrant as 'a' | 'b' | 'c';
      wins[winner] += 1;
    }
    const chi = (['a', 'b', 'c'] as const).reduce((sum, key, index) => {
      const expected = (n * [1, 3, 6][index]!) / 10;
      return sum + (wins[key] - expected) ** 2 / expected;
    }, 0);
    expect(chi).toBeLessThan(13.8); // 2 degrees of freedom, p = 0.001
  });
});

describe('parsePostalEntry', () => {
  const good = {
    fullName: 'Jane Doe',
    address: '12 Main Street',
    apartment: '',
    city: 'Springfield',
    postcode: '12345',
    email: 'jane@example.com',
    phone: '',
    sweepId: '7',
    over18: true,
  };

  it('accepts a complete entry with the optional fields empty', () => {
    const result = parsePostalEntry(good);
    expect(result.ok && result.entry.apartment === null && result.entry.phone === null).toBe(true);
    expect(result.ok && result.entry.country === null).toBe(true);
  });

  it('keeps a country code (upper case) for the envelope and refuses anything else', () => {
    const result = parsePostalEntry({ ...good, country: ' de ' });
    expect(result.ok && result.entry.country).toBe('DE');
    for (const country of ['Germany', 'D', 'D3', 'x'.repeat(5000)])
      expect(parsePostalEntry({ ...good, country })).toEqual({
        ok: false,
        issues: [{ field: 'country', issue: 'invalid_country' }],
      });
  });

  it.each(['P.O. Box 12', 'PO Box 5', 'po box 9', 'Post Office Box 3', 'Postfach 1234', 'Caixa Postal 10'])(
    'refuses the PO box %j',
    (address) => {
      expect(parsePostalEntry({ ...good, address })).toEqual({
        ok: false,
        issues: [{ field: 'address', issue: 'po_box' }],
      });
    },
  );

  it('refuses a missing age confirmation, a single name, a bad email and oversized text', () => {
    const result = parsePostalEntry({
      ...good,
      over18: false,
      fullName: 'Jane',
      email: 'nope',
      city: 'x'.repeat(5000),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues).toEqual(
        expect.arrayContaining([
          { field: 'over18', issue: 'not_adult' },
          { field: 'fullName', issue: 'required' },
          { field: 'email', issue: 'invalid_email' },
          { field: 'city', issue: 'too_long' },
        ]),
      );
    }
  });
});
