import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { playQueue } from '../../../lib/media/play-queue';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';

/*
 * A stream's page offers what its broadcast's status allows (decision 036): the replay of an ended
 * match, never "live"; a reminder for one to come, kept by the server.
 */

const ROUTE_LOAD = { timeout: 10_000 };
const HOUR = 3_600_000;
const thumbnail = { origin: 'https://cdn.example', path: '/t/1.jpg', cacheIndex: 2 };

function stream(status: 'upcoming' | 'live' | 'ended', hasReplay: boolean, startsAtMs: number) {
  const title = 'Matchday 3: Port Ember v Meadow Park';
  return {
    id: 40,
    mediaType: 'stream',
    title,
    slug: 'matchday-3-port-ember-v-meadow-park',
    description: '',
    thumbnail,
    playbackKey: '/media/demo/live/match-day/index.m3u8',
    duration: null,
    position: null,
    trackNumber: null,
    seasonNumber: null,
    episodeNumber: null,
    artists: [],
    is_free: false,
    releaseDate: null,
    releaseYear: 2026,
    quality: '1080p',
    language: 'en',
    languages: [],
    countryOfOrigin: null,
    upc: null,
    isbn: null,
    edition: null,
    numPages: null,
    publisher: null,
    copyright: null,
    type: null,
    casts: [],
    directors: [],
    producers: [],
    writers: [],
    authors: [],
    narrators: [],
    genres: [],
    tracks: [],
    episodes: [],
    firstEpisode: null,
    chapters: [],
    liveStatus: status,
    liveSchedule: [
      {
        title,
        startsAt: new Date(startsAtMs).toISOString(),
        endsAt: new Date(startsAtMs + 2 * HOUR).toISOString(),
        status,
        hasReplay,
      },
    ],
  };
}

interface Body {
  query: string;
  variables: Record<string, unknown>;
}

function mockApi(media: ReturnType<typeof stream>, reminders: { mediaId: number; startsAt: string }[] = []) {
  const saved = [...reminders];
  const fetchMock = mockFetch((url, init) => {
    const body = requestJson(init) as Body;
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    if (body.query.includes('menuItems'))
      return jsonResponse({
        data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('stream')] } },
      });
    if (body.query.includes('query MediaDetails')) return jsonResponse({ data: { content: { media } } });
    if (body.query.includes('query MediaProgress'))
      return jsonResponse({ data: { content: { progress: null } } });
    if (body.query.includes('query Collection'))
      return jsonResponse({ data: { content: { collection: [] } } });
    if (body.query.includes('query LiveReminders'))
      return jsonResponse({ data: { member: { liveReminders: saved } } });
    const result = { responseResult: { succeeded: true, errorCode: null, slug: null, message: null } };
    if (body.query.includes('mutation SetLiveReminder')) {
      saved.push(body.variables as { mediaId: number; startsAt: string });
      return jsonResponse({ data: { member: { setLiveReminder: result } } });
    }
    if (body.query.includes('mutation RemoveLiveReminder')) {
      saved.length = 0;
      return jsonResponse({ data: { member: { removeLiveReminder: result } } });
    }
    throw new Error(`Unexpected request ${body.query.slice(0, 60)}`);
  });
  return { fetchMock, saved };
}

const boot = () => buildBoot({ member: buildMember() });

describe('a stream by its status', () => {
  it('offers the replay of an ended match, and nothing live', async () => {
    mockApi(stream('ended', true, Date.now() - 26 * HOUR));
    const play = vi.spyOn(playQueue, 'play').mockImplementation(() => undefined);
    await renderApp('/browse/stream/id/40/matchday-3-port-ember-v-meadow-park', boot());
    const replay = await screen.findByRole(
      'button',
      { name: 'Watch the replay of Matchday 3: Port Ember v Meadow Park' },
      ROUTE_LOAD,
    );
    expect(screen.queryByRole('button', { name: / live$/ })).not.toBeInTheDocument();
    await userEvent.setup().click(replay);
    expect(play).toHaveBeenCalledWith([expect.objectContaining({ id: 40, mediaType: 'stream' })]);
  });

  it('says an ended match without a recording has no replay', async () => {
    mockApi(stream('ended', false, Date.now() - 50 * HOUR));
    await renderApp('/browse/stream/id/40/matchday-3-port-ember-v-meadow-park', boot());
    expect(await screen.findByText('No replay', {}, ROUTE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Watch/ })).not.toBeInTheDocument();
  });

  it('sets and removes a reminder for a match to come, as the server keeps it', async () => {
    const startsAt = Date.now() + 24 * HOUR;
    const { saved } = mockApi(stream('upcoming', true, startsAt));
    await renderApp('/browse/stream/id/40/matchday-3-port-ember-v-meadow-park', boot());
    const remind = await screen.findByRole('button', { name: /^Remind me/ }, ROUTE_LOAD);
    expect(remind).toHaveAccessibleName('Remind me of Matchday 3: Port Ember v Meadow Park');
    expect(remind).toHaveAttribute('aria-pressed', 'false');
    const user = userEvent.setup();
    await user.click(remind);
    await waitFor(() => {
      expect(remind).toHaveAttribute('aria-pressed', 'true');
    });
    expect(saved).toEqual([{ mediaId: 40, startsAt: new Date(startsAt).toISOString() }]);
    expect(screen.getByText('Reminder set')).toBeInTheDocument();
    await user.click(remind);
    await waitFor(() => {
      expect(remind).toHaveAttribute('aria-pressed', 'false');
    });
    expect(saved).toEqual([]);
  });
});
