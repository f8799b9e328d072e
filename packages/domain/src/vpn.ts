import { type Entitlement } from './subscription';
import { tagValue } from './tag-values';

/*
 * The VPN offer (spec sections 1, 4, 5 and 9): who may use it, and the platforms its downloads serve.
 * The server decides access with these rules; the web shows what the server answered.
 */

export type VpnAccessRefusal = 'no_vpn_plan' | 'vpn_disabled' | 'blocked_country';

export type VpnAccess = { allowed: true } | { allowed: false; reason: VpnAccessRefusal };

export interface VpnAccessInput {
  /** The member's entitlements (subscriptionState's activeMediaTypes). */
  entitlements: readonly Entitlement[];
  tags: readonly string[];
  /** ISO country of the request (two letters, any case). */
  country: string;
  /** Countries where the VPN is unavailable (configurable, empty by default). */
  blockedCountries: readonly string[];
}

/** Normalises a configured country list: upper case, two letters, no repeats. */
export function parseCountryList(text: string): string[] {
  const countries = text
    .split(/[\s,;]+/)
    .map((country) => country.trim().toUpperCase())
    .filter((country) => /^[A-Z]{2}$/.test(country));
  return [...new Set(countries)];
}

/**
 * A member may use the VPN when the tag `vpn:disabled` is absent, an active subscription carries it,
 * and the request does not come from a blocked country.
 */
export function vpnAccess({ entitlements, tags, country, blockedCountries }: VpnAccessInput): VpnAccess {
  // First, since subscriptionState already drops `vpn` for it: the member learns why, and sees no upsell.
  if (tagValue(tags, 'vpn')?.toLowerCase() === 'disabled') return { allowed: false, reason: 'vpn_disabled' };
  if (!entitlements.includes('vpn')) return { allowed: false, reason: 'no_vpn_plan' };
  const here = country.trim().toUpperCase();
  if (blockedCountries.some((blocked) => blocked.toUpperCase() === here)) {
    return { allowed: false, reason: 'blocked_country' };
  }
  return { allowed: true };
}

export const VPN_PLATFORMS = ['windows', 'macos', 'debian', 'android', 'ios'] as const;
export type VpnPlatform = (typeof VPN_PLATFORMS)[number];

export interface VpnPlatformInfo {
  platform: VpnPlatform;
  /** The oldest system the downloads support (spec 9: Windows 7, Android 9, iOS 7, macOS High Sierra). */
  minimumVersion: string;
  /** What the member installs: the stock OpenVPN client for the system. */
  client: 'installer' | 'package' | 'apk' | 'app_store';
  /** Where the client comes from (the vendor's own download or store page). */
  clientUrl: string;
}

/** The platforms of the VPN page, in the order it shows them, with the spec's minimum versions. */
export const VPN_PLATFORM_INFO: readonly VpnPlatformInfo[] = [
  {
    platform: 'windows',
    minimumVersion: 'Windows 7',
    client: 'installer',
    clientUrl: 'https://openvpn.net/community-downloads/',
  },
  {
    platform: 'macos',
    minimumVersion: 'macOS 10.13 High Sierra',
    client: 'installer',
    clientUrl: 'https://tunnelblick.net/downloads.html',
  },
  {
    platform: 'debian',
    minimumVersion: 'Debian 10',
    client: 'package',
    clientUrl: 'https://packages.debian.org/stable/openvpn',
  },
  {
    platform: 'android',
    minimumVersion: 'Android 9',
    client: 'apk',
    clientUrl: 'https://github.com/schwabe/ics-openvpn/releases',
  },
  {
    platform: 'ios',
    minimumVersion: 'iOS 7',
    client: 'app_store',
    clientUrl: 'https://apps.apple.com/app/openvpn-connect/id590379981',
  },
];

/** A safe file name for a member's profile: the brand's name in plain letters, then `.ovpn`. */
export function vpnProfileFileName(brandName: string): string {
  const base = brandName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `${base || 'member'}-vpn.ovpn`;
}
