import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import type { Entitlement } from './subscription';
import { VPN_PLATFORM_INFO, parseCountryList, vpnAccess, vpnProfileFileName } from './vpn';

const withVpn: Entitlement[] = ['movie', 'vpn'];

describe('vpnAccess', () => {
  it('allows a member whose subscription carries VPN', () => {
    expect(vpnAccess({ entitlements: withVpn, tags: [], country: 'US', blockedCountries: [] })).toEqual({
      allowed: true,
    });
  });

  it('refuses without the VPN entitlement', () => {
    expect(
      vpnAccess({ entitlements: ['movie'], tags: ['vpn'], country: 'US', blockedCountries: [] }),
    ).toEqual({
      allowed: false,
      reason: 'no_vpn_plan',
    });
  });

  it('refuses with the tag vpn:disabled, in any case', () => {
    expect(
      vpnAccess({ entitlements: withVpn, tags: ['VPN:Disabled'], country: 'US', blockedCountries: [] }),
    ).toEqual({ allowed: false, reason: 'vpn_disabled' });
  });

  it('refuses in a blocked country, whatever the letter case', () => {
    expect(vpnAccess({ entitlements: withVpn, tags: [], country: 'de', blockedCountries: ['DE'] })).toEqual({
      allowed: false,
      reason: 'blocked_country',
    });
  });

  it('blocks no country by default, and allows only with the entitlement (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray([...MEDIA_TYPES, 'vpn'] as Entitlement[]),
        fc.stringMatching(/^[A-Z]{2}$/),
        (entitlements, country) => {
          const access = vpnAccess({ entitlements, tags: [], country, blockedCountries: [] });
          expect(access.allowed).toBe(entitlements.includes('vpn'));
        },
      ),
    );
  });

  it('never allows a country on the list (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Z]{2}$/), { minLength: 1 }), (blocked) => {
        for (const country of blocked) {
          expect(
            vpnAccess({ entitlements: withVpn, tags: [], country, blockedCountries: blocked }).allowed,
          ).toBe(false);
        }
      }),
    );
  });
});

describe('parseCountryList', () => {
  it('keeps two-letter codes, upper-cased, once', () => {
    expect(parseCountryList(' de, fr;;DE  x  usa ,ca')).toEqual(['DE', 'FR', 'CA']);
    expect(parseCountryList('')).toEqual([]);
  });
});

describe('VPN platforms', () => {
  it('lists the spec minimum platforms', () => {
    const minimum = Object.fromEntries(VPN_PLATFORM_INFO.map((info) => [info.platform, info.minimumVersion]));
    expect(minimum.windows).toContain('Windows 7');
    expect(minimum.android).toContain('Android 9');
    expect(minimum.ios).toContain('iOS 7');
    expect(minimum.macos).toContain('High Sierra');
    expect(VPN_PLATFORM_INFO.map((info) => info.platform)).toEqual([
      'windows',
      'macos',
      'debian',
      'android',
      'ios',
    ]);
  });
});

describe('vpnProfileFileName', () => {
  it('makes a plain file name', () => {
    expect(vpnProfileFileName('Ciné Plus+ "TV"')).toBe('cine-plus-tv-vpn.ovpn');
    expect(vpnProfileFileName('日本')).toBe('member-vpn.ovpn');
  });
});
