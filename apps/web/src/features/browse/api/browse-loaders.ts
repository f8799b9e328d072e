import { isMediaType, type MediaType } from '@member/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { notFound, parsePositiveId } from '../../../lib/route-errors';

/** Tabs of a media type's browse page besides its overview (spec section 2). */
export const BROWSE_TABS = ['genres', 'new-releases', 'popular'] as const;
export type BrowseTab = (typeof BROWSE_TABS)[number];

function isBrowseTab(value: string): value is BrowseTab {
  return (BROWSE_TABS as readonly string[]).includes(value);
}

/**
 * The media types this member's menu offers, or null when there is no member (the main layout's loader
 * redirects to sign-in then, so the check is skipped rather than answered).
 */
export type OfferedMediaTypes = () => Promise<readonly string[] | null>;

async function offeredMediaType(
  params: LoaderFunctionArgs['params'],
  offered: OfferedMediaTypes,
): Promise<MediaType> {
  const media = params.media ?? '';
  if (!isMediaType(media)) notFound();
  const types = await offered();
  // A media type the brand (or the member's custom list) does not offer does not exist here.
  if (types && !types.includes(media)) notFound();
  return media;
}

export function createBrowseLoader(offered: OfferedMediaTypes) {
  return async ({ params }: LoaderFunctionArgs) => ({ media: await offeredMediaType(params, offered) });
}

export function createBrowseTabLoader(offered: OfferedMediaTypes) {
  return async ({ params }: LoaderFunctionArgs) => {
    const media = await offeredMediaType(params, offered);
    const tab = params.tabSlug ?? '';
    if (!isBrowseTab(tab)) notFound();
    return { media, tab };
  };
}

export function createMediaDetailsLoader(offered: OfferedMediaTypes) {
  return async ({ params }: LoaderFunctionArgs) => {
    const media = await offeredMediaType(params, offered);
    const id = parsePositiveId(params.id);
    if (id === null) notFound();
    return { media, id };
  };
}

export type BrowseLoader = ReturnType<typeof createBrowseLoader>;
export type BrowseTabLoader = ReturnType<typeof createBrowseTabLoader>;
export type MediaDetailsLoader = ReturnType<typeof createMediaDetailsLoader>;
