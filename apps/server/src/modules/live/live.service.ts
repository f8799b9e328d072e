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
import type { TransactionRunner } from '../../db/transaction';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import { parseMediaDetails } from '../catalog/catalog.records';
import type { CatalogService, LiveEventView, MediaItemView } from '../catalog/catalog.service';
import { composeMail, mailTexts, mailTime } from '../mail/mail-texts';
import type { MailService } from '../mail/mail.service';
import type { MediaService } from '../media/media.service';
import type { DueReminderRecord, LiveRepository } from './live.repository';

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
  /** The outbox the reminders job writes to, in the transaction that marks each reminder mailed. */
  mail: Pick<MailService, 'enqueue' | 'send'>;
  transactions: TransactionRunner;
  now?: () => number;
}

/** How long before its broadcast starts a reminder is mailed (at once when set later than that). */
export const REMIND_BEFORE_MS = 15 * 60_000;
/** Due reminders read per statement by the reminders job (it reads page after page until none is left). */
const DUE_PAGE = 100;

/** Reminders listed at most (a member has a handful; the cap bounds the answer). */
const MAX_REMINDERS = 50;
/** A broadcast start as a schedule writes it: ISO-8601 UTC, bounded. */
const STARTS_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

export function createLiveService({
  catalog,
  media,
  repository,
  mail,
  transactions,
  now = Date.now,
}: LiveServiceDeps) {
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
   * member.setLiveReminder: remembers that the member wants a reminder of a broadcast still to come,
   * with the broadcast's end and the public origin of the page (`origin`), the reminder mail's link.
   * Refused (`broadcast_started`) once it has started; setting it again changes nothing.
   */
  async function setReminder(
    ctx: RequestContext,
    member: MemberAuth,
    mediaId: number,
    startsAt: string,
    origin: string,
  ): Promise<void> {
    const { stream, event } = await broadcastOf(ctx, mediaId, startsAt);
    const nowMs = now();
    const window = liveWindow(event);
    if (!window || !canRemind(event, nowMs))
      throw forbidden('This broadcast has already started.', 'broadcast_started');
    await repository.addReminder(ctx.brand.config.id, member.claims.id, stream.id, {
      startsAt: event.startsAt,
      endsAt: new Date(window.endsAtMs).toISOString(),
      origin,
      createdAt: new Date(nowMs).toISOString(),
    });
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

  /**
   * Mails one due reminder, if its broadcast is still on the stream's schedule and has not ended: the
   * reminder is claimed (conditional UPDATE) and its mail written to the outbox in one transaction, so
   * it is mailed once, or not at all when the run dies before the commit (the next run mails it then).
   * True when this call mailed it.
   */
  async function mailReminder(row: DueReminderRecord, nowMs: number): Promise<boolean> {
    const schedule = parseMediaDetails(row.details).liveSchedule ?? [];
    const event = schedule.find((line) => line.startsAt === row.startsAt);
    const window = event ? liveWindow(event) : null;
    // Gone from the schedule (moved, cancelled) or ended by its schedule now: nothing to remind of.
    if (!event || !window || nowMs >= window.endsAtMs) return false;
    // Not due yet by its exact time (the query compares the start as text, to the minute).
    if (window.startsAtMs - REMIND_BEFORE_MS > nowMs) return false;
    const texts = mailTexts(row.language);
    const content = composeMail(
      row.language,
      row.name || null,
      texts.liveReminder({
        brand: row.brandName,
        title: event.title,
        time: mailTime(row.language, new Date(window.startsAtMs).toISOString(), row.timezone),
        link: `${row.origin}/browse/stream/live/${encodeURIComponent(row.slug)}`,
        started: nowMs >= window.startsAtMs,
      }),
    );
    const outgoing = {
      brandId: row.brandId,
      memberId: row.memberId,
      kind: 'live_reminder',
      to: row.email,
      ...content,
    };
    const mailId = await transactions(async (tx) => {
      if (!(await repository.claimReminder(row.id, row.brandId, new Date(nowMs).toISOString(), tx)))
        return null;
      return mail.enqueue(outgoing, tx);
    });
    if (mailId === null) return false;
    mail.send(mailId, outgoing);
    return true;
  }

  /**
   * The reminders job's work (docs/decisions/036): mails every reminder whose broadcast starts within
   * REMIND_BEFORE_MS (or has started and not ended), in the member's language, with a link to the
   * match's live page; the number mailed. Safe on several servers at once (each reminder is claimed
   * once) and after a crash (an unclaimed reminder is still due on the next run).
   */
  async function mailDueReminders(): Promise<number> {
    const nowMs = now();
    const nowIso = new Date(nowMs).toISOString();
    const untilIso = new Date(nowMs + REMIND_BEFORE_MS).toISOString();
    let mailed = 0;
    let after: { startsAt: string; id: number } | null = null;
    for (;;) {
      const page = await repository.dueReminders(nowIso, untilIso, after, DUE_PAGE);
      for (const row of page) if (await mailReminder(row, nowMs)) mailed++;
      const last = page.at(-1);
      if (!last || page.length < DUE_PAGE) return mailed;
      after = { startsAt: last.startsAt, id: last.id };
    }
  }

  return { stats, setReminder, removeReminder, reminders, mailDueReminders };
}

export type LiveService = ReturnType<typeof createLiveService>;
