import type { MemberClaims } from '@member/domain';
import { isRecord } from './api-client';

/** Every MemberClaims field, for the GraphQL mutations that re-issue the login cookie. */
export const MEMBER_CLAIMS_SELECTION =
  'member { id email name avatar timezone language provider tags recipe brandId exp }';

/**
 * A structural check of the claims the server sends (login, language change, token refresh), so a
 * malformed answer fails where it arrives instead of somewhere in the interface later.
 */
export function isMemberClaims(value: unknown): value is MemberClaims {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.email === 'string' &&
    typeof value.name === 'string' &&
    typeof value.language === 'string' &&
    Array.isArray(value.tags) &&
    typeof value.brandId === 'number' &&
    typeof value.exp === 'number'
  );
}

export function assertMemberClaims(value: unknown): asserts value is MemberClaims {
  if (!isMemberClaims(value)) throw new Error('The server answered without member claims');
}
