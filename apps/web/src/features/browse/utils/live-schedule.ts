import type { LiveEvent } from '@member/domain';

/** How long a broadcast without an end time counts as on air. */
export const DEFAULT_BROADCAST_MS = 2 * 60 * 60 * 1000;

export type BroadcastStatus = 'live' | 'upcoming' | 'ended';

export interface Broadcast<T> {
  event: LiveEvent;
  /** What the broadcast belongs to (a stream). */
  source: T;
  status: BroadcastStatus;
  startsAtMs: number;
  endsAtMs: number;
}

function endOf(event: LiveEvent, startsAtMs: number): number {
  const end = event.endsAt ? Date.parse(event.endsAt) : NaN;
  return Number.isNaN(end) || end <= startsAtMs ? startsAtMs + DEFAULT_BROADCAST_MS : end;
}

/**
 * The broadcasts of one or more schedules around `nowMs`: on air now (earliest end first), then coming
 * up (soonest first), then ended (latest first). Events with an unreadable start are left out.
 */
export function scheduleAround<T>(
  schedules: readonly { source: T; events: readonly LiveEvent[] }[],
  nowMs: number,
): Broadcast<T>[] {
  const broadcasts: Broadcast<T>[] = [];
  for (const { source, events } of schedules) {
    for (const event of events) {
      const startsAtMs = Date.parse(event.startsAt);
      if (Number.isNaN(startsAtMs)) continue;
      const endsAtMs = endOf(event, startsAtMs);
      const status: BroadcastStatus = nowMs < startsAtMs ? 'upcoming' : nowMs < endsAtMs ? 'live' : 'ended';
      broadcasts.push({ event, source, status, startsAtMs, endsAtMs });
    }
  }
  const rank: Record<BroadcastStatus, number> = { live: 0, upcoming: 1, ended: 2 };
  return broadcasts.sort((a, b) => {
    if (a.status !== b.status) return rank[a.status] - rank[b.status];
    if (a.status === 'live') return a.endsAtMs - b.endsAtMs;
    if (a.status === 'upcoming') return a.startsAtMs - b.startsAtMs;
    return b.startsAtMs - a.startsAtMs;
  });
}
