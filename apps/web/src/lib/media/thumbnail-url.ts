import type { Thumbnail } from './media-card-fields';

const ABSOLUTE = /^([a-z][a-z\d+.-]*:)?\/\//i;

/** The GraphQL selection of a thumbnail with its widths, for `thumbnailUrl` and `thumbnailSrcSet`. */
export const THUMBNAIL_FIELDS = 'thumbnail { origin path cacheIndex sizes { width path } }';

/**
 * How wide a card's picture is drawn (components/media/media-card.css, media-shelf.css, media-grid.css):
 * the browser picks from `srcset` with it before the layout is known.
 */
export const CARD_IMAGE_SIZES = '(min-width: 900px) 200px, 176px';

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
 * Null when there is no thumbnail or its path is empty.
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
