import type {
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
  Loader,
  HlsConfig,
} from 'hls.js';

/*
 * The first requests of an HLS title, made before hls.js is in (decision 011). On a first play the
 * signed URL arrives while the engine's code is still downloading, and neither the playlist nor the
 * segment playback starts in depends on that code: fetched at once, they arrive about when the engine
 * does, where hls.js would ask for one after the other. hls.js takes each of them once, through
 * `prefetchAwareLoader`, and loads everything else itself.
 */

/** Responses fetched ahead, by absolute URL: the body, or null when the fetch failed. */
const prefetched = new Map<string, Promise<ArrayBuffer | null>>();

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

function fetchAhead(url: string): Promise<ArrayBuffer | null> {
  const body = fetch(url)
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .catch(() => null);
  prefetched.set(absolute(url), body);
  return body;
}

/**
 * What playback at `seconds` of a media playlist needs first: the URL of the segment that holds it and,
 * for fMP4 segments, the initialization segment (`#EXT-X-MAP`) in force there. Null for a master playlist
 * (the level is hls.js's choice), a live one (hls.js starts near its end) or a position past the end.
 */
export function startOf(
  playlist: string,
  playlistUrl: string,
  seconds: number,
): { segment: string; init: string | null } | null {
  if (!playlist.startsWith('#EXTM3U') || playlist.includes('#EXT-X-STREAM-INF')) return null;
  if (!playlist.includes('#EXT-X-ENDLIST')) return null;
  const resolve = (uri: string) => new URL(uri, absolute(playlistUrl)).href;
  let start = 0;
  let duration: number | null = null;
  let init: string | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:(?:.*,)?URI="([^"]+)"/.exec(line);
    if (map?.[1]) {
      init = resolve(map[1]);
      continue;
    }
    const extinf = /^#EXTINF:(\d+(?:\.\d+)?)/.exec(line);
    if (extinf) {
      duration = Number(extinf[1]);
      continue;
    }
    if (line === '' || line.startsWith('#') || duration === null) continue;
    if (seconds < start + duration) return { segment: resolve(line), init };
    start += duration;
    duration = null;
  }
  return null;
}

/**
 * Fetches an HLS title's playlist now (unless the server gave its text with the signed URL), and once it
 * is in, for video on demand the segment that holds `startSeconds`. Replaces what an earlier title had
 * prefetched.
 */
export function prefetchHlsStart(url: string, startSeconds: number, playlist: string | null = null): void {
  if (prefetched.has(absolute(url))) return;
  prefetched.clear();
  const text = playlist === null ? fetchText(url) : keepGiven(url, playlist);
  void text.then((body) => {
    if (body === null || !prefetched.has(absolute(url))) return;
    const start = startOf(body, url, startSeconds);
    if (start === null) return;
    if (start.init !== null) void fetchAhead(start.init);
    void fetchAhead(start.segment);
  });
}

function fetchText(url: string): Promise<string | null> {
  return fetchAhead(url).then((bytes) => (bytes === null ? null : new TextDecoder().decode(bytes)));
}

/** A response the server already gave (the playlist's text), kept as if it had been fetched ahead. */
function keepGiven(url: string, text: string): Promise<string> {
  prefetched.set(absolute(url), Promise.resolve(new TextEncoder().encode(text).buffer));
  return Promise.resolve(text);
}

function takePrefetched(url: string): Promise<ArrayBuffer | null> | null {
  const key = absolute(url);
  const body = prefetched.get(key) ?? null;
  prefetched.delete(key);
  return body;
}

/** A loader class for one kind of request (playlists, segments). */
export type LoaderClass<T extends LoaderContext> = new (config: HlsConfig) => Loader<T>;

/**
 * hls.js's loader, answering from a prefetched response when there is one for the URL and loading as
 * usual otherwise (also when the prefetch failed). A prefetched body is handed over as hls.js's own
 * fetch loader hands over a whole response: as progress (which a progressive segment load reads), then
 * as success (which a playlist load reads).
 */
export function prefetchAwareLoader<T extends LoaderContext>(Base: LoaderClass<T>): LoaderClass<T> {
  return class PrefetchAwareLoader extends Base {
    private aborted = false;

    override load(context: T, config: LoaderConfiguration, callbacks: LoaderCallbacks<T>): void {
      const ahead = takePrefetched(context.url);
      if (ahead === null) {
        super.load(context, config, callbacks);
        return;
      }
      const stats: LoaderStats = this.stats;
      stats.loading.start = performance.now();
      void ahead.then((body) => {
        if (this.aborted) return;
        if (body === null) {
          super.load(context, config, callbacks);
          return;
        }
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = body.byteLength;
        const data = context.responseType === 'arraybuffer' ? body : new TextDecoder().decode(body);
        callbacks.onProgress?.(stats, context, data, null);
        callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      });
    }

    override abort(): void {
      this.aborted = true;
      super.abort();
    }
  };
}
