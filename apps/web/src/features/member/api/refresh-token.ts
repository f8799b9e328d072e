import type { MemberClaims } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  assertSucceeded,
  gql,
  graphqlRequest,
  type ResponseResult,
} from '../../../lib/graphql';
import { logger } from '../../../lib/logger';
import { MEMBER_CLAIMS_SELECTION, assertMemberClaims } from '../../../lib/member-claims';

interface RefreshTokenData {
  member: {
    refreshToken: { responseResult: ResponseResult; jwt: string | null; member: MemberClaims | null };
  };
}

const REFRESH_TOKEN_MUTATION = gql<RefreshTokenData>(`
  mutation RefreshToken {
    member {
      refreshToken {
        ${RESPONSE_RESULT_FIELDS}
        jwt
        ${MEMBER_CLAIMS_SELECTION}
      }
    }
  }
`);

/**
 * Renews the login cookie (365 days) when the token is close to expiry. The new token is set by the
 * server as an httpOnly cookie; only the claims are used here. A failure leaves the session as it is.
 */
export async function refreshMemberToken(): Promise<MemberClaims | null> {
  try {
    const { member } = await graphqlRequest(REFRESH_TOKEN_MUTATION, {});
    assertSucceeded(member.refreshToken.responseResult);
    const claims = member.refreshToken.member;
    assertMemberClaims(claims);
    return claims;
  } catch (error) {
    logger.warn('Could not refresh the login token', error);
    return null;
  }
}
