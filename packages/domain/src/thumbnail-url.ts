import type { Thumbnail } from './media-item';

/** The GraphQL selection of a thumbnail with its widths, for `thumbnailUrl` and `thumbnailSrcSet`. */
export const THUMBNAIL_FIELDS = 'thumbnail { origin path cacheIndex sizes { width path } }';

const ABSOLUTE = /^([a-z][a-z\d+.-]*:)?\/\//i;

function urlOf(path: string, thumbnail: Thumbnail, cdnServer: string): string {
  let base: string;
  if (ABSOLUTE.test(path)) {
    base = path;
  } else {
    const origin = (thumbnail.origin || cdnServer).replace(/\/+$/, '');
    base = `${origin}${path.startsWith('/') ? path : `/${path}`}`;
  }
  return `${base}${base.includes('?') ? '&' : '?'}v=${encodeURIComponent(String(thumbnail.cacheIndex))}`;
}

/**
 * The URL of a thumbnail: served from its own origin when it has one, else from the brand's CDN
 * (`SiteConfig.cdnServer`), else from this site; `?v=<cacheIndex>` busts caches when the image changes.
 * Null when there is no thumbnail or its path is empty. The web app draws covers with it, and the server
 * names the home page's featured cover in the page's head with it (the same URL, so it is fetched once).
 */
export function thumbnailUrl(thumbnail: Thumbnail | null | undefined, cdnServer = ''): string | null {
  if (!thumbnail?.path) return null;
  return urlOf(thumbnail.path, thumbnail, cdnServer);
}

/**
 * The thumbnail's `srcset` (issue 14, item 13): each stored width, served like `thumbnailUrl`; undefined
 * when the server gave no widths (or only one), so the `<img>` keeps its plain `src`.
 */
export function thumbnailSrcSet(thumbnail: Thumbnail | null | undefined, cdnServer = ''): string | undefined {
  const sizes = (thumbnail?.sizes ?? []).filter(
    (size) => size.path && Number.isSafeInteger(size.width) && size.width > 0,
  );
  if (!thumbnail || sizes.length < 2) return undefined;
  return sizes.map((size) => `${urlOf(size.path, thumbnail, cdnServer)} ${String(size.width)}w`).join(', ');
}
