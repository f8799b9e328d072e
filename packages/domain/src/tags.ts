import { MEDIA_TYPES, type MediaType, isMediaType } from './media-types';

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

const ON_VALUES = new Set([
  '',
  'enabled',
  'enable',
  'true',
  'on',
  'yes',
  'completed',
  'displayed',
  'visited',
]);

/** Splits `name:value` (the value may itself hold colons); a bare `name` has the value ''. */
export function parseTag(tag: string): { name: string; value: string } {
  const colon = tag.indexOf(':');
  if (colon < 0) return { name: tag.trim().toLowerCase(), value: '' };
  return { name: tag.slice(0, colon).trim().toLowerCase(), value: tag.slice(colon + 1).trim() };
}

/** The value of the last tag with this name, or undefined when there is none. */
export function tagValue(tags: readonly string[], name: string): string | undefined {
  // Tag names are case-insensitive (parseTag lowercases them), so the name looked up must be too.
  const wanted = name.trim().toLowerCase();
  let found: string | undefined;
  for (const tag of tags) {
    const parsed = parseTag(tag);
    if (parsed.name === wanted) found = parsed.value;
  }
  return found;
}

/**
 * A flag is on when a tag `flag` or `flag:<on value>` (enabled, true, on, yes, completed, displayed,
 * visited) is present and off for any other value (such as `flag:disabled`); the last tag wins.
 */
export function featureFlags(tags: readonly string[]): FeatureFlags {
  const flags = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;
  for (const flag of FEATURE_FLAGS) {
    const value = tagValue(tags, flag);
    if (value !== undefined) flags[flag] = ON_VALUES.has(value.toLowerCase());
  }
  return flags;
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

/** Whether the brand tag `google_analytics:enabled` turns on the third-party analytics script. */
export function isAnalyticsEnabled(brandTags: readonly string[]): boolean {
  return tagValue(brandTags, 'google_analytics')?.toLowerCase() === 'enabled';
}
