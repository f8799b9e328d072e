import { DEFAULT_BROADCAST_MS, type LiveEvent, type LiveStatus } from '@member/domain';

export { DEFAULT_BROADCAST_MS };

export type BroadcastStatus = LiveStatus;

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
 * up (soonest first), then ended (latest first). Events with an unreadable start are left out. The
 * status is the server's (decided from the times when it answered, decision 036), except that a
 * broadcast the page has watched pass its start or end moves on: upcoming to live, live to ended.
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
      const clock: BroadcastStatus = nowMs < startsAtMs ? 'upcoming' : nowMs < endsAtMs ? 'live' : 'ended';
      // Never backwards from what the server said: a page's clock may run behind the server's.
      const order: Record<BroadcastStatus, number> = { upcoming: 0, live: 1, ended: 2 };
      const status = order[clock] > order[event.status] ? clock : event.status;
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
