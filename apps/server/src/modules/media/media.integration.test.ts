import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CONTENT_ACCESS_TAG, type MediaType } from '@member/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSubscription } from '../../test/catalog-factories';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp, testConfig } from '../../test/harness';
import { genericToken, login } from '../../test/http';
import {
  type CatalogRepository,
  type NewMedia,
  createCatalogRepository,
} from '../catalog/catalog.repository';
import { signedMediaPath } from './media.signing';

const START = /* GraphQL */ `
  mutation Start($mediaType: String!, $id: Int!) {
    content {
      startPlayback(mediaType: $mediaType, id: $id) {
        responseResult {
          succeeded
          errorCode
          slug
          message
        }
        playback {
          id
          mediaType
          title
          kind
          url
          mimeType
          startSeconds
          endSeconds
          expiresAt
          vendor_id
          textTracks {
            language
            kind
            url
          }
          playlist
        }
      }
    }
  }
`;

interface Playback {
  id: number;
  mediaType: string;
  title: string;
  kind: string;
  url: string;
  mimeType: string;
  startSeconds: number | null;
  endSeconds: number | null;
  expiresAt: string;
  vendor_id: string | null;
  textTracks: { language: string; kind: string; url: string }[];
  playlist: string | null;
}
interface StartResult {
  responseResult: {
    succeeded: boolean;
    errorCode: string | null;
    slug: string | null;
    message: string | null;
  };
  playback: Playback | null;
}

interface Caller {
  host: string;
  cookie?: string;
  token?: string;
  country?: string;
  userAgent?: string;
}

/** A GET with the path sent byte for byte (no URL normalization). */
function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15';

describe.each(ENGINES)('media playback (%s)', (engine) => {
  let t: TestApp;
  let repo: CatalogRepository;
  let importedBase: string;
  let open: { id: number; hostname: string };
  let gated: { id: number; hostname: string };
  let other: { id: number; hostname: string };
  let openMember: Caller;
  let musicOnly: Caller;
  let movieFan: Caller;
  let openMemberId: number;
  const ids: Record<string, number | undefined> = {};

  const id = (name: string) => {
    const value = ids[name];
    if (value === undefined) throw new Error(`no ${name}`);
    return value;
  };

  async function start(caller: Caller, mediaType: string, id: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: {
        host: caller.host,
        'content-type': 'application/json',
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        ...(caller.country ? { 'x-country-code': caller.country } : {}),
        ...(caller.userAgent ? { 'user-agent': caller.userAgent } : {}),
      },
      payload: { query: START, variables: { mediaType, id } },
    });
    return response.json<{
      data: { content: { startPlayback: StartResult } } | null;
      errors?: { extensions: { code: string } }[];
    }>();
  }

  async function play(caller: Caller, mediaType: string, id: number): Promise<Playback> {
    const body = await start(caller, mediaType, id);
    const result = body.data?.content.startPlayback;
    if (!result?.playback) throw new Error(JSON.stringify(body));
    expect(result.responseResult.succeeded).toBe(true);
    return result.playback;
  }

  async function refused(caller: Caller, mediaType: string, id: number) {
    const body = await start(caller, mediaType, id);
    const result = body.data?.content.startPlayback;
    expect(result?.playback).toBeNull();
    return result?.responseResult;
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: open.hostname, ...headers } });

  const errorCode = (response: LightMyRequestResponse) =>
    response.json<{ error: { code: string } }>().error.code;

  async function member(brand: { id: number; hostname: string }, mediaTypes?: MediaType[]) {
    const created = await buildMember(t.db, brand.id);
    if (mediaTypes) await buildSubscription(t.db, brand.id, created.id, { mediaTypes });
    const { cookie } = await login(t.app, brand.hostname, created.email, created.password);
    return { id: created.id, caller: { host: brand.hostname, ...(cookie ? { cookie } : {}) } };
  }

  beforeAll(async () => {
    importedBase = mkdtempSync(join(tmpdir(), 'media-imported-'));
    const importedDir = join(importedBase, 'imported');
    mkdirSync(join(importedDir, 'brand', 'album'), { recursive: true });
    mkdirSync(join(importedDir, 'thumbnails'), { recursive: true });
    writeFileSync(join(importedDir, 'brand', 'album', 'Song One.mp3'), Buffer.alloc(4096, 7));
    writeFileSync(join(importedDir, 'thumbnails', 'cover.webp'), Buffer.from('RIFF0000WEBP'));
    writeFileSync(join(importedBase, 'secret.txt'), 'not media');
    symlinkSync(join(importedBase, 'secret.txt'), join(importedDir, 'brand', 'album', 'escape.mp3'));

    const base = testConfig();
    t = await createTestApp(engine, { media: { ...base.media, importedDir } });
    repo = createCatalogRepository(t.db.kysely, t.db.dialect);
    open = await buildBrand(t.db);
    gated = await buildBrand(t.db, { brandTags: [CONTENT_ACCESS_TAG] });
    other = await buildBrand(t.db);

    const title = (brandId: number, mediaType: MediaType, name: string, extra: Partial<NewMedia> = {}) => ({
      brandId,
      mediaType,
      title: name,
      vendorId: `v-${name.toLowerCase().replace(/\W+/g, '-')}`,
      ...extra,
    });
    [
      ids.movie,
      ids.geo,
      ids.stream,
      ids.game,
      ids.ebook,
      ids.software,
      ids.audiobook,
      ids.album,
      ids.nothing,
      ids.missing,
      ids.imported,
      ids.escape,
      ids.gatedMovie,
      ids.gatedFree,
      ids.gatedSlot,
      ids.gatedMusic,
      ids.otherMovie,
    ] = await repo.insertMedia([
      title(open.id, 'movie', 'Colony', { playbackKey: '/media/demo/video/colony/index.m3u8' }),
      title(open.id, 'movie', 'Abroad', {
        playbackKey: '/media/demo/video/rule-110/index.m3u8',
        geoAllow: ['CA'],
      }),
      title(open.id, 'stream', 'Match Day', { playbackKey: '/media/demo/live/match-day/index.m3u8' }),
      title(open.id, 'game', 'Brick Breaker', { playbackKey: '/media/demo/games/brick-breaker/index.html' }),
      title(open.id, 'ebook', 'Quiet Bell', {
        playbackKey: '/media/demo/ebooks/the-case-of-the-quiet-bell.epub',
      }),
      title(open.id, 'software', 'Pomodoro', { playbackKey: '/media/demo/software/pomodoro-1.0.0.zip' }),
      title(open.id, 'audiobook', 'Small Rivers', {
        playbackKey: '/media/demo/audiobooks/a-map-of-small-rivers.m4b',
      }),
      title(open.id, 'music', 'Demo Sessions', { playbackKey: '/media/demo/music/01-harbor-lights.mp3' }),
      title(open.id, 'movie', 'No File'),
      title(open.id, 'movie', 'Gone', { playbackKey: '/media/demo/video/no-such-title/index.m3u8' }),
      title(open.id, 'music', 'Imported', { playbackKey: '/media/imported/brand/album/Song%20One.mp3' }),
      title(open.id, 'music', 'Escape', { playbackKey: '/media/imported/brand/album/escape.mp3' }),
      title(gated.id, 'movie', 'Paywalled', { playbackKey: '/media/demo/video/colony/index.m3u8' }),
      title(gated.id, 'movie', 'Free Film', {
        playbackKey: '/media/demo/video/colony/index.m3u8',
        isFree: true,
      }),
      title(gated.id, 'movie', 'Slotted', { playbackKey: '/media/demo/video/fractal-tides/index.m3u8' }),
      title(gated.id, 'music', 'Gated Album', { playbackKey: '/media/demo/music/02-night-market.mp3' }),
      title(other.id, 'movie', 'Elsewhere', { playbackKey: '/media/demo/video/colony/index.m3u8' }),
    ]);
    [ids.chapter, ids.track, ids.gatedTrack] = await repo.insertMedia([
      {
        brandId: open.id,
        mediaType: 'audiobook',
        parentId: ids.audiobook,
        position: 2,
        title: 'The Mill and the Tributary',
        playbackKey: '/media/demo/audiobooks/a-map-of-small-rivers.m4b#t=47.5,95',
      },
      {
        brandId: open.id,
        mediaType: 'music',
        parentId: ids.album,
        position: 1,
        title: 'Harbor Lights',
        playbackKey: '/media/demo/music/01-harbor-lights.mp3',
      },
      {
        brandId: gated.id,
        mediaType: 'music',
        parentId: ids.gatedMusic,
        position: 1,
        title: 'Night Market',
        playbackKey: '/media/demo/music/02-night-market.mp3',
      },
    ]);
    await repo.insertSlot({
      brandId: gated.id,
      slug: 'movie_free',
      title: 'Free movies',
      mediaType: 'movie',
      mediaIds: [id('gatedSlot')],
    });

    const opened = await member(open);
    openMember = opened.caller;
    openMemberId = opened.id;
    musicOnly = (await member(gated, ['music'])).caller;
    movieFan = (await member(gated, ['movie'])).caller;
  }, 60_000);

  afterAll(async () => {
    await t.close();
    rmSync(importedBase, { recursive: true, force: true });
  });

  describe('startPlayback', () => {
    it('answers a signed URL for the title folder and records a consumptions event', async () => {
      const before = Date.now();
      const playback = await play(openMember, 'movie', id('movie'));
      expect(playback).toMatchObject({
        id: id('movie'),
        mediaType: 'movie',
        title: 'Colony',
        kind: 'VIDEO',
        mimeType: 'application/vnd.apple.mpegurl',
        startSeconds: null,
        endSeconds: null,
        vendor_id: 'v-colony',
      });
      expect(playback.url).toMatch(/^\/media\/s\/\d+\/3\/[\w-]{43}\/demo\/video\/colony\/index\.m3u8$/);
      // The on-demand playlist comes with the URL, as the media route serves it.
      const served = await get(playback.url);
      expect(served.statusCode).toBe(200);
      expect(playback.playlist).toBe(served.body);
      expect(playback.playlist).toMatch(/#EXT-X-ENDLIST/);
      // Valid for MEDIA_URL_TTL_SECONDS (4 hours by default).
      const ttl = (Date.parse(playback.expiresAt) - before) / 1000;
      expect(ttl).toBeGreaterThan(t.config.media.urlTtlSeconds - 5);
      expect(ttl).toBeLessThanOrEqual(t.config.media.urlTtlSeconds + 1);

      const rows = await t.db.kysely
        .selectFrom('events')
        .selectAll()
        .where('member_id', '=', openMemberId)
        .where('namespace', '=', 'consumptions')
        .execute();
      const row = rows.find((event) => event.vendor_id === 'v-colony');
      expect(row).toMatchObject({ brand_id: open.id, token_kind: 'member' });
      expect(JSON.parse(row?.extras ?? '{}')).toMatchObject({
        action: 'play_start',
        mediaType: 'movie',
        mediaId: id('movie'),
        kind: 'VIDEO',
      });
    });

    it('records one event per play start', async () => {
      const count = async () =>
        (
          await t.db.kysely
            .selectFrom('events')
            .select('id')
            .where('member_id', '=', openMemberId)
            .where('vendor_id', '=', 'v-quiet-bell')
            .execute()
        ).length;
      const before = await count();
      await play(openMember, 'ebook', id('ebook'));
      await play(openMember, 'ebook', id('ebook'));
      expect(await count()).toBe(before + 2);
    });

    it('picks the player by type and grants single files on their own', async () => {
      const ebook = await play(openMember, 'ebook', id('ebook'));
      expect(ebook).toMatchObject({ kind: 'EPUB', mimeType: 'application/epub+zip' });
      expect(ebook.url).toMatch(/\/3\/[\w-]{43}\/demo\/ebooks\/the-case-of-the-quiet-bell\.epub$/);
      expect(await play(openMember, 'software', id('software'))).toMatchObject({
        kind: 'DOWNLOAD',
        mimeType: 'application/zip',
      });
      const game = await play(openMember, 'game', id('game'));
      expect(game).toMatchObject({ kind: 'GAME', mimeType: 'text/html' });
      expect(game.url).toMatch(/\/3\/[\w-]{43}\/demo\/games\/brick-breaker\/index\.html$/);
      const live = await play(openMember, 'stream', id('stream'));
      expect(live).toMatchObject({ kind: 'LIVE', mimeType: 'application/vnd.apple.mpegurl' });
      expect(live.url).toMatch(/\/demo\/live\/match-day\/live\.m3u8$/);
      // Only a finished video playlist is handed out: a live one changes, other kinds have none.
      expect([ebook, game, live].map((playback) => playback.playlist)).toEqual([null, null, null]);
    });

    it('plays a chapter within its parent file, by the parent rules, with the parent vendor_id', async () => {
      const chapter = await play(openMember, 'audiobook', id('chapter'));
      expect(chapter).toMatchObject({
        id: id('chapter'),
        title: 'The Mill and the Tributary',
        kind: 'AUDIO',
        mimeType: 'audio/mp4',
        startSeconds: 47.5,
        endSeconds: 95,
        vendor_id: 'v-small-rivers',
      });
      expect(chapter.url).toMatch(/\/demo\/audiobooks\/a-map-of-small-rivers\.m4b$/);
      expect(await play(openMember, 'music', id('track'))).toMatchObject({
        kind: 'AUDIO',
        mimeType: 'audio/mpeg',
        vendor_id: 'v-demo-sessions',
      });
    });

    it('refuses unknown, malformed, other brands and titles without media', async () => {
      expect(await refused(openMember, 'movie', 999_999)).toMatchObject({
        succeeded: false,
        errorCode: 'NOT_FOUND',
        slug: 'media_not_found',
      });
      expect(await refused(openMember, 'movie', 0)).toMatchObject({ slug: 'media_not_found' });
      expect(await refused(openMember, 'movie', -4)).toMatchObject({ slug: 'media_not_found' });
      // The id exists, as a title of another media type or of another brand.
      expect(await refused(openMember, 'music', id('movie'))).toMatchObject({ slug: 'media_not_found' });
      expect(await refused(openMember, 'movie', id('otherMovie'))).toMatchObject({ slug: 'media_not_found' });
      expect(await refused(openMember, 'movie', id('gatedFree'))).toMatchObject({ slug: 'media_not_found' });
      expect(await refused(openMember, 'radio', id('movie'))).toMatchObject({
        errorCode: 'BAD_USER_INPUT',
        slug: 'invalid_input',
      });
      expect(await refused(openMember, 'movie', id('nothing'))).toMatchObject({ slug: 'media_not_playable' });
      expect(await refused(openMember, 'movie', id('missing'))).toMatchObject({ slug: 'media_not_playable' });
      // A link out of the imported root is not a media file.
      expect(await refused(openMember, 'music', id('escape'))).toMatchObject({ slug: 'media_not_playable' });
    });

    it('applies the geo list by the request country', async () => {
      expect(await refused({ ...openMember, country: 'US' }, 'movie', id('geo'))).toMatchObject({
        errorCode: 'FORBIDDEN',
        slug: 'not_available_in_location',
        message: 'This content is not available in your current location.',
      });
      expect(await play({ ...openMember, country: 'CA' }, 'movie', id('geo'))).toMatchObject({
        kind: 'VIDEO',
      });
    });

    it('hides game and software on iPhone', async () => {
      expect(await refused({ ...openMember, userAgent: IPHONE }, 'game', id('game'))).toMatchObject({
        slug: 'media_not_found',
      });
    });

    it('requires the subscription when the brand has the access tag, except free titles and free slots', async () => {
      expect(await refused(musicOnly, 'movie', id('gatedMovie'))).toMatchObject({
        errorCode: 'FORBIDDEN',
        slug: 'subscription_required',
      });
      expect(await play(movieFan, 'movie', id('gatedMovie'))).toMatchObject({ kind: 'VIDEO' });
      expect(await play(musicOnly, 'movie', id('gatedFree'))).toMatchObject({ title: 'Free Film' });
      expect(await play(musicOnly, 'movie', id('gatedSlot'))).toMatchObject({ title: 'Slotted' });
      // A track is opened by its album's rules.
      expect(await play(musicOnly, 'music', id('gatedTrack'))).toMatchObject({ title: 'Night Market' });
      expect(await refused(movieFan, 'music', id('gatedTrack'))).toMatchObject({
        slug: 'subscription_required',
      });
    });

    it('needs a signed-in member', async () => {
      const visitor = { host: open.hostname, token: await genericToken(t.app, open.hostname) };
      const body = await start(visitor, 'movie', id('movie'));
      expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      const anonymous = await start({ host: open.hostname }, 'movie', id('movie'));
      expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('media HTTP', () => {
    it('serves a signed HLS playlist and its segments with the same token', async () => {
      const { url } = await play(openMember, 'movie', id('movie'));
      const playlist = await get(url);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      // fMP4 segments after their initialization segment (EXT-X-MAP), both under the same token.
      expect(playlist.body).toContain('#EXT-X-MAP:URI="init.mp4"');
      const init = await get(new URL('init.mp4', `http://x${url}`).pathname);
      expect(init.statusCode).toBe(200);
      expect(init.headers['content-type']).toBe('video/mp4');
      expect(init.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const segmentName = playlist.body.split('\n').find((line) => line.endsWith('.m4s'));
      expect(segmentName).toBe('seg000.m4s');
      const segment = await get(new URL(segmentName ?? '', `http://x${url}`).pathname);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/iso.segment');
      expect(segment.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(segment.headers['last-modified']).toBeTruthy();
      expect(segment.rawPayload.subarray(4, 8).toString('latin1')).toBe('styp');
      // The folder grant stops at the folder.
      const neighbour = url.replace('/colony/index.m3u8', '/rule-110/index.m3u8');
      expect((await get(neighbour)).statusCode).toBe(403);
    });

    it('offers a film’s caption tracks, signed like the film, for HLS and the progressive MP4', async () => {
      const hls = await play(openMember, 'movie', id('movie'));
      expect(hls.textTracks.map((track) => track.language)).toEqual(['de', 'en', 'es', 'fr', 'ja']);
      for (const track of hls.textTracks) {
        expect(track.kind).toBe('captions');
        expect(track.url).toMatch(
          new RegExp(`^/media/s/\\d+/4/[\\w-]{43}/demo/video/colony/index\\.${track.language}\\.vtt$`),
        );
      }
      const french = await get(hls.textTracks.find((track) => track.language === 'fr')?.url ?? '');
      expect(french.statusCode).toBe(200);
      expect(french.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(french.body.startsWith('WEBVTT')).toBe(true);
      expect(french.body).toContain('La vie, une génération à la fois');

      const [progressiveId] = await repo.insertMedia([
        {
          brandId: open.id,
          mediaType: 'movie',
          title: 'Fractal Tides (MP4)',
          playbackKey: '/media/demo/video/fractal-tides.mp4',
        },
      ]);
      const mp4 = await play(openMember, 'movie', progressiveId ?? 0);
      expect(mp4).toMatchObject({ kind: 'VIDEO', mimeType: 'video/mp4' });
      const english = mp4.textTracks.find((track) => track.language === 'en');
      expect(english?.url).toMatch(/\/demo\/video\/fractal-tides\.en\.vtt$/);
      const cue = await get(english?.url ?? '');
      expect(cue.statusCode).toBe(200);
      expect(cue.body).toContain('A slow voyage into the Mandelbrot set');
      // A caption's grant is its own file: the film beside it is not opened by it.
      expect(
        (await get((english?.url ?? '').replace('fractal-tides.en.vtt', 'fractal-tides.mp4'))).statusCode,
      ).toBe(403);

      // Titles that are not videos have none.
      expect((await play(openMember, 'audiobook', id('audiobook'))).textTracks).toEqual([]);
      expect((await play(openMember, 'ebook', id('ebook'))).textTracks).toEqual([]);
    });

    it('draws a generated cover from its path, to anyone, cached for good', async () => {
      const cover = await t.app.inject({
        method: 'GET',
        url: '/media/covers/v1/ebook/3/Zo%C3%AB%20M%C3%BCller/An%20Orchard%20in%20Krak%C3%B3w.svg?v=0',
        headers: { host: open.hostname },
      });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(cover.headers['content-security-policy']).toContain('sandbox');
      expect(cover.body).toContain('<title>An Orchard in Kraków</title>');
      expect(cover.body).toContain('Zoë Müller');
      for (const url of [
        '/media/covers/v1/ebook/3/-/x.png',
        '/media/covers/v9/movie/0/-/x.svg',
        '/media/covers/',
      ]) {
        const refused = await t.app.inject({ method: 'GET', url, headers: { host: open.hostname } });
        expect(refused.statusCode).toBe(404);
      }
    });

    it('answers byte ranges with 206, unsatisfiable ranges with 416, and validators with 304', async () => {
      const { url } = await play(openMember, 'music', id('track'));
      const full = await get(url);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('audio/mpeg');
      expect(full.headers['accept-ranges']).toBe('bytes');
      const size = Number(full.headers['content-length']);
      expect(full.rawPayload.length).toBe(size);

      const part = await get(url, { range: 'bytes=100-1123' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1123/${String(size)}`);
      expect(part.headers['content-length']).toBe('1024');
      expect(part.rawPayload.equals(full.rawPayload.subarray(100, 1124))).toBe(true);

      const tail = await get(url, { range: 'bytes=-10' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(full.rawPayload.subarray(size - 10))).toBe(true);

      const beyond = await get(url, { range: `bytes=${String(size)}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${String(size)}`);
      expect(errorCode(beyond)).toBe('range_not_satisfiable');

      // A stale If-Range gets the whole file.
      const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"stale"' });
      expect(stale.statusCode).toBe(200);
      const fresh = await get(url, { range: 'bytes=0-9', 'if-range': String(full.headers.etag) });
      expect(fresh.statusCode).toBe(206);

      const cached = await get(url, { 'if-none-match': String(full.headers.etag) });
      expect(cached.statusCode).toBe(304);
      expect(cached.rawPayload.length).toBe(0);

      const head = await t.app.inject({ method: 'HEAD', url, headers: { host: open.hostname } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(size));
      expect(head.rawPayload.length).toBe(0);
    });

    it('refuses expired and forged links, and unsigned media', async () => {
      const secret = t.config.media.urlSecret;
      const past = Math.floor(Date.now() / 1000) - 1;
      const expired = signedMediaPath(secret, { root: 'demo', scope: ['video', 'colony'], expires: past }, [
        'video',
        'colony',
        'index.m3u8',
      ]);
      const gone = await get(expired);
      expect(gone.statusCode).toBe(403);
      expect(errorCode(gone)).toBe('media_url_expired');

      const { url } = await play(openMember, 'movie', id('movie'));
      const parts = url.split('/');
      const later = [...parts];
      later[3] = String(Number(parts[3]) + 3600);
      const extended = await get(later.join('/'));
      expect(extended.statusCode).toBe(403);
      expect(errorCode(extended)).toBe('media_url_invalid');
      const wrongKey = signedMediaPath(
        new TextEncoder().encode('not-the-server-key-not-the-server-key!'),
        { root: 'demo', scope: ['video', 'colony'], expires: past + 3600 },
        ['video', 'colony', 'index.m3u8'],
      );
      expect(errorCode(await get(wrongKey))).toBe('media_url_invalid');

      const unsigned = await get('/media/demo/video/colony/index.m3u8');
      expect(unsigned.statusCode).toBe(403);
      expect(errorCode(unsigned)).toBe('media_signature_required');
      expect((await get('/media/demo/manifest.json')).statusCode).toBe(403);
    });

    it('never reads outside the media roots', async () => {
      const { url } = await play(openMember, 'movie', id('movie'));
      const token = url.split('/').slice(0, 6).join('/');
      for (const path of [
        `${token}/demo/video/colony/%2e%2e/%2e%2e/%2e%2e/package.json`,
        `${token}/demo/video/colony/..%2f..%2f..%2fpackage.json`,
        `${token}/demo/video/colony/index.m3u8%00.ts`,
        `${token}/demo/video/colony/.gitattributes`,
        '/media/demo/thumbnails/%2e%2e%2f..%2fREADME.md',
        '/media/demo/thumbnails//etc/passwd',
        '/media/imported/thumbnails/..%5c..%5csecret.txt',
      ]) {
        const response = await get(path);
        expect([400, 403, 404], path).toContain(response.statusCode);
        expect(response.body, path).not.toContain('"name"');
        expect(response.body, path).not.toContain('not media');
      }
      // An absolute path or another root after the token.
      expect((await get(`${token}//etc/passwd`)).statusCode).toBe(400);
      // A symbolic link out of a root answers not found even under a valid signature.
      const link = signedMediaPath(
        t.config.media.urlSecret,
        { root: 'imported', scope: ['brand', 'album'], expires: Math.floor(Date.now() / 1000) + 60 },
        ['brand', 'album', 'escape.mp3'],
      );
      const escaped = await get(link);
      expect(escaped.statusCode).toBe(404);
      expect(escaped.body).not.toContain('not media');
    });

    it('refuses dot segments sent as they are over a real socket', async () => {
      // inject() normalizes `..` and `%2e%2e` away (as browsers do); a raw client (curl --path-as-is) does not.
      const { url } = await play(openMember, 'movie', id('movie'));
      const token = url.split('/').slice(0, 6).join('/');
      // The app closes (and stops listening) in afterAll.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      for (const path of [
        `${token}/demo/video/colony/../../../../package.json`,
        '/media/demo/thumbnails/../../../package.json',
        '/media/demo/thumbnails/./../manifest.json',
        '/media/imported/thumbnails/../../secret.txt',
        '/media/demo/thumbnails/%2e%2e/%2e%2e/%2e%2e/package.json',
        `${token}/demo/video/colony/%2E%2E/%2E%2E/%2E%2E/%2E%2E/package.json`,
      ]) {
        const response = await rawGet(address.port, path, open.hostname);
        expect(response.status, path).toBe(400);
        expect(response.body, path).toContain('invalid_media_path');
      }
    });

    it('serves imported media and thumbnails of both roots', async () => {
      const imported = await play(openMember, 'music', id('imported'));
      expect(imported.url).toMatch(/\/imported\/brand\/album\/Song%20One\.mp3$/);
      const file = await get(imported.url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(4096);

      const poster = await get('/media/demo/thumbnails/video/colony.webp');
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(poster.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(poster.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      const importedPoster = await get('/media/imported/thumbnails/cover.webp');
      expect(importedPoster.statusCode).toBe(200);
      expect((await get('/media/demo/thumbnails/video/none.webp')).statusCode).toBe(404);
      expect((await get('/media/elsewhere/thumbnails/a.webp')).statusCode).toBe(404);
    });

    it('serves a game with a sandboxing CSP', async () => {
      const { url } = await play(openMember, 'game', id('game'));
      const game = await get(url);
      expect(game.statusCode).toBe(200);
      expect(game.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(game.headers['content-security-policy']);
      expect(csp).toContain('sandbox allow-scripts');
      expect(csp).toContain("connect-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(game.body).toContain('<!doctype html>'.slice(0, 5));
    });

    it('writes a live sliding playlist for the stream', async () => {
      const { url } = await play(openMember, 'stream', id('stream'));
      const before = Math.floor(Date.now() / 4000);
      const response = await get(url);
      const after = Math.floor(Date.now() / 4000);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(response.headers['cache-control']).toBe('no-cache');
      const lines = response.body.trim().split('\n');
      expect(lines).toContain('#EXT-X-TARGETDURATION:4');
      expect(lines).not.toContain('#EXT-X-ENDLIST');
      const sequence = Number(lines.find((line) => line.startsWith('#EXT-X-MEDIA-SEQUENCE:'))?.split(':')[1]);
      expect(sequence).toBeGreaterThanOrEqual(before);
      expect(sequence).toBeLessThanOrEqual(after);
      const segments = lines.filter((line) => line.endsWith('.ts'));
      expect(segments).toEqual([0, 1, 2].map((k) => `seg00${String((sequence + k) % 6)}.ts`));
      // The segments play under the same token.
      const segment = await get(new URL(segments[0] ?? '', `http://x${url}`).pathname);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
    });
  });
});
