import type { FastifyReply } from 'fastify';

import type { AppConfig } from '../../config';
import { MEMBER_TOKEN_TTL_SECONDS } from './tokens';

/** The login cookie of spec section 9. */
export const MEMBER_COOKIE = 'mb-jwt';

/**
 * httpOnly so page scripts never hold the token (docs/decisions/003); the browser sends it with the
 * app's same-origin calls, and JSON-only POSTs keep other sites from riding on it.
 */
export function setMemberCookie(
  reply: FastifyReply,
  issued: { token: string },
  config: Pick<AppConfig, 'env'>,
) {
  void reply.setCookie(MEMBER_COOKIE, issued.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env !== 'LOCAL',
    maxAge: MEMBER_TOKEN_TTL_SECONDS,
  });
}

export function clearMemberCookie(reply: FastifyReply, config: Pick<AppConfig, 'env'>) {
  void reply.clearCookie(MEMBER_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env !== 'LOCAL',
  });
}
