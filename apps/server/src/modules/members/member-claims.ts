import { DEFAULT_LOCALE, type MemberClaims, isLocale } from '@member/domain';

import { readJson } from '../../db/json';
import type { MemberRow } from '../../db/tables/members';

/** The spec's member claims (spec section 3), read fresh from the member's row. */
export function toMemberClaims(member: MemberRow, exp: number): MemberClaims {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    avatar: member.avatar_url,
    timezone: member.timezone,
    language: isLocale(member.language) ? member.language : DEFAULT_LOCALE,
    provider: member.provider,
    tags: readJson<string[]>(member.tags, []),
    recipe: member.recipe,
    brandId: member.brand_id,
    exp,
  };
}
