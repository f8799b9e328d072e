import { parseTag } from './tag-values';

/**
 * Tags a member may set for themselves through `member.setTags` (spec section 7): markers of what the
 * interface has shown them. Everything else (onboarding, sweeps, the upsell's `upsell_displayed`
 * and `cm_upsell` (decision 032), layout, custom
 * media types, coin grants) is server-owned and only changes on verified server events.
 */
export const MEMBER_SETTABLE_TAG_NAMES = [
  'ma_visited',
  'winner_displayed',
  'new_profile_menu',
  'cookie_notice',
] as const;

export const MAX_TAG_LENGTH = 128;

export function isMemberSettableTag(tag: string): boolean {
  if (tag.length === 0 || tag.length > MAX_TAG_LENGTH || /[\s,]/.test(tag)) return false;
  return (MEMBER_SETTABLE_TAG_NAMES as readonly string[]).includes(parseTag(tag).name);
}

/** Adds tags, replacing any existing tag with the same name (`name` or `name:value`). */
export function mergeTags(existing: readonly string[], added: readonly string[]): string[] {
  const addedNames = new Set(added.map((tag) => parseTag(tag).name));
  const kept = existing.filter((tag) => !addedNames.has(parseTag(tag).name));
  return [...kept, ...new Set(added)];
}
