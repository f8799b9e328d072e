/*
 * Live events (issue 14 item 7, docs/decisions/036): whether a broadcast is upcoming, live or ended,
 * decided from its times against the server's clock (never stored), and the figures of a match at a
 * point of the live loop. The demo's live picture is a looping HLS stream that plays on a wall clock
 * started at the Unix epoch (modules/media, media.live.ts), so every viewer sees the same moment; a
 * live match's figures follow that loop: one pass of the loop is the whole match, minute 0 to the
 * match's length, and each entry of the timeline has happened once the loop has passed its minute.
 */

export const LIVE_STATUSES = ['upcoming', 'live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** How long a broadcast without a (readable, later) end counts as on air. */
export const DEFAULT_BROADCAST_MS = 2 * 60 * 60 * 1000;

/** A broadcast's times, ISO-8601 UTC. */
export interface LiveWindowInput {
  startsAt: string;
  endsAt?: string | null;
}

/** When a broadcast starts and ends in epoch ms; null when its start cannot be read. */
export function liveWindow(event: LiveWindowInput): { startsAtMs: number; endsAtMs: number } | null {
  const startsAtMs = Date.parse(event.startsAt);
  if (Number.isNaN(startsAtMs)) return null;
  const end = event.endsAt ? Date.parse(event.endsAt) : NaN;
  const endsAtMs = Number.isNaN(end) || end <= startsAtMs ? startsAtMs + DEFAULT_BROADCAST_MS : end;
  return { startsAtMs, endsAtMs };
}

/** Upcoming before its start, live from its start until its end, ended after; null when unreadable. */
export function liveEventStatus(event: LiveWindowInput, nowMs: number): LiveStatus | null {
  const window = liveWindow(event);
  if (!window) return null;
  if (nowMs < window.startsAtMs) return 'upcoming';
  return nowMs < window.endsAtMs ? 'live' : 'ended';
}

/**
 * A stream's status over its schedule: live when one of its broadcasts is, else upcoming when one is
 * still to come, else ended; null with no readable broadcast.
 */
export function streamLiveStatus(events: readonly LiveWindowInput[], nowMs: number): LiveStatus | null {
  const statuses = events.map((event) => liveEventStatus(event, nowMs));
  if (statuses.includes('live')) return 'live';
  if (statuses.includes('upcoming')) return 'upcoming';
  return statuses.includes('ended') ? 'ended' : null;
}

/**
 * The broadcast a stream's page is about: the one on air, else the next one, else the latest that
 * ended; null with none readable.
 */
export function currentLiveEvent<T extends LiveWindowInput>(events: readonly T[], nowMs: number): T | null {
  const dated = events.flatMap((event) => {
    const window = liveWindow(event);
    return window ? [{ event, ...window, status: liveEventStatus(event, nowMs) }] : [];
  });
  const live = dated.filter((d) => d.status === 'live').sort((a, b) => a.endsAtMs - b.endsAtMs)[0];
  if (live) return live.event;
  const next = dated.filter((d) => d.status === 'upcoming').sort((a, b) => a.startsAtMs - b.startsAtMs)[0];
  if (next) return next.event;
  return dated.sort((a, b) => b.startsAtMs - a.startsAtMs)[0]?.event ?? null;
}

/** A reminder can be set only for a broadcast still to come. */
export function canRemind(event: LiveWindowInput, nowMs: number): boolean {
  return liveEventStatus(event, nowMs) === 'upcoming';
}

export const LIVE_STAT_KINDS = ['kickoff', 'goal', 'card', 'substitution', 'halftime', 'fulltime'] as const;
export type LiveStatKind = (typeof LIVE_STAT_KINDS)[number];
export type LiveSide = 'home' | 'away';

/** One thing that happens in a match, at a match minute. */
export interface LiveStatEntry {
  minute: number;
  kind: LiveStatKind;
  side: LiveSide | null;
  player: string | null;
}

/** What a match's stats page shows: the score, the clock and what has happened, newest last. */
export interface LiveFigures {
  homeScore: number;
  awayScore: number;
  /** The match clock in whole minutes; null before kick-off. */
  minute: number | null;
  entries: LiveStatEntry[];
}

/** A match lasts this many minutes of its timeline unless it says otherwise. */
export const DEFAULT_MATCH_MINUTES = 90;

/**
 * Seconds into the live loop at `nowMs`: the loop plays on a wall clock that started at the Unix epoch
 * (as the live playlist does), so the server and every player agree on it.
 */
export function loopPosition(nowMs: number, loopSeconds: number): number {
  if (!(loopSeconds > 0)) return 0;
  const loopMs = loopSeconds * 1000;
  return (((Math.max(0, nowMs) % loopMs) + loopMs) % loopMs) / 1000;
}

/** The match minute a point of the loop shows: one pass of the loop is the whole match. */
export function matchMinuteAt(positionSeconds: number, loopSeconds: number, matchMinutes: number): number {
  if (!(loopSeconds > 0)) return 0;
  const share = Math.min(Math.max(positionSeconds / loopSeconds, 0), 1);
  return Math.min(matchMinutes, Math.floor(share * matchMinutes));
}

/**
 * The figures of a match at a match minute (null: before kick-off, nothing has happened); the score
 * counts the goals that happened. Entries come in minute order.
 */
export function figuresAt(timeline: readonly LiveStatEntry[], minute: number | null): LiveFigures {
  const entries =
    minute === null
      ? []
      : timeline
          .filter((entry) => entry.minute <= minute)
          .slice()
          .sort((a, b) => a.minute - b.minute);
  const goals = (side: LiveSide) =>
    entries.filter((entry) => entry.kind === 'goal' && entry.side === side).length;
  return { homeScore: goals('home'), awayScore: goals('away'), minute, entries };
}

/**
 * The figures a broadcast shows at `nowMs`: none before it starts; while live, those of the loop's
 * current minute; once ended, the whole match.
 */
export function liveFiguresNow(
  event: LiveWindowInput,
  timeline: readonly LiveStatEntry[],
  nowMs: number,
  loop: { loopSeconds: number; matchMinutes?: number },
): LiveFigures {
  const matchMinutes = loop.matchMinutes ?? DEFAULT_MATCH_MINUTES;
  switch (liveEventStatus(event, nowMs)) {
    case 'live':
      return figuresAt(
        timeline,
        matchMinuteAt(loopPosition(nowMs, loop.loopSeconds), loop.loopSeconds, matchMinutes),
      );
    case 'ended':
      return figuresAt(timeline, matchMinutes);
    case 'upcoming':
    case null:
      return figuresAt(timeline, null);
  }
}
