// Reading one tag's value, apart from the flags and layouts of ./tags.ts: the web app's boot code needs
// only this (whether the brand turns analytics on), so the rest loads with the screens that use it.

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

/**
 * A feature flag (spec section 4) is on when a tag `flag` or `flag:<on value>` (enabled, true, on, yes,
 * completed, displayed, visited) is present and off for any other value (such as `flag:disabled`) or
 * none; the last tag wins.
 */
export function isFlagOn(tags: readonly string[], flag: string): boolean {
  const value = tagValue(tags, flag);
  return value !== undefined && ON_VALUES.has(value.toLowerCase());
}

/** Whether the brand tag `google_analytics:enabled` turns on the third-party analytics script. */
export function isAnalyticsEnabled(brandTags: readonly string[]): boolean {
  return tagValue(brandTags, 'google_analytics')?.toLowerCase() === 'enabled';
}
