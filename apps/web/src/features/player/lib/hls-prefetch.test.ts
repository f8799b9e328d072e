import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
} from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchAwareLoader, prefetchHlsStart, startOf } from './hls-prefetch';

const VOD = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXTINF:0.500000,',
  'seg000.ts',
  '#EXTINF:0.500000,',
  'seg001.ts',
  '#EXTINF:1.000000,',
  'seg002.ts',
  '#EXTINF:4.000000,',
  'seg003.ts',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

/** The same playlist with fMP4 segments after an initialization segment, as the demo films are cut. */
const FMP4 = VOD.replace(
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI="init.mp4"',
).replace(/\.ts/g, '.m4s');

const PLAYLIST_URL = '/media/tok/demo/video/film/index.m3u8';
const base = (path: string) => new URL(path, window.location.href).href;
/** The segment playback at `seconds` starts in, or null. */
const segmentAt = (playlist: string, url: string, seconds: number) =>
  startOf(playlist, url, seconds)?.segment ?? null;

describe('segmentAt', () => {
  it('finds the segment that holds a position, relative to the playlist', () => {
    expect(segmentAt(VOD, PLAYLIST_URL, 0)).toBe(base('/media/tok/demo/video/film/seg000.ts'));
    expect(segmentAt(VOD, PLAYLIST_URL, 0.5)).toBe(base('/media/tok/demo/video/film/seg001.ts'));
    expect(segmentAt(VOD, PLAYLIST_URL, 1.9)).toBe(base('/media/tok/demo/video/film/seg002.ts'));
    expect(segmentAt(VOD, PLAYLIST_URL, 5.99)).toBe(base('/media/tok/demo/video/film/seg003.ts'));
  });

  it('answers null past the end, for live and master playlists and for anything else', () => {
    expect(segmentAt(VOD, PLAYLIST_URL, 6)).toBeNull();
    expect(segmentAt(VOD.replace('#EXT-X-ENDLIST', ''), PLAYLIST_URL, 0)).toBeNull();
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow/index.m3u8\n#EXT-X-ENDLIST\n';
    expect(segmentAt(master, PLAYLIST_URL, 0)).toBeNull();
    expect(segmentAt('<html>not a playlist</html>', PLAYLIST_URL, 0)).toBeNull();
  });
});

/** A stand-in for hls.js's fetch loader: records what it was asked to load itself. */
class NetworkLoader implements Loader<LoaderContext> {
  static loaded: string[] = [];
  context: LoaderContext | null = null;
  stats: LoaderStats = {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: { start: 0, first: 0, end: 0 },
    parsing: { start: 0, end: 0 },
    buffering: { start: 0, first: 0, end: 0 },
  };
  constructor(readonly config: HlsConfig) {}
  load(context: LoaderContext): void {
    NetworkLoader.loaded.push(context.url);
  }
  abort(): void {
    this.stats.aborted = true;
  }
  destroy(): void {
    this.context = null;
  }
}

function request(url: string, responseType: string) {
  const Loader = prefetchAwareLoader(NetworkLoader);
  const loader = new Loader({} as HlsConfig);
  const callbacks = {
    onSuccess: vi.fn(),
    onError: vi.fn(),
    onTimeout: vi.fn(),
    onProgress: vi.fn(),
  } satisfies LoaderCallbacks<LoaderContext>;
  loader.load({ url, responseType } as LoaderContext, {} as LoaderConfiguration, callbacks);
  return { loader, callbacks };
}

/** A request answered from what was fetched ahead: resolves once hls.js's success callback has run. */
async function handedOver(url: string, responseType: string) {
  const load = request(url, responseType);
  await vi.waitFor(() => {
    expect(load.callbacks.onSuccess).toHaveBeenCalledOnce();
  });
  return load;
}

describe('startOf', () => {
  it('names the initialization segment of fMP4 segments beside the segment, and none for MPEG-TS', () => {
    expect(startOf(FMP4, PLAYLIST_URL, 0.7)).toEqual({
      segment: base('/media/tok/demo/video/film/seg001.m4s'),
      init: base('/media/tok/demo/video/film/init.mp4'),
    });
    expect(startOf(VOD, PLAYLIST_URL, 0.7)).toEqual({
      segment: base('/media/tok/demo/video/film/seg001.ts'),
      init: null,
    });
    const attributes = FMP4.replace('#EXT-X-MAP:URI="init.mp4"', '#EXT-X-MAP:BYTERANGE="720@0",URI="i.mp4"');
    expect(startOf(attributes, PLAYLIST_URL, 0)?.init).toBe(base('/media/tok/demo/video/film/i.mp4'));
  });
});

describe('prefetchHlsStart and the prefetch-aware loader', () => {
  const fetchMock = vi.fn<typeof fetch>();

  afterEach(() => {
    NetworkLoader.loaded = [];
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  function serve(bodies: Record<string, string | null>) {
    fetchMock.mockImplementation((input) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const body = bodies[new URL(url, window.location.href).pathname];
      return Promise.resolve(
        body === null || body === undefined
          ? new Response('gone', { status: 404 })
          : new Response(body, { status: 200 }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
  }

  it('fetches the playlist and the segment playback starts in, and hands each to hls.js once', async () => {
    serve({
      '/media/tok/demo/video/film/index.m3u8': VOD,
      '/media/tok/demo/video/film/seg002.ts': 'TS-BYTES',
    });
    prefetchHlsStart(PLAYLIST_URL, 1.2);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    const playlist = await handedOver(base(PLAYLIST_URL), 'text');
    expect(playlist.callbacks.onSuccess.mock.calls[0]?.[0]).toMatchObject({ data: VOD, code: 200 });

    // A segment is handed over as progress (what a progressive load reads), then as success.
    const segment = await handedOver('/media/tok/demo/video/film/seg002.ts', 'arraybuffer');
    const progress = segment.callbacks.onProgress.mock.calls[0]?.[2] as ArrayBuffer;
    expect(new TextDecoder().decode(progress)).toBe('TS-BYTES');
    expect(NetworkLoader.loaded).toEqual([]);

    // Taken once: a second request for the same URL goes to the network.
    request(PLAYLIST_URL, 'text');
    expect(NetworkLoader.loaded).toEqual([PLAYLIST_URL]);
  });

  it('with the playlist given by the server, fetches only the segment, at once, and hands over both', async () => {
    serve({ '/media/tok/demo/video/given/seg001.ts': 'TS-1' });
    const url = '/media/tok/demo/video/given/index.m3u8';
    prefetchHlsStart(url, 0.7, VOD);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledOnce();
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(base('/media/tok/demo/video/given/seg001.ts'));

    const playlist = await handedOver(url, 'text');
    expect(playlist.callbacks.onSuccess.mock.calls[0]?.[0]).toMatchObject({ data: VOD, code: 200 });
    await handedOver('/media/tok/demo/video/given/seg001.ts', 'arraybuffer');
    expect(NetworkLoader.loaded).toEqual([]);
  });

  it('fetches an fMP4 title’s initialization segment beside its first segment, each handed over once', async () => {
    serve({
      '/media/tok/demo/video/cmaf/init.mp4': 'INIT',
      '/media/tok/demo/video/cmaf/seg000.m4s': 'MOOF',
    });
    prefetchHlsStart('/media/tok/demo/video/cmaf/index.m3u8', 0, FMP4);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
    for (const [path, body] of [
      ['/media/tok/demo/video/cmaf/init.mp4', 'INIT'],
      ['/media/tok/demo/video/cmaf/seg000.m4s', 'MOOF'],
    ] as const) {
      const load = await handedOver(path, 'arraybuffer');
      expect(new TextDecoder().decode(load.callbacks.onProgress.mock.calls[0]?.[2] as ArrayBuffer)).toBe(
        body,
      );
    }
    expect(NetworkLoader.loaded).toEqual([]);
  });

  it('loads from the network when the prefetch failed, and never answers an aborted load', async () => {
    serve({ '/media/tok/demo/video/film/index.m3u8': null });
    prefetchHlsStart(PLAYLIST_URL, 0);
    const failed = request(PLAYLIST_URL, 'text');
    await vi.waitFor(() => {
      expect(NetworkLoader.loaded).toEqual([PLAYLIST_URL]);
    });
    expect(failed.callbacks.onSuccess).not.toHaveBeenCalled();

    serve({ '/media/tok/demo/video/other/index.m3u8': VOD });
    prefetchHlsStart('/media/tok/demo/video/other/index.m3u8', 0);
    const aborted = request('/media/tok/demo/video/other/index.m3u8', 'text');
    aborted.loader.abort();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted.callbacks.onSuccess).not.toHaveBeenCalled();
    expect(NetworkLoader.loaded).toEqual([PLAYLIST_URL]);
  });
});
