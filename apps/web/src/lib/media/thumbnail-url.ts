import type { Thumbnail } from './media-card-fields';

const ABSOLUTE = /^([a-z][a-z\d+.-]*:)?\/\//i;

/**
 * The URL of a thumbnail: served from its own origin when it has one, else from the brand's CDN
 * (`SiteConfig.cdnServer`), else from this site; `?v=<cacheIndex>` busts caches when the image changes.
 * Null when there is no thumbnail or its path is empty.
 */
export function thumbnailUrl(thumbnail: Thumbnail | null | undefined, cdnServer = ''): string | null {
  if (!thumbnail?.path) return null;
  const { path, cacheIndex } = thumbnail;
  let base: string;
  if (ABSOLUTE.test(path)) {
    base = path;
  } else {
    const origin = (thumbnail.origin || cdnServer).replace(/\/+$/, '');
    base = `${origin}${path.startsWith('/') ? path : `/${path}`}`;
  }
  return `${base}${base.includes('?') ? '&' : '?'}v=${encodeURIComponent(String(cacheIndex))}`;
}
