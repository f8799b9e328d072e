import { describe, expect, it } from 'vitest';

import {
  DEFAULT_BROADCAST_MS,
  type LiveStatEntry,
  canRemind,
  currentLiveEvent,
  figuresAt,
  liveEventStatus,
  liveFiguresNow,
  loopPosition,
  matchMinuteAt,
  streamLiveStatus,
} from './live-events';

const START = Date.parse('2026-11-28T12:00:00Z');
const MATCH = { startsAt: '2026-11-28T12:00:00Z', endsAt: '2026-11-28T14:00:00Z' };
const TIMELINE: LiveStatEntry[] = [
  { minute: 0, kind: 'kickoff', side: null, player: null },
  { minute: 23, kind: 'goal', side: 'home', player: 'Ada Lind' },
  { minute: 45, kind: 'halftime', side: null, player: null },
  { minute: 61, kind: 'card', side: 'away', player: 'Bruno Sá' },
  { minute: 70, kind: 'goal', side: 'away', player: 'Chloé Marin' },
  { minute: 88, kind: 'goal', side: 'home', player: 'Ada Lind' },
  { minute: 90, kind: 'fulltime', side: null, player: null },
];

describe('liveEventStatus', () => {
  it('is upcoming before the start, live until the end, ended from the end on', () => {
    expect(liveEventStatus(MATCH, START - 1)).toBe('upcoming');
    expect(liveEventStatus(MATCH, START)).toBe('live');
    expect(liveEventStatus(MATCH, Date.parse(MATCH.endsAt) - 1)).toBe('live');
    expect(liveEventStatus(MATCH, Date.parse(MATCH.endsAt))).toBe('ended');
  });

  it('gives a broadcast without a readable later end the default length, and none to an unreadable start', () => {
    const open = { startsAt: MATCH.startsAt, endsAt: null };
    expect(liveEventStatus(open, START + DEFAULT_BROADCAST_MS - 1)).toBe('live');
    expect(liveEventStatus(open, START + DEFAULT_BROADCAST_MS)).toBe('ended');
    expect(liveEventStatus({ startsAt: MATCH.startsAt, endsAt: '2026-11-28T11:00:00Z' }, START + 1)).toBe(
      'live',
    );
    expect(liveEventStatus({ startsAt: 'soon', endsAt: null }, START)).toBeNull();
  });
});

describe('streamLiveStatus and currentLiveEvent', () => {
  const earlier = { startsAt: '2026-11-27T12:00:00Z', endsAt: '2026-11-27T14:00:00Z' };
  const later = { startsAt: '2026-11-29T12:00:00Z', endsAt: '2026-11-29T14:00:00Z' };

  it('say live when one broadcast is on, else upcoming, else ended', () => {
    expect(streamLiveStatus([earlier, MATCH, later], START + 60_000)).toBe('live');
    expect(streamLiveStatus([earlier, later], START)).toBe('upcoming');
    expect(streamLiveStatus([earlier], START)).toBe('ended');
    expect(streamLiveStatus([], START)).toBeNull();
  });

  it('pick the broadcast on air, else the next, else the latest ended', () => {
    expect(currentLiveEvent([earlier, MATCH, later], START + 60_000)).toBe(MATCH);
    expect(currentLiveEvent([later, earlier], START)).toBe(later);
    expect(currentLiveEvent([earlier, MATCH], Date.parse(later.endsAt))).toBe(MATCH);
    expect(currentLiveEvent([{ startsAt: 'x', endsAt: null }], START)).toBeNull();
  });

  it('allow a reminder only before the start', () => {
    expect(canRemind(MATCH, START - 1)).toBe(true);
    expect(canRemind(MATCH, START)).toBe(false);
    expect(canRemind(MATCH, Date.parse(MATCH.endsAt) + 1)).toBe(false);
  });
});

describe('match figures', () => {
  it('follow the loop on the wall clock that started at the epoch', () => {
    expect(loopPosition(0, 24)).toBe(0);
    expect(loopPosition(25_500, 24)).toBeCloseTo(1.5);
    expect(loopPosition(48_000, 24)).toBe(0);
    expect(matchMinuteAt(0, 24, 90)).toBe(0);
    expect(matchMinuteAt(12, 24, 90)).toBe(45);
    expect(matchMinuteAt(23.99, 24, 90)).toBe(89);
  });

  it('count the goals that have happened by a minute, none before kick-off', () => {
    expect(figuresAt(TIMELINE, null)).toEqual({ homeScore: 0, awayScore: 0, minute: null, entries: [] });
    const half = figuresAt(TIMELINE, 45);
    expect([half.homeScore, half.awayScore]).toEqual([1, 0]);
    expect(half.entries.map((entry) => entry.kind)).toEqual(['kickoff', 'goal', 'halftime']);
    const full = figuresAt(TIMELINE, 90);
    expect([full.homeScore, full.awayScore]).toEqual([2, 1]);
    expect(full.entries).toHaveLength(TIMELINE.length);
  });

  it('show nothing before the start, the loop minute while live and the whole match once ended', () => {
    const loop = { loopSeconds: 24 };
    expect(liveFiguresNow(MATCH, TIMELINE, START - 1000, loop).minute).toBeNull();
    // 12 s into a 24 s loop: minute 45.
    const at = START - (START % 24_000) + 24_000 + 12_000;
    const live = liveFiguresNow(MATCH, TIMELINE, at, loop);
    expect(live.minute).toBe(45);
    expect(live.homeScore).toBe(1);
    const ended = liveFiguresNow(MATCH, TIMELINE, Date.parse(MATCH.endsAt), loop);
    expect([ended.minute, ended.homeScore, ended.awayScore]).toEqual([90, 2, 1]);
  });
});
