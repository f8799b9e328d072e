/** The seven media types of the product, in the spec's lowercase words (spec section 1). */
export const MEDIA_TYPES = ['audiobook', 'ebook', 'music', 'movie', 'game', 'stream', 'software'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export function isMediaType(value: string): value is MediaType {
  return (MEDIA_TYPES as readonly string[]).includes(value);
}

export type MediaVerb = 'listen' | 'read' | 'watch' | 'play';

/** Spec section 3: each media type has a verb and a display area named `{type}_overview`. */
export const MEDIA_TYPE_VERBS: Record<MediaType, MediaVerb> = {
  audiobook: 'listen',
  ebook: 'read',
  music: 'listen',
  movie: 'watch',
  game: 'play',
  stream: 'watch',
  software: 'watch',
};

export function displayAreaSlug(type: MediaType): `${MediaType}_overview` {
  return `${type}_overview`;
}

/** Media types that are hidden on iPhone (spec section 5). */
export const IPHONE_HIDDEN_MEDIA_TYPES: readonly MediaType[] = ['game', 'software'];

export function isIphoneUserAgent(userAgent: string): boolean {
  return /\biPhone\b/.test(userAgent);
}
