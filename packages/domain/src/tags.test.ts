import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES, type MediaType } from './media-types';
import {
  DEFAULT_LAYOUT,
  FEATURE_FLAGS,
  KNOWN_LAYOUTS,
  chooseLayout,
  customMediaTypes,
  featureFlags,
} from './tags';
import { isAnalyticsEnabled, parseTag, tagValue } from './tag-values';

describe('parseTag', () => {
  it('reads a bare tag as a name with an empty value', () => {
    expect(parseTag('vpn')).toEqual({ name: 'vpn', value: '' });
  });

  it('splits name and value at the first colon only', () => {
    expect(parseTag('vpn:disabled')).toEqual({ name: 'vpn', value: 'disabled' });
    expect(parseTag('redirect:https://example.com:8080/x')).toEqual({
      name: 'redirect',
      value: 'https://example.com:8080/x',
    });
  });

  it('lowercases and trims the name but keeps the value case', () => {
    expect(parseTag('  Layout : ClickCoins ')).toEqual({ name: 'layout', value: 'ClickCoins' });
    expect(parseTag(' VPN ')).toEqual({ name: 'vpn', value: '' });
  });

  it('handles empty names and values', () => {
    expect(parseTag('')).toEqual({ name: '', value: '' });
    expect(parseTag(':enabled')).toEqual({ name: '', value: 'enabled' });
    expect(parseTag('vpn:')).toEqual({ name: 'vpn', value: '' });
  });
});

describe('tagValue', () => {
  it('is undefined when no tag has the name', () => {
    expect(tagValue([], 'layout')).toBeUndefined();
    expect(tagValue(['layouts:x', 'my_layout:y'], 'layout')).toBeUndefined();
  });

  it('returns the value of the last tag with the name', () => {
    expect(tagValue(['layout:a', 'other:z', 'layout:b'], 'layout')).toBe('b');
    expect(tagValue(['layout:a', 'layout'], 'layout')).toBe('');
  });

  it('matches names regardless of case on either side', () => {
    expect(tagValue(['LAYOUT:clickcoins'], 'layout')).toBe('clickcoins');
    expect(tagValue(['layout:clickcoins'], 'Layout')).toBe('clickcoins');
  });

  it('keeps colons in the value', () => {
    expect(tagValue(['note:a:b:c'], 'note')).toBe('a:b:c');
  });
});

describe('featureFlags', () => {
  const allOff = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false]));

  it('turns every flag off without tags', () => {
    expect(featureFlags([])).toEqual(allOff);
  });

  it('turns a flag on with a bare tag', () => {
    expect(featureFlags(['vpn'])).toEqual({ ...allOff, vpn: true });
  });

  it.each(['enabled', 'Enabled', 'enable', 'true', 'on', 'yes', 'completed', 'displayed', 'visited'])(
    'turns a flag on with the value %s',
    (value) => {
      expect(featureFlags([`sweeps:${value}`]).sweeps).toBe(true);
    },
  );

  it.each(['disabled', 'DISABLED', 'false', 'off', 'no', '0', 'maybe'])(
    'turns a flag off with the value %s',
    (value) => {
      expect(featureFlags([`sweeps:${value}`]).sweeps).toBe(false);
    },
  );

  it('lets the last tag win', () => {
    expect(featureFlags(['vpn:enabled', 'vpn:disabled']).vpn).toBe(false);
    expect(featureFlags(['vpn:disabled', 'vpn']).vpn).toBe(true);
    expect(featureFlags(['vpn:disabled', 'ecommerce', 'vpn:enabled']).vpn).toBe(true);
  });

  it('matches flag names regardless of case', () => {
    expect(featureFlags(['Green_Page:Enabled']).green_page).toBe(true);
  });

  it('does not confuse flags that share a prefix', () => {
    const flags = featureFlags(['green_page_v2']);
    expect(flags.green_page_v2).toBe(true);
    expect(flags.green_page).toBe(false);
  });

  it('treats a value holding colons as one value', () => {
    expect(featureFlags(['ecommerce:enabled:2024']).ecommerce).toBe(false);
  });

  it('ignores unrelated tags', () => {
    expect(featureFlags(['layout:clickcoins', 'custom_media_types:movie', 'vpnx'])).toEqual(allOff);
  });

  it('always returns every flag, and only the flags, as booleans (property)', () => {
    const tag = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom(...FEATURE_FLAGS), fc.string()).map(([flag, value]) => `${flag}:${value}`),
      fc.constantFrom(...FEATURE_FLAGS),
    );
    fc.assert(
      fc.property(fc.array(tag), (tags) => {
        const flags = featureFlags(tags);
        expect(Object.keys(flags).sort()).toEqual([...FEATURE_FLAGS].sort());
        for (const flag of FEATURE_FLAGS) expect(typeof flags[flag]).toBe('boolean');
      }),
    );
  });

  it('depends only on the last tag of each flag (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.constantFrom(...FEATURE_FLAGS),
        fc.boolean(),
        (tags, flag, on) => {
          const last = on ? `${flag}:enabled` : `${flag}:disabled`;
          expect(featureFlags([...tags, last])[flag]).toBe(on);
        },
      ),
    );
  });
});

describe('chooseLayout', () => {
  it('defaults to default', () => {
    expect(DEFAULT_LAYOUT).toBe('default');
    expect(KNOWN_LAYOUTS).toContain(DEFAULT_LAYOUT);
    expect(chooseLayout([], null)).toBe('default');
    expect(chooseLayout([], undefined)).toBe('default');
    expect(chooseLayout([], '')).toBe('default');
  });

  it('uses the brand layout when no member tag sets one', () => {
    expect(chooseLayout([], 'clickcoins')).toBe('clickcoins');
    expect(chooseLayout(['vpn'], 'ClickCoins')).toBe('clickcoins');
  });

  it('lets a member tag override the brand', () => {
    expect(chooseLayout(['layout:clickcoins'], 'default')).toBe('clickcoins');
    expect(chooseLayout(['layout:default'], 'clickcoins')).toBe('default');
    expect(chooseLayout(['Layout:CLICKCOINS'], null)).toBe('clickcoins');
  });

  it('lets the last layout tag win', () => {
    expect(chooseLayout(['layout:clickcoins', 'layout:default'], null)).toBe('default');
  });

  it('falls back past unknown names', () => {
    expect(chooseLayout(['layout:neon'], 'clickcoins')).toBe('clickcoins');
    expect(chooseLayout(['layout:neon'], 'retro')).toBe('default');
    expect(chooseLayout(['layout'], 'clickcoins')).toBe('clickcoins');
    expect(chooseLayout([], 'retro')).toBe('default');
  });

  it('always returns a known layout (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.option(fc.string()), (tags, brand) => {
        expect(KNOWN_LAYOUTS).toContain(chooseLayout(tags, brand));
      }),
    );
  });
});

describe('customMediaTypes', () => {
  const brand: MediaType[] = ['music', 'movie', 'ebook'];

  it('keeps the brand types, in the brand order, when the tag is absent', () => {
    expect(customMediaTypes([], brand)).toEqual(['music', 'movie', 'ebook']);
    expect(customMediaTypes(['layout:clickcoins'], brand)).toEqual(['music', 'movie', 'ebook']);
  });

  it('returns a copy, never the brand array itself', () => {
    const result = customMediaTypes([], brand);
    expect(result).not.toBe(brand);
    result.push('game');
    expect(brand).toEqual(['music', 'movie', 'ebook']);
  });

  it('replaces the brand types with the listed ones in product order', () => {
    expect(customMediaTypes(['custom_media_types:game,audiobook'], brand)).toEqual(['audiobook', 'game']);
  });

  it('ignores unknown names, blanks, duplicates, spaces and case in the list', () => {
    expect(customMediaTypes(['custom_media_types: Movie , vpn,,movie, podcast ,SOFTWARE'], brand)).toEqual([
      'movie',
      'software',
    ]);
  });

  it('keeps the brand types when the list is empty or holds no known type', () => {
    expect(customMediaTypes(['custom_media_types'], brand)).toEqual(brand);
    expect(customMediaTypes(['custom_media_types:'], brand)).toEqual(brand);
    expect(customMediaTypes(['custom_media_types: , ,'], brand)).toEqual(brand);
    expect(customMediaTypes(['custom_media_types:vpn,podcast'], brand)).toEqual(brand);
  });

  it('lets the last tag win', () => {
    expect(customMediaTypes(['custom_media_types:game', 'custom_media_types:stream'], brand)).toEqual([
      'stream',
    ]);
  });

  it('always returns known types without duplicates (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.subarray([...MEDIA_TYPES]), (tags, brandTypes) => {
        const result = customMediaTypes(tags, brandTypes);
        for (const type of result) expect(MEDIA_TYPES).toContain(type);
        expect(new Set(result).size).toBe(result.length);
      }),
    );
  });
});

describe('isAnalyticsEnabled', () => {
  it('is on with google_analytics:enabled, in any case', () => {
    expect(isAnalyticsEnabled(['google_analytics:enabled'])).toBe(true);
    expect(isAnalyticsEnabled(['Google_Analytics:Enabled'])).toBe(true);
  });

  it('is off without the tag or with any other value', () => {
    expect(isAnalyticsEnabled([])).toBe(false);
    expect(isAnalyticsEnabled(['google_analytics'])).toBe(false);
    expect(isAnalyticsEnabled(['google_analytics:disabled'])).toBe(false);
    expect(isAnalyticsEnabled(['google_analytics:true'])).toBe(false);
    expect(isAnalyticsEnabled(['analytics:enabled'])).toBe(false);
  });

  it('lets the last tag win', () => {
    expect(isAnalyticsEnabled(['google_analytics:enabled', 'google_analytics:disabled'])).toBe(false);
    expect(isAnalyticsEnabled(['google_analytics:disabled', 'google_analytics:enabled'])).toBe(true);
  });
});
