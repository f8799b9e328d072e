import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MAX_TAG_LENGTH, MEMBER_SETTABLE_TAG_NAMES, isMemberSettableTag, mergeTags } from './member-tags';

describe('isMemberSettableTag', () => {
  it('accepts the settable names, bare or with a value, in any case', () => {
    for (const name of MEMBER_SETTABLE_TAG_NAMES) {
      expect(isMemberSettableTag(name)).toBe(true);
      expect(isMemberSettableTag(`${name}:true`)).toBe(true);
    }
    expect(isMemberSettableTag('MA_VISITED')).toBe(true);
  });

  it.each([
    'onboarding_status:completed',
    'layout:clickcoins',
    'custom_media_types:movie',
    'sweepsattack:enable',
    'vpn',
    'ma_visited_extra',
  ])('rejects the server-owned tag %s', (tag) => {
    expect(isMemberSettableTag(tag)).toBe(false);
  });

  it('rejects empty, blank, spaced, comma-separated and over-long tags', () => {
    expect(isMemberSettableTag('')).toBe(false);
    expect(isMemberSettableTag(' ma_visited')).toBe(false);
    expect(isMemberSettableTag('ma_visited: yes')).toBe(false);
    expect(isMemberSettableTag('ma_visited,layout:clickcoins')).toBe(false);
    expect(isMemberSettableTag(`ma_visited:${'x'.repeat(MAX_TAG_LENGTH)}`)).toBe(false);
    const longest = `ma_visited:${'x'.repeat(MAX_TAG_LENGTH - 'ma_visited:'.length)}`;
    expect(longest).toHaveLength(MAX_TAG_LENGTH);
    expect(isMemberSettableTag(longest)).toBe(true);
  });
});

describe('mergeTags', () => {
  it('appends new tags and keeps the others', () => {
    expect(mergeTags(['vpn', 'layout:clickcoins'], ['ma_visited'])).toEqual([
      'vpn',
      'layout:clickcoins',
      'ma_visited',
    ]);
  });

  it('replaces an existing tag with the same name, whatever its value or case', () => {
    expect(mergeTags(['ma_visited:false', 'vpn'], ['ma_visited:true'])).toEqual(['vpn', 'ma_visited:true']);
    expect(mergeTags(['MA_VISITED'], ['ma_visited'])).toEqual(['ma_visited']);
  });

  it('does not duplicate identical added tags', () => {
    expect(mergeTags([], ['ma_visited', 'ma_visited'])).toEqual(['ma_visited']);
  });

  it('does not mutate its inputs', () => {
    const existing = ['vpn'];
    const added = ['ma_visited'];
    mergeTags(existing, added);
    expect(existing).toEqual(['vpn']);
    expect(added).toEqual(['ma_visited']);
  });

  it('keeps every added tag and every existing tag whose name was not added (property)', () => {
    const tag = fc
      .tuple(fc.constantFrom('a', 'b', 'c', 'D'), fc.option(fc.constantFrom('1', '2')))
      .map(([name, value]) => (value === null ? name : `${name}:${value}`));
    fc.assert(
      fc.property(fc.array(tag), fc.array(tag), (existing, added) => {
        const merged = mergeTags(existing, added);
        for (const addedTag of added) expect(merged).toContain(addedTag);
        const addedNames = new Set(added.map((value) => value.split(':')[0]?.toLowerCase()));
        for (const existingTag of existing) {
          const kept = merged.includes(existingTag);
          const replaced = addedNames.has(existingTag.split(':')[0]?.toLowerCase());
          expect(kept || replaced).toBe(true);
        }
      }),
    );
  });
});
