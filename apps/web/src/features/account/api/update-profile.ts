import type { Locale, MemberClaims } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { MEMBER_CLAIMS_SELECTION, assertMemberClaims } from '../../../lib/member-claims';

export interface ProfileChanges {
  name: string;
  timezone: string;
  language: Locale;
}

interface UpdateProfileData {
  member: { updateProfile: { responseResult: ResponseResult; member: MemberClaims | null } };
}

export const UPDATE_PROFILE_MUTATION = gql<UpdateProfileData, { input: ProfileChanges }>(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    member {
      updateProfile(input: $input) {
        ${RESPONSE_RESULT_FIELDS}
        ${MEMBER_CLAIMS_SELECTION}
      }
    }
  }
`);

/**
 * Saves the profile; the server re-issues the login cookie and returns the new claims. A refusal throws
 * a RefusalError with its slug (`invalid_timezone`, `unsupported_language`…).
 */
export async function updateProfile(input: ProfileChanges): Promise<MemberClaims> {
  const { member } = await graphqlRequest(UPDATE_PROFILE_MUTATION, { input });
  assertSucceeded(member.updateProfile.responseResult);
  const claims = member.updateProfile.member;
  assertMemberClaims(claims);
  return claims;
}
