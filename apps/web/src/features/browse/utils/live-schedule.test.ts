import { describe, expect, it } from 'vitest';
import { DEFAULT_BROADCAST_MS, scheduleAround } from './live-schedule';

const at = (iso: string) => Date.parse(iso);
// The server's status as of an earlier answer: the page's clock moves it on, never back.
const event = (title: string, startsAt: string, endsAt: string | null = null) => ({
  title,
  startsAt,
  endsAt,
  status: 'upcoming' as const,
  hasReplay: false,
});

describe('scheduleAround', () => {
  const now = at('2026-03-01T12:00:00Z');

  it('orders live, then upcoming soonest first, then ended latest first', () => {
    const order = scheduleAround(
      [
        {
          source: 'a',
          events: [
            event('later', '2026-03-02T12:00:00Z', '2026-03-02T14:00:00Z'),
            event('old', '2026-02-01T12:00:00Z', '2026-02-01T14:00:00Z'),
          ],
        },
        {
          source: 'b',
          events: [
            event('soon', '2026-03-01T13:00:00Z', '2026-03-01T15:00:00Z'),
            event('on', '2026-03-01T11:00:00Z', '2026-03-01T13:00:00Z'),
            event('recent', '2026-02-28T12:00:00Z', '2026-02-28T14:00:00Z'),
          ],
        },
      ],
      now,
    ).map((b) => [b.event.title, b.status, b.source]);
    expect(order).toEqual([
      ['on', 'live', 'b'],
      ['soon', 'upcoming', 'b'],
      ['later', 'upcoming', 'a'],
      ['recent', 'ended', 'b'],
      ['old', 'ended', 'a'],
    ]);
  });

  it('gives an event without a (valid) end the default length and skips unreadable starts', () => {
    const [open, ...rest] = scheduleAround(
      [
        {
          source: 1,
          events: [event('open', '2026-03-01T11:30:00Z'), event('broken', 'not a date')],
        },
      ],
      now,
    );
    expect(rest).toEqual([]);
    expect(open?.status).toBe('live');
    expect(open?.endsAtMs).toBe(at('2026-03-01T11:30:00Z') + DEFAULT_BROADCAST_MS);
  });

  it('counts the end as over and the start as on air', () => {
    const statuses = scheduleAround(
      [
        {
          source: 1,
          events: [
            event('ends now', '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z'),
            event('starts now', '2026-03-01T12:00:00Z', '2026-03-01T13:00:00Z'),
          ],
        },
      ],
      now,
    ).map((b) => [b.event.title, b.status]);
    expect(statuses).toEqual([
      ['starts now', 'live'],
      ['ends now', 'ended'],
    ]);
  });

  it("keeps the server's status when the page's clock says an earlier one", () => {
    const [broadcast] = scheduleAround(
      [
        {
          source: 'a',
          events: [{ ...event('over', '2026-03-01T11:00:00Z', '2026-03-01T13:00:00Z'), status: 'ended' }],
        },
      ],
      now,
    );
    expect(broadcast?.status).toBe('ended');
  });
});
