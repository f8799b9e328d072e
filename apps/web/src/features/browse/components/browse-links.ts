import type { MediaType } from '@member/domain';
import type { BrowseTab } from '../api/browse-loaders';

/** `/browse/{media}` or one of its tabs. */
export function browseHref(media: MediaType, tab?: BrowseTab): string {
  return tab ? `/browse/${media}/${tab}` : `/browse/${media}`;
}

export function genreHref(media: MediaType, genreId: number): string {
  return `/browse/${media}/genre/${genreId}`;
}

export function liveHref(slug?: string): string {
  return slug ? `/browse/stream/live/${encodeURIComponent(slug)}` : '/browse/stream/live';
}
