import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  activeMonths,
  carbonTonnes,
  countTrees,
  greenPointsFromTrees,
  treesOverTime,
  wholeMonthsBetween,
} from './green';

const d = (iso: string) => new Date(iso);

describe('the spec’s tree arithmetic', () => {
  it('4 trees equal 1 tonne, a tree absorbs a quarter tonne, 12 trees offset 3 tonnes', () => {
    expect(carbonTonnes(4)).toBe(1);
    expect(carbonTonnes(1)).toBe(0.25);
    expect(carbonTonnes(12)).toBe(3);
  });

  it('green points are the trees, at least 1', () => {
    expect(greenPointsFromTrees(0)).toBe(1);
    expect(greenPointsFromTrees(7)).toBe(7);
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100_000 }), (trees) => greenPointsFromTrees(trees) >= 1),
    );
  });

  it('tonnes are always a quarter of the trees', () => {
    fc.assert(fc.property(fc.nat(1_000_000), (trees) => carbonTonnes(trees) * 4 === trees));
  });
});

describe('active months', () => {
  it('counts whole calendar months', () => {
    expect(wholeMonthsBetween(d('2026-01-15T00:00:00Z'), d('2026-02-14T23:59:59Z'))).toBe(0);
    expect(wholeMonthsBetween(d('2026-01-15T00:00:00Z'), d('2026-02-15T00:00:00Z'))).toBe(1);
    expect(wholeMonthsBetween(d('2025-01-15T00:00:00Z'), d('2026-01-20T00:00:00Z'))).toBe(12);
    expect(wholeMonthsBetween(d('2026-01-31T00:00:00Z'), d('2026-02-28T00:00:00Z'))).toBe(0);
  });

  it('counts two subscriptions at the same time once', () => {
    const now = d('2026-07-01T00:00:00Z');
    const periods = [
      { start: '2026-01-01T00:00:00Z', end: null },
      { start: '2026-02-01T00:00:00Z', end: '2026-04-01T00:00:00Z' },
    ];
    expect(activeMonths(periods, now)).toBe(6);
  });

  it('adds separate periods and ignores nonsense dates', () => {
    const now = d('2026-12-01T00:00:00Z');
    const periods = [
      { start: '2026-01-01T00:00:00Z', end: '2026-03-01T00:00:00Z' },
      { start: '2026-06-01T00:00:00Z', end: '2026-08-01T00:00:00Z' },
      { start: 'yesterday', end: null },
    ];
    expect(activeMonths(periods, now)).toBe(4);
  });
});

describe('countTrees', () => {
  it('plants one tree per active month and one per whole hour streamed', () => {
    const count = countTrees(
      [{ start: '2026-01-10T00:00:00Z', end: null }],
      [
        { seconds: 5400, at: '2026-02-01T00:00:00Z' },
        { seconds: 3600, at: '2026-03-01T00:00:00Z' },
        { seconds: -99, at: '2026-03-01T00:00:00Z' },
      ],
      d('2026-04-11T00:00:00Z'),
    );
    expect(count).toEqual({
      activeMonths: 3,
      hoursStreamed: 2,
      treesFromMonths: 3,
      treesFromStreaming: 2,
      trees: 5,
      carbonTonnes: 1.25,
      greenPoints: 5,
    });
  });

  it('the chart ends on the member’s tree count and never goes down', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ seconds: fc.nat(20_000), day: fc.nat(700) }), { maxLength: 12 }),
        fc.nat(600),
        (plays, startDay) => {
          const now = d('2026-11-25T12:00:00Z');
          const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
          const periods = [{ start: day(startDay + 1), end: null }];
          const streams = plays.map((play) => ({ seconds: play.seconds, at: day(play.day) }));
          const points = treesOverTime(periods, streams, now, 120);
          const last = points.at(-1)?.trees;
          const rising = points.every((point, i) => i === 0 || point.trees >= (points[i - 1]?.trees ?? 0));
          return rising && last === countTrees(periods, streams, now).trees;
        },
      ),
    );
  });
});
