import { MEDIA_TYPES, type MediaType, isMediaType } from './media-types';
import { isFlagOn, tagValue } from './tag-values';

/** Feature flags read from member tags (spec section 4). */
export const FEATURE_FLAGS = [
  'new_profile_menu',
  'onboarding',
  'ecommerce',
  'green_page',
  'green_page_v2',
  'vpn',
  'sweeps',
  'upsell_displayed',
  'winner_displayed',
  'cm_upsell',
  'ma_visited',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Every feature flag of the tags, each as `isFlagOn` reads it. */
export function featureFlags(tags: readonly string[]): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, isFlagOn(tags, flag)])) as FeatureFlags;
}

export const DEFAULT_LAYOUT = 'default';
export const KNOWN_LAYOUTS = ['default', 'clickcoins'] as const;
export type Layout = (typeof KNOWN_LAYOUTS)[number];

function isLayout(value: string): value is Layout {
  return (KNOWN_LAYOUTS as readonly string[]).includes(value);
}

/**
 * Layout: a member tag `layout:{name}` overrides the brand's current layout, which itself defaults to
 * `default` (spec section 4). Unknown names fall back rather than break the menu.
 */
export function chooseLayout(memberTags: readonly string[], brandLayout: string | null | undefined): Layout {
  const fromTag = tagValue(memberTags, 'layout')?.toLowerCase();
  if (fromTag && isLayout(fromTag)) return fromTag;
  const fromBrand = brandLayout?.toLowerCase();
  if (fromBrand && isLayout(fromBrand)) return fromBrand;
  return DEFAULT_LAYOUT;
}

/**
 * Custom media types from the tag `custom_media_types:{comma list}` (spec section 4): when present,
 * the listed known types replace the brand's own (in the product's order); otherwise the brand's apply.
 */
export function customMediaTypes(
  tags: readonly string[],
  brandMediaTypes: readonly MediaType[],
): MediaType[] {
  const value = tagValue(tags, 'custom_media_types');
  if (value === undefined) return [...brandMediaTypes];
  const listed = new Set(
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(isMediaType),
  );
  if (listed.size === 0) return [...brandMediaTypes];
  return MEDIA_TYPES.filter((type) => listed.has(type));
}
