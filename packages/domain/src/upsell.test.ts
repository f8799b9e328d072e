import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import { chooseUpsell, upsellPriceFromFunnel } from './upsell';

describe('chooseUpsell', () => {
  it('offers the VPN to a movie-only member', () => {
    expect(chooseUpsell({ activeTypes: ['movie'], tags: [] })).toBe('vpn');
  });

  it('offers media to a member with VPN but not every media type', () => {
    expect(chooseUpsell({ activeTypes: ['movie', 'vpn'], tags: [] })).toBe('media');
    expect(chooseUpsell({ activeTypes: ['vpn'], tags: [] })).toBe('media');
  });

  it('offers the VPN to a member without it', () => {
    expect(chooseUpsell({ activeTypes: ['music', 'ebook'], tags: [] })).toBe('vpn');
    expect(chooseUpsell({ activeTypes: [...MEDIA_TYPES], tags: [] })).toBe('vpn');
    expect(chooseUpsell({ activeTypes: [], tags: [] })).toBe('vpn');
  });

  it('offers nothing with every type or with the visited or sweep-entry tags', () => {
    expect(chooseUpsell({ activeTypes: [...MEDIA_TYPES, 'vpn'], tags: [] })).toBeNull();
    expect(chooseUpsell({ activeTypes: ['movie'], tags: ['upsell_visited'] })).toBeNull();
    expect(chooseUpsell({ activeTypes: ['movie', 'vpn'], tags: ['sweep_entry:2026-05'] })).toBeNull();
  });
});

describe('upsellPriceFromFunnel', () => {
  it('reads the seventh entry', () => {
    const funnel = Array.from({ length: 8 }, (_, i) => ({ symbol: '$', ppp_recurring: String(i + 0.99) }));
    expect(upsellPriceFromFunnel(funnel)).toEqual({ symbol: '$', amount: 6.99 });
    expect(upsellPriceFromFunnel(funnel.slice(0, 6))).toBeNull();
    expect(upsellPriceFromFunnel({})).toBeNull();
  });
});
