import {
  DEFAULT_MATCH_MINUTES,
  type LiveFigures,
  type LiveStatEntry,
  type LiveStatus,
  canRemind,
  currentLiveEvent,
  figuresAt,
  liveEventStatus,
  liveFiguresNow,
  liveWindow,
  loopPosition,
  matchMinuteAt,
} from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { CatalogService, LiveEventView, MediaItemView } from '../catalog/catalog.service';
import type { MediaService } from '../media/media.service';
import type { LiveRepository } from './live.repository';

/*
 * Live events (issue 14 item 7, docs/decisions/036): a match's figures on its live stats page, and
 * members' reminders for broadcasts still to come. Statuses are decided here from the broadcast's
 * times against the server's clock; the figures of a live match follow the live loop (one pass of the
 * loop is the whole match), so what the page says matches the picture every viewer sees.
 */

/** A live stats page's answer. */
export interface LiveStatsView {
  mediaId: number;
  title: string;
  status: LiveStatus;
  startsAt: string;
  endsAt: string;
  home: string | null;
  away: string | null;
  homeScore: number;
  awayScore: number;
  minute: number | null;
  matchMinutes: number;
  events: LiveStatEntry[];
  hasReplay: boolean;
  /** Seconds into the live loop when answered (null unless live): a page may follow the loop from it. */
  loopPositionSeconds: number | null;
  loopSeconds: number | null;
  /** When the figures were read (ISO-8601 UTC). */
  asOf: string;
}

export interface LiveReminderView {
  mediaId: number;
  slug: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  status: LiveStatus;
}

export interface LiveServiceDeps {
  catalog: Pick<CatalogService, 'liveStream' | 'media'>;
  media: Pick<MediaService, 'liveLoopSeconds'>;
  repository: LiveRepository;
  now?: () => number;
}

/** Reminders listed at most (a member has a handful; the cap bounds the answer). */
const MAX_REMINDERS = 50;
/** A broadcast start as a schedule writes it: ISO-8601 UTC, bounded. */
const STARTS_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

export function createLiveService({ catalog, media, repository, now = Date.now }: LiveServiceDeps) {
  /** content.liveStats: the figures of the broadcast a stream's page is about, as of now. */
  async function stats(ctx: RequestContext, slug: string): Promise<LiveStatsView> {
    const stream = await catalog.liveStream(ctx, slug);
    if (!stream) throw notFound('Media not found', 'media_not_found');
    const nowMs = now();
    const event = currentLiveEvent(stream.liveSchedule, nowMs);
    const window = event ? liveWindow(event) : null;
    if (!event || !window) throw notFound('This stream has no broadcast.', 'no_broadcast');
    const status = liveEventStatus(event, nowMs) ?? 'ended';
    const loopSeconds = await media.liveLoopSeconds(stream.playbackKey);
    const timeline = event.timeline ?? [];
    const figures: LiveFigures =
      status === 'live' && loopSeconds === null
        ? // No loop to follow: a live match's clock is its real elapsed share of the broadcast.
          figuresAt(
            timeline,
            matchMinuteAt(
              (nowMs - window.startsAtMs) / 1000,
              (window.endsAtMs - window.startsAtMs) / 1000,
              DEFAULT_MATCH_MINUTES,
            ),
          )
        : liveFiguresNow(event, timeline, nowMs, { loopSeconds: loopSeconds ?? 1 });
    return {
      mediaId: stream.id,
      title: event.title,
      status,
      startsAt: new Date(window.startsAtMs).toISOString(),
      endsAt: new Date(window.endsAtMs).toISOString(),
      home: event.home ?? null,
      away: event.away ?? null,
      homeScore: figures.homeScore,
      awayScore: figures.awayScore,
      minute: figures.minute,
      matchMinutes: DEFAULT_MATCH_MINUTES,
      events: figures.entries,
      hasReplay: event.hasReplay,
      loopPositionSeconds:
        status === 'live' && loopSeconds !== null ? loopPosition(nowMs, loopSeconds) : null,
      loopSeconds: status === 'live' ? loopSeconds : null,
      asOf: new Date(nowMs).toISOString(),
    };
  }

  /** The stream (by content.media's rules) and its broadcast starting at `startsAt`. */
  async function broadcastOf(
    ctx: RequestContext,
    mediaId: number,
    startsAt: string,
  ): Promise<{ stream: MediaItemView; event: LiveEventView }> {
    if (startsAt.length > 40 || !STARTS_AT.test(startsAt))
      throw badInput('The broadcast start is not a time.', 'invalid_starts_at');
    const stream = await catalog.media(ctx, 'stream', mediaId);
    const wanted = Date.parse(startsAt);
    const event = stream?.liveSchedule.find((line) => Date.parse(line.startsAt) === wanted);
    if (!stream || !event) throw notFound('No such broadcast.', 'broadcast_not_found');
    return { stream, event };
  }

  /**
   * member.setLiveReminder: remembers that the member wants a reminder of a broadcast still to come.
   * Refused (`broadcast_started`) once it has started; setting it again changes nothing.
   */
  async function setReminder(
    ctx: RequestContext,
    member: MemberAuth,
    mediaId: number,
    startsAt: string,
  ): Promise<void> {
    const { stream, event } = await broadcastOf(ctx, mediaId, startsAt);
    const nowMs = now();
    if (!canRemind(event, nowMs)) throw forbidden('This broadcast has already started.', 'broadcast_started');
    await repository.addReminder(
      ctx.brand.config.id,
      member.claims.id,
      stream.id,
      event.startsAt,
      new Date(nowMs).toISOString(),
    );
  }

  /** member.removeLiveReminder: forgets the reminder; one that is not there is no error. */
  async function removeReminder(
    ctx: RequestContext,
    member: MemberAuth,
    mediaId: number,
    startsAt: string,
  ): Promise<void> {
    if (startsAt.length > 40 || !STARTS_AT.test(startsAt))
      throw badInput('The broadcast start is not a time.', 'invalid_starts_at');
    await repository.removeReminder(ctx.brand.config.id, member.claims.id, mediaId, startsAt);
  }

  /**
   * member.liveReminders: the member's reminders for broadcasts that have not ended (a reminder of a
   * broadcast on air now says so), soonest first; streams the member may no longer open are left out.
   */
  async function reminders(ctx: RequestContext, member: MemberAuth): Promise<LiveReminderView[]> {
    const nowMs = now();
    // A broadcast lasts hours at most: anything that started more than a day ago has ended.
    const from = new Date(nowMs - 24 * 3_600_000).toISOString();
    const rows = await repository.listReminders(ctx.brand.config.id, member.claims.id, from, MAX_REMINDERS);
    const views: LiveReminderView[] = [];
    for (const row of rows) {
      // A stream gone, or no longer open to the member (location, membership), is left out.
      const stream = await catalog.media(ctx, 'stream', row.mediaId).catch((error: unknown) => {
        if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN'))
          return null;
        throw error;
      });
      const event = stream?.liveSchedule.find((line) => line.startsAt === row.startsAt);
      if (!stream || !event || event.status === 'ended') continue;
      views.push({
        mediaId: stream.id,
        slug: stream.slug,
        title: event.title,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        status: event.status,
      });
    }
    return views;
  }

  return { stats, setReminder, removeReminder, reminders };
}

export type LiveService = ReturnType<typeof createLiveService>;
