/*
 * The green page (spec section 1): one tree planted per active month of membership and one per hour
 * streamed; 4 trees equal 1 tonne of carbon (a tree absorbs a quarter tonne), so 12 trees offset 3
 * tonnes. Green points are the trees earned, at least 1 (spec section 9).
 */

/** Tonnes of carbon one tree absorbs. */
export const TONNES_PER_TREE = 0.25;
/** Seconds of streaming that plant one tree. */
export const SECONDS_PER_STREAMED_TREE = 3600;
/** The fewest green points a member has. */
export const MIN_GREEN_POINTS = 1;

/** A span of membership: from `start` to `end` (null while it runs), ISO-8601 timestamps. */
export interface MembershipPeriod {
  start: string;
  end: string | null;
}

/** Seconds a member streamed, and when (the time the play was last saved). */
export interface StreamedTime {
  seconds: number;
  at: string;
}

export interface TreeCount {
  activeMonths: number;
  hoursStreamed: number;
  treesFromMonths: number;
  treesFromStreaming: number;
  trees: number;
  /** Tonnes of carbon the trees absorb: trees / 4. */
  carbonTonnes: number;
  greenPoints: number;
}

/** Whole calendar months from `from` to `to` (a month counts once its day of the month comes round). */
export function wholeMonthsBetween(from: Date, to: Date): number {
  if (!(to > from)) return 0;
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const anniversary = new Date(from);
  anniversary.setUTCMonth(from.getUTCMonth() + months);
  // setUTCMonth overflows into the next month for day 31 in a short month; the month is then not whole.
  if (anniversary > to || anniversary.getUTCDate() !== from.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Merges overlapping periods (two subscriptions at once are one month of membership, not two). */
export function mergePeriods(periods: readonly MembershipPeriod[], now: Date): { start: Date; end: Date }[] {
  const spans = periods
    .map((period) => ({ start: parse(period.start), end: period.end === null ? now : parse(period.end) }))
    .flatMap((span) => {
      if (!span.start || !span.end) return [];
      const end = span.end > now ? now : span.end;
      return end > span.start ? [{ start: span.start, end }] : [];
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: { start: Date; end: Date }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) {
      if (span.end > last.end) last.end = span.end;
    } else merged.push({ ...span });
  }
  return merged;
}

/** Whole months of membership over every period, overlaps counted once. */
export function activeMonths(periods: readonly MembershipPeriod[], now: Date): number {
  return mergePeriods(periods, now).reduce((sum, span) => sum + wholeMonthsBetween(span.start, span.end), 0);
}

/** Tonnes of carbon `trees` absorb (4 trees = 1 tonne). */
export function carbonTonnes(trees: number): number {
  return Math.max(0, Math.trunc(trees)) * TONNES_PER_TREE;
}

/** Green points of a member who earned `trees`: the trees, at least MIN_GREEN_POINTS. */
export function greenPointsFromTrees(trees: number): number {
  return Math.max(MIN_GREEN_POINTS, Math.trunc(Number.isFinite(trees) ? trees : 0));
}

function validSeconds(streams: readonly StreamedTime[]): number {
  return streams.reduce(
    (sum, stream) => sum + (Number.isFinite(stream.seconds) && stream.seconds > 0 ? stream.seconds : 0),
    0,
  );
}

/** The member's trees from membership periods and streamed time, as of `now`. */
export function countTrees(
  periods: readonly MembershipPeriod[],
  streams: readonly StreamedTime[],
  now: Date,
): TreeCount {
  const months = activeMonths(periods, now);
  const seconds = validSeconds(streams);
  const hoursStreamed = Math.floor(seconds / SECONDS_PER_STREAMED_TREE);
  const trees = months + hoursStreamed;
  return {
    activeMonths: months,
    hoursStreamed,
    treesFromMonths: months,
    treesFromStreaming: hoursStreamed,
    trees,
    carbonTonnes: carbonTonnes(trees),
    greenPoints: greenPointsFromTrees(trees),
  };
}

export interface TreePoint {
  /** `YYYY-MM`. */
  month: string;
  /** Trees earned up to the end of that month. */
  trees: number;
}

function monthKey(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Trees over time for the chart: one point per calendar month (at most `maxMonths`, the latest),
 * from the first month of membership or streaming to `now`'s month. Each point counts what had been
 * earned by the end of its month (or by `now` for the current month), so the last point equals
 * countTrees(...).trees.
 */
export function treesOverTime(
  periods: readonly MembershipPeriod[],
  streams: readonly StreamedTime[],
  now: Date,
  maxMonths = 24,
): TreePoint[] {
  const starts = [
    ...mergePeriods(periods, now).map((span) => span.start),
    ...streams.flatMap((stream) => {
      const at = parse(stream.at);
      return at && at <= now ? [at] : [];
    }),
  ];
  if (starts.length === 0) return [{ month: monthKey(now), trees: 0 }];
  const first = new Date(Math.min(...starts.map((date) => date.getTime())));
  let cursor = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
  const points: TreePoint[] = [];
  while (cursor <= now) {
    const next = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
    const cut = next > now ? now : new Date(next.getTime() - 1);
    const upTo = streams.filter((stream) => {
      const at = parse(stream.at);
      return at !== null && at <= cut;
    });
    points.push({ month: monthKey(cursor), trees: countTrees(periods, upTo, cut).trees });
    cursor = next;
  }
  return points.slice(-Math.max(1, maxMonths));
}
