import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../config';
import { MEMBER_TOKEN_TTL_SECONDS } from './tokens';

/** The login cookie of spec section 9, under its own name on plain-http local development. */
export const MEMBER_COOKIE = 'mb-jwt';
/**
 * Its name wherever the cookie is Secure (decision 012). Browsers keep a `__Host-` cookie only when
 * it is Secure, for `/`, without a Domain, and set by this very host, so a sibling subdomain or a
 * plain-http page cannot plant one (a planted login cookie would sign a visitor in as someone else).
 */
export const SECURE_MEMBER_COOKIE = '__Host-mb-jwt';

/** Secure outside LOCAL, and on any https origin (LOCAL behind TLS too). */
function isSecureCookie(request: FastifyRequest, config: Pick<AppConfig, 'env'>): boolean {
  return config.env !== 'LOCAL' || request.protocol === 'https';
}

export interface MemberCookie {
  token: string | undefined;
  /** The token came as `mb-jwt` where the name is `__Host-mb-jwt`: only older sessions may do that. */
  legacyCookie: boolean;
}

/** The login token of the request's cookies, under the name this origin uses, else the older name. */
export function readMemberCookie(request: FastifyRequest, config: Pick<AppConfig, 'env'>): MemberCookie {
  if (!isSecureCookie(request, config)) return { token: request.cookies[MEMBER_COOKIE], legacyCookie: false };
  const current = request.cookies[SECURE_MEMBER_COOKIE];
  if (current) return { token: current, legacyCookie: false };
  return { token: request.cookies[MEMBER_COOKIE], legacyCookie: true };
}

function cookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
}

/** The older name is cleared wherever the new one replaces it, once the browser sends it. */
function clearLegacyCookie(reply: FastifyReply, secure: boolean) {
  if (secure && reply.request.cookies[MEMBER_COOKIE] !== undefined) {
    void reply.clearCookie(MEMBER_COOKIE, cookieOptions(true));
  }
}

/**
 * httpOnly so page scripts never hold the token (docs/decisions/003); the browser sends it with the
 * app's same-origin calls, and JSON-only POSTs keep other sites from riding on it.
 */
export function setMemberCookie(
  reply: FastifyReply,
  issued: { token: string },
  config: Pick<AppConfig, 'env'>,
) {
  const secure = isSecureCookie(reply.request, config);
  void reply.setCookie(secure ? SECURE_MEMBER_COOKIE : MEMBER_COOKIE, issued.token, {
    ...cookieOptions(secure),
    maxAge: MEMBER_TOKEN_TTL_SECONDS,
  });
  clearLegacyCookie(reply, secure);
}

export function clearMemberCookie(reply: FastifyReply, config: Pick<AppConfig, 'env'>) {
  const secure = isSecureCookie(reply.request, config);
  void reply.clearCookie(secure ? SECURE_MEMBER_COOKIE : MEMBER_COOKIE, cookieOptions(secure));
  clearLegacyCookie(reply, secure);
}
