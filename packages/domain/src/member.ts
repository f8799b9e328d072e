import type { Locale } from './locales';

/** Member claims carried by the `mb-jwt` login cookie (spec section 3, "Member"). */
export interface MemberClaims {
  id: number;
  email: string;
  name: string;
  avatar: string | null;
  timezone: string;
  language: Locale;
  provider: string;
  tags: string[];
  recipe: string | null;
  brandId: number;
  /** Expiry in seconds since the epoch, as in a JWT `exp`. */
  exp: number;
}

const UNKNOWN_NAMES = new Set(['', 'unknown', 'undefined', 'null', 'n/a']);

/** The name to show: the member's name, or the part of the email before the @ when it is empty or unknown. */
export function memberDisplayName(member: Pick<MemberClaims, 'name' | 'email'>): string {
  const name = member.name.trim();
  if (!UNKNOWN_NAMES.has(name.toLowerCase())) return name;
  const at = member.email.indexOf('@');
  return at > 0 ? member.email.slice(0, at) : member.email;
}

/** A session is authenticated only if the token expiry is in the future (spec section 5). */
export function isTokenValid(exp: number | null | undefined, nowMs: number): boolean {
  return typeof exp === 'number' && Number.isFinite(exp) && exp * 1000 > nowMs;
}

/** Test accounts are recognised by the test subscription provider or by the e-mail (spec section 6). */
export const TEST_SUBSCRIPTION_PROVIDER = 'test';

export function isTestAccount(member: Pick<MemberClaims, 'provider' | 'email'>): boolean {
  if (member.provider.toLowerCase() === TEST_SUBSCRIPTION_PROVIDER) return true;
  // test@…, test.qa@…, test-7@…, test+x@… and jane+test@… (a plus-address), but not tester@…
  return /^test([.+_-][^@]*)?@|\+test([.+_-][^@]*)?@/i.test(member.email);
}
