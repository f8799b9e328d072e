import type { Locale, MemberClaims } from '@member/domain';
import { RESPONSE_RESULT_FIELDS, gql, graphqlRequest, type ResponseResult } from '../../../lib/graphql';
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

/** A profile the server refused, with its stable slug (`invalid_timezone`, `unsupported_language`…). */
export class ProfileRefusedError extends Error {
  override readonly name = 'ProfileRefusedError';
  constructor(
    readonly slug: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** Saves the profile; the server re-issues the login cookie and returns the new claims. */
export async function updateProfile(input: ProfileChanges): Promise<MemberClaims> {
  const { member } = await graphqlRequest(UPDATE_PROFILE_MUTATION, { input });
  const result = member.updateProfile.responseResult;
  if (!result.succeeded) throw new ProfileRefusedError(result.slug, result.message ?? '');
  const claims = member.updateProfile.member;
  assertMemberClaims(claims);
  return claims;
}
