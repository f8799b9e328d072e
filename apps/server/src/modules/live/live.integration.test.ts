import type { LiveStatEntry } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, genericToken, graphql, signInNewMember } from '../../test/http';
import { createCatalogRepository } from '../catalog/catalog.repository';

/*
 * Live means live (issue 14 item 7, docs/decisions/036): statuses decided by the server from the
 * broadcast's times, Play that starts the live loop only while live and the replay once ended, the
 * live stats page's figures, and reminders a member sets and removes for what is still to come.
 */

const HOUR = 3_600_000;
const LOOP = '/media/demo/live/match-day/index.m3u8';
const TIMELINE: LiveStatEntry[] = [
  { minute: 0, kind: 'kickoff', side: null, player: null },
  { minute: 12, kind: 'goal', side: 'home', player: 'Ada Lind' },
  { minute: 45, kind: 'halftime', side: null, player: null },
  { minute: 60, kind: 'card', side: 'away', player: 'Bruno Sá' },
  { minute: 77, kind: 'goal', side: 'away', player: 'Chloé Marin' },
  { minute: 84, kind: 'goal', side: 'home', player: 'Ada Lind' },
  { minute: 90, kind: 'fulltime', side: null, player: null },
];

const STREAM = /* GraphQL */ `
  query Stream($id: Int!) {
    content {
      media(mediaType: "stream", id: $id) {
        liveStatus
        liveSchedule {
          title
          startsAt
          endsAt
          status
          hasReplay
        }
      }
    }
  }
`;
const START = /* GraphQL */ `
  mutation Start($id: Int!) {
    content {
      startPlayback(mediaType: "stream", id: $id) {
        responseResult {
          succeeded
          errorCode
          slug
        }
        playback {
          kind
          url
        }
      }
    }
  }
`;
const STATS = /* GraphQL */ `
  query Stats($slug: String!) {
    content {
      liveStats(slug: $slug) {
        status
        home
        away
        homeScore
        awayScore
        minute
        matchMinutes
        hasReplay
        loopSeconds
        loopPositionSeconds
        events {
          minute
          kind
          side
          player
        }
      }
    }
  }
`;
const SET = /* GraphQL */ `
  mutation Set($mediaId: Int!, $startsAt: String!) {
    member {
      setLiveReminder(mediaId: $mediaId, startsAt: $startsAt) {
        responseResult {
          succeeded
          slug
        }
      }
    }
  }
`;
const REMOVE = /* GraphQL */ `
  mutation Remove($mediaId: Int!, $startsAt: String!) {
    member {
      removeLiveReminder(mediaId: $mediaId, startsAt: $startsAt) {
        responseResult {
          succeeded
          slug
        }
      }
    }
  }
`;
const REMINDERS = /* GraphQL */ `
  query {
    member {
      liveReminders {
        mediaId
        slug
        title
        startsAt
        status
      }
    }
  }
`;

interface Stats {
  status: string;
  home: string | null;
  away: string | null;
  homeScore: number;
  awayScore: number;
  minute: number | null;
  matchMinutes: number;
  hasReplay: boolean;
  loopSeconds: number | null;
  loopPositionSeconds: number | null;
  events: { minute: number; kind: string; side: string | null; player: string | null }[];
}

describe.each(ENGINES)('live events (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  const ids: Record<string, number> = {};
  const starts: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    const repo = createCatalogRepository(t.db.kysely, t.db.dialect);
    const now = Date.now();
    const broadcast = (name: string, startsAtMs: number, replay: boolean, playbackKey = LOOP) => {
      const startsAt = new Date(startsAtMs).toISOString();
      starts[name.toLowerCase()] = startsAt;
      return {
        brandId: brand.id,
        mediaType: 'stream' as const,
        title: `${name} City v Town`,
        playbackKey,
        details: {
          liveSchedule: [
            {
              title: `${name} City v Town`,
              startsAt,
              endsAt: new Date(startsAtMs + 2 * HOUR).toISOString(),
              replay,
              home: `${name} City`,
              away: 'Town',
              timeline: TIMELINE,
            },
          ],
        },
      };
    };
    const [live, upcoming, replayed, lost, feed] = await repo.insertMedia([
      broadcast('Live', now - HOUR / 2, true),
      broadcast('Upcoming', now + 24 * HOUR, true),
      broadcast('Replayed', now - 26 * HOUR, true),
      broadcast('Lost', now - 50 * HOUR, false),
      // A live stream with no loop to follow: its clock is the broadcast's real elapsed share.
      broadcast('Feed', now - HOUR / 2, false, '/media/demo/video/fractal-tides.mp4'),
    ]);
    Object.assign(ids, { live, upcoming, replayed, lost, feed });
  });

  afterAll(async () => {
    await t.close();
  });

  const id = (name: string) => {
    const value = ids[name];
    if (value === undefined) throw new Error(`no ${name}`);
    return value;
  };

  it('decides each broadcast status from its times, not from anything stored', async () => {
    const member = await signInNewMember(t, brand);
    for (const [name, status] of [
      ['live', 'live'],
      ['upcoming', 'upcoming'],
      ['replayed', 'ended'],
      ['lost', 'ended'],
    ] as const) {
      const { data, errors } = await graphql<{
        content: { media: { liveStatus: string; liveSchedule: { status: string; hasReplay: boolean }[] } };
      }>(t.app, member.caller, STREAM, { id: id(name) });
      expect(errors).toBeUndefined();
      expect(data?.content.media.liveStatus).toBe(status);
      expect(data?.content.media.liveSchedule[0]).toMatchObject({ status, hasReplay: name !== 'lost' });
    }
  });

  it('plays live only while live, the replay once ended, and nothing before or without a recording', async () => {
    const member = await signInNewMember(t, brand);
    interface Start {
      content: {
        startPlayback: {
          responseResult: { succeeded: boolean; errorCode: string | null; slug: string | null };
          playback: { kind: string; url: string } | null;
        };
      };
    }
    const start = async (name: string) =>
      (await graphql<Start>(t.app, member.caller, START, { id: id(name) })).data?.content.startPlayback;

    const live = await start('live');
    expect(live?.playback?.kind).toBe('LIVE');
    expect(live?.playback?.url).toMatch(/\/live\.m3u8$/);

    const replay = await start('replayed');
    expect(replay?.playback?.kind).toBe('VIDEO');
    expect(replay?.playback?.url).toMatch(/\/replay\.m3u8$/);
    const playlist = await t.app.inject({
      method: 'GET',
      url: replay?.playback?.url ?? '',
      headers: { host: brand.hostname },
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    expect(playlist.body).toContain('seg000.ts');

    expect(await start('lost')).toMatchObject({
      playback: null,
      responseResult: { succeeded: false, errorCode: 'NOT_FOUND', slug: 'media_not_playable' },
    });
    expect(await start('upcoming')).toMatchObject({
      playback: null,
      responseResult: { succeeded: false, errorCode: 'FORBIDDEN', slug: 'stream_not_live' },
    });
  });

  it('answers the figures: final once ended, none before, and the loop moment while live', async () => {
    const visitor: Caller = { host: brand.hostname, token: await genericToken(t.app, brand.hostname) };
    const stats = async (slug: string) => {
      const { data, errors } = await graphql<{ content: { liveStats: Stats } }>(t.app, visitor, STATS, {
        slug,
      });
      expect(errors).toBeUndefined();
      const value = data?.content.liveStats;
      if (!value) throw new Error('no stats');
      return value;
    };

    const ended = await stats('replayed-city-v-town');
    expect(ended).toMatchObject({
      status: 'ended',
      home: 'Replayed City',
      away: 'Town',
      homeScore: 2,
      awayScore: 1,
      minute: 90,
      hasReplay: true,
      loopSeconds: null,
    });
    expect(ended.events).toHaveLength(TIMELINE.length);

    const upcoming = await stats('upcoming-city-v-town');
    expect(upcoming).toMatchObject({
      status: 'upcoming',
      homeScore: 0,
      awayScore: 0,
      minute: null,
      events: [],
    });

    // While live the figures are those of the loop's current minute: whatever that minute is, the
    // events are exactly the timeline's up to it and the score counts their goals.
    const live = await stats('live-city-v-town');
    expect(live.status).toBe('live');
    expect(live.loopSeconds).toBe(24);
    expect(live.minute).not.toBeNull();
    const minute = live.minute ?? -1;
    expect(minute).toBeGreaterThanOrEqual(0);
    expect(minute).toBeLessThanOrEqual(90);
    expect(live.events).toEqual(TIMELINE.filter((entry) => entry.minute <= minute));
    const goals = (side: string) => live.events.filter((e) => e.kind === 'goal' && e.side === side).length;
    expect([live.homeScore, live.awayScore]).toEqual([goals('home'), goals('away')]);

    // 30 minutes into a 2-hour broadcast: a quarter of the match, minute 22 (23 at a slow minute's edge).
    const feed = await stats('feed-city-v-town');
    expect(feed).toMatchObject({ status: 'live', loopSeconds: null, loopPositionSeconds: null });
    expect([22, 23]).toContain(feed.minute);
    expect(feed.homeScore).toBe(1);

    const missing = await graphql(t.app, visitor, STATS, { slug: 'no-such-match' });
    expect(missing.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('keeps a member reminder for a broadcast to come, once, theirs alone, until removed', async () => {
    const alice = await signInNewMember(t, brand);
    const bob = await signInNewMember(t, brand);
    const set = async (caller: Caller, name: string, startsAt = starts[name] ?? '') =>
      (
        await graphql<{
          member: { setLiveReminder: { responseResult: { succeeded: boolean; slug: string } } };
        }>(t.app, caller, SET, { mediaId: id(name), startsAt })
      ).data?.member.setLiveReminder.responseResult;
    const list = async (caller: Caller) =>
      (
        await graphql<{ member: { liveReminders: { mediaId: number; status: string; slug: string }[] } }>(
          t.app,
          caller,
          REMINDERS,
        )
      ).data?.member.liveReminders;

    expect(await set(alice.caller, 'upcoming')).toEqual({ succeeded: true, slug: null });
    expect(await set(alice.caller, 'upcoming')).toMatchObject({ succeeded: true });
    expect(await list(alice.caller)).toEqual([
      {
        mediaId: id('upcoming'),
        slug: 'upcoming-city-v-town',
        title: 'Upcoming City v Town',
        startsAt: starts.upcoming,
        status: 'upcoming',
      },
    ]);
    const rows = await t.db.kysely.selectFrom('live_reminders').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(await list(bob.caller)).toEqual([]);

    expect(await set(alice.caller, 'live')).toMatchObject({ succeeded: false, slug: 'broadcast_started' });
    expect(await set(alice.caller, 'replayed')).toMatchObject({
      succeeded: false,
      slug: 'broadcast_started',
    });
    expect(await set(alice.caller, 'upcoming', 'tomorrow')).toMatchObject({
      succeeded: false,
      slug: 'invalid_starts_at',
    });
    expect(await set(alice.caller, 'upcoming', '2030-01-01T00:00:00.000Z')).toMatchObject({
      succeeded: false,
      slug: 'broadcast_not_found',
    });

    // Bob removing "his" copy of Alice's reminder changes nothing of hers.
    await graphql(t.app, bob.caller, REMOVE, { mediaId: id('upcoming'), startsAt: starts.upcoming });
    expect(await list(alice.caller)).toHaveLength(1);
    const removed = await graphql<{
      member: { removeLiveReminder: { responseResult: { succeeded: boolean } } };
    }>(t.app, alice.caller, REMOVE, { mediaId: id('upcoming'), startsAt: starts.upcoming });
    expect(removed.data?.member.removeLiveReminder.responseResult.succeeded).toBe(true);
    expect(await list(alice.caller)).toEqual([]);

    const visitor: Caller = { host: brand.hostname, token: await genericToken(t.app, brand.hostname) };
    const refused = await graphql(t.app, visitor, SET, {
      mediaId: id('upcoming'),
      startsAt: starts.upcoming,
    });
    expect(refused.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});
