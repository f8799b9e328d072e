import type { Locale, MemberClaims } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  assertSucceeded,
  gql,
  graphqlRequest,
  type ResponseResult,
} from '../../../lib/graphql';
import { MEMBER_CLAIMS_SELECTION, assertMemberClaims } from '../../../lib/member-claims';

interface SetLanguageData {
  member: { setLanguage: { responseResult: ResponseResult; member: MemberClaims | null } };
}

export const SET_LANGUAGE_MUTATION = gql<SetLanguageData, { language: Locale }>(`
  mutation SetLanguage($language: String!) {
    member {
      setLanguage(language: $language) {
        ${RESPONSE_RESULT_FIELDS}
        ${MEMBER_CLAIMS_SELECTION}
      }
    }
  }
`);

/** Saves the member's language; the server re-issues the login cookie and returns the new claims. */
export async function setMemberLanguage(language: Locale): Promise<MemberClaims> {
  const { member } = await graphqlRequest(SET_LANGUAGE_MUTATION, { language });
  assertSucceeded(member.setLanguage.responseResult);
  const claims = member.setLanguage.member;
  assertMemberClaims(claims);
  return claims;
}
