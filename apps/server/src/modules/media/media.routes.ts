import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../config';
import { badInput, forbidden, notFound } from '../../errors';
import { COVER_PREFIX, parseCoverPath, renderCover } from './media.covers';
import { readLiveLoop, resolveMediaFile, sendMediaFile } from './media.files';
import { LIVE_PLAYLIST, REPLAY_PLAYLIST, livePlaylist, replayPlaylist } from './media.live';
import { type MediaRoot, PUBLIC_FOLDER, contentTypeOf, isMediaRoot, parseSegments } from './media.paths';
import { SIGNED_PREFIX, verifySignedMediaPath } from './media.signing';

/**
 * Games run in `<iframe sandbox="allow-scripts">`; the same sandbox is forced by CSP when a game is
 * opened on its own, and a game may load nothing but its own folder (no network, no forms).
 */
const GAME_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

/** Any other media file is inert if opened on its own (an SVG's script never runs, for one). */
const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** Signed responses may be kept by the browser, never by a shared cache, and not past the grant. */
const MAX_PRIVATE_AGE = 86_400;

const BASE_HEADERS = {
  // Media may be served from a CDN host other than the page's; the signature is the access control.
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Length, Content-Range, Accept-Ranges, ETag',
};

function headersFor(contentType: string): Record<string, string> {
  const html = contentType.startsWith('text/html');
  return {
    ...BASE_HEADERS,
    'content-security-policy': html ? GAME_CSP : MEDIA_CSP,
    ...(contentType === 'application/zip' || contentType === 'application/octet-stream'
      ? { 'content-disposition': 'attachment' }
      : {}),
  };
}

const INVALID_PATH = () => badInput('Invalid media path.', 'invalid_media_path');
const MEDIA_NOT_FOUND = () => notFound('Media not found.', 'media_not_found');

/**
 * /media/…: `/media/<root>/thumbnails/…` for everyone; everything else only through a signed URL
 * (`/media/s/<expires>/<depth>/<signature>/<root>/…`, see media.signing.ts). A folder with a
 * `live.json` also answers `live.m3u8`, the sliding live playlist of its loop.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  config: Pick<AppConfig, 'media'>,
  now: () => number = Date.now,
) {
  const roots: Record<MediaRoot, string> = {
    demo: config.media.demoDir,
    imported: config.media.importedDir,
  };

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    root: MediaRoot,
    segments: string[],
    cacheControl: string,
  ) {
    const file = await resolveMediaFile(roots[root], segments);
    if (file) {
      const contentType = contentTypeOf(file.path);
      return sendMediaFile(request, reply, file, {
        contentType,
        cacheControl,
        headers: headersFor(contentType),
      });
    }
    const name = segments[segments.length - 1];
    if (name === LIVE_PLAYLIST) {
      const loop = await readLiveLoop(roots[root], segments.slice(0, -1));
      if (loop) {
        const contentType = contentTypeOf(name);
        return reply
          .headers({ ...headersFor(contentType), 'content-type': contentType, 'cache-control': 'no-cache' })
          .send(livePlaylist(loop, now()));
      }
    }
    if (name === REPLAY_PLAYLIST) {
      const loop = await readLiveLoop(roots[root], segments.slice(0, -1));
      if (loop) {
        const contentType = contentTypeOf(name);
        return reply
          .headers({ ...headersFor(contentType), 'content-type': contentType, 'cache-control': 'no-cache' })
          .send(replayPlaylist(loop));
      }
    }
    throw MEDIA_NOT_FOUND();
  }

  // Generated covers (media.covers.ts): public like the thumbnails, drawn from the path alone.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${COVER_PREFIX}*`,
    handler: async (request, reply) => {
      const path = request.raw.url?.split('?')[0] ?? '';
      const spec = parseCoverPath(path.slice(COVER_PREFIX.length));
      if (!spec) throw MEDIA_NOT_FOUND();
      const contentType = 'image/svg+xml; charset=utf-8';
      return reply
        .headers({ ...headersFor(contentType), 'content-type': contentType, 'cache-control': PUBLIC_CACHE })
        .send(request.method === 'HEAD' ? '' : renderCover(spec));
    },
  });

  // HEAD is declared here rather than derived from GET, so a HEAD never reads the file.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async (request, reply) => {
      const path = request.raw.url?.split('?')[0] ?? '';
      if (path.startsWith(SIGNED_PREFIX)) {
        const nowSeconds = Math.floor(now() / 1000);
        const verified = verifySignedMediaPath(
          config.media.urlSecret,
          path.slice(SIGNED_PREFIX.length),
          nowSeconds,
        );
        if (!verified.ok) {
          switch (verified.reason) {
            case 'bad_path':
              throw INVALID_PATH();
            case 'expired':
              throw forbidden('This media link has expired. Start playback again.', 'media_url_expired');
            case 'forged':
              throw forbidden('This media link is not valid.', 'media_url_invalid');
          }
        }
        const maxAge = Math.min(MAX_PRIVATE_AGE, verified.expires - nowSeconds);
        return serve(request, reply, verified.root, verified.segments, `private, max-age=${String(maxAge)}`);
      }
      const segments = parseSegments(path.slice('/media/'.length));
      const [root, folder, ...rest] = segments ?? [];
      if (!segments || root === undefined) throw INVALID_PATH();
      if (!isMediaRoot(root)) throw MEDIA_NOT_FOUND();
      if (folder === PUBLIC_FOLDER && rest.length > 0) {
        return serve(request, reply, root, [folder, ...rest], PUBLIC_CACHE);
      }
      throw forbidden(
        'Media is served through signed links only. Start playback to get one.',
        'media_signature_required',
      );
    },
  });
}
