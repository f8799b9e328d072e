import { randomBytes } from 'node:crypto';

import type { MemberClaims } from '@member/domain';

import type { RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import { AppError, forbidden, unauthenticated } from '../../errors';
import type { EventsService } from '../events/events.service';
import { toMemberClaims } from '../members/member-claims';
import type { AuthRepository } from './auth.repository';
import { getDecoyHash, verifyPassword } from './passwords';
import { MEMBER_TOKEN_TTL_SECONDS, signGenericToken, signMemberToken, verifyToken } from './tokens';
import type { RequestAuth } from '../../context';

/**
 * Sign-in limits (spec: rate limited; decision 012), kept in the database so every server counts the
 * same. Per account and client address: this many password checks that failed (or are under way)
 * within the window, then that address waits; another address is not locked out, so nobody can lock a
 * member out from elsewhere. Per address across all accounts: this many, against spraying one password
 * over many accounts.
 */
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 50;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Expired attempts are deleted at most this often per server. */
const PURGE_EVERY_MS = 60 * 1000;
/**
 * A session ends this long after its sign-in whatever happens meanwhile (refreshing re-signs its
 * token but never moves its end); the spec's cookie is kept as long (decision 012).
 */
const SESSION_MAX_AGE_MS = MEMBER_TOKEN_TTL_SECONDS * 1000;

const INVALID_CREDENTIALS_MESSAGE =
  'These credentials match no account for this site. Try again or contact support.';

export interface AuthServiceDeps {
  repository: AuthRepository;
  events: EventsService;
  secret: Uint8Array;
  now?: () => Date;
}

export interface IssuedMemberToken {
  token: string;
  claims: MemberClaims;
  expiresAt: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAuthService({ repository, events, secret, now = () => new Date() }: AuthServiceDeps) {
  let lastPurge = 0;
  const sessionsStartedAfter = (at: Date) => isoNow(new Date(at.getTime() - SESSION_MAX_AGE_MS));

  async function issueForMember(
    member: Parameters<typeof toMemberClaims>[0],
    sessionId: string,
    expiresAt: Date,
  ) {
    const claims = toMemberClaims(member, 0);
    const { exp: _exp, ...withoutExp } = claims;
    const signed = await signMemberToken(secret, withoutExp, sessionId, expiresAt);
    return { token: signed.token, claims: signed.claims, expiresAt };
  }

  /**
   * Signs a member in to the request's brand. Wrong email and wrong password give the same answer
   * in the same time. The attempt is recorded before the password is checked, and refused when its
   * account or its address has used up its checks, so parallel requests check no more passwords than
   * sequential ones would.
   */
  async function login(ctx: RequestContext, email: string, password: string): Promise<IssuedMemberToken> {
    const brandId = ctx.brand.config.id;
    const account = normalizeEmail(email);
    const at = now();
    const since = isoNow(new Date(at.getTime() - FAILURE_WINDOW_MS));
    if (at.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = at.getTime();
      await repository.purgeLoginAttempts(since);
    }
    const attempt = await repository.reserveLoginAttempt(
      { brandId, email: account, ip: ctx.ip, at: isoNow(at) },
      since,
      { perAccount: MAX_FAILURES_PER_ACCOUNT, perAddress: MAX_FAILURES_PER_ADDRESS },
    );
    if (attempt === null) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many sign-in attempts. Please wait a few minutes and try again.',
        'too_many_attempts',
      );
    }
    const member = await repository.findMemberByEmail(brandId, account);
    const matches = await verifyPassword(password, member?.password_hash ?? (await getDecoyHash()));
    // A wrong password keeps its attempt row: that row is the recorded failure.
    if (!member || !matches) throw unauthenticated(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    await repository.releaseLoginAttempt(attempt);
    // Said only to whoever knows the password, so it tells a stranger nothing about the account.
    if (member.deactivated_at !== null) {
      throw forbidden('This account has been deactivated. Please contact support.', 'account_deactivated');
    }
    const sessionId = randomBytes(24).toString('base64url');
    const expiresAt = new Date(at.getTime() + MEMBER_TOKEN_TTL_SECONDS * 1000);
    await repository.createSession({
      id: sessionId,
      memberId: member.id,
      brandId,
      createdAt: isoNow(at),
      expiresAt: isoNow(expiresAt),
      userAgent: ctx.userAgent.slice(0, 512) || null,
      ip: ctx.ip,
    });
    const issued = await issueForMember(member, sessionId, expiresAt);
    await events.recordServerEvent(
      { ...ctx, auth: { kind: 'member', sessionId, claims: issued.claims, member } },
      'auth',
      { action: 'login' },
    );
    return issued;
  }

  async function logout(ctx: RequestContext): Promise<void> {
    if (ctx.auth.kind !== 'member') return;
    await repository.revokeSession(ctx.auth.sessionId, isoNow(now()));
    await events.recordServerEvent(ctx, 'auth', { action: 'logout' });
  }

  /**
   * Re-signs the current session's token with the member's stored claims. The token ends with its
   * session, which ends at the latest SESSION_MAX_AGE_MS after the sign-in; nothing moves that end.
   */
  async function reissue(
    auth: Extract<RequestAuth, { kind: 'member' }>,
    brandId: number,
  ): Promise<IssuedMemberToken> {
    const at = now();
    const live = await repository.findLiveSession(
      auth.sessionId,
      brandId,
      isoNow(at),
      sessionsStartedAfter(at),
    );
    if (!live) throw unauthenticated();
    const absoluteEnd = Date.parse(live.createdAt) + SESSION_MAX_AGE_MS;
    const end = Math.min(Date.parse(live.expiresAt), absoluteEnd);
    return issueForMember(live.member, live.sessionId, new Date(end));
  }

  /**
   * member.refreshToken: a new token with fresh claims (the cookie is set for the spec's 365 days
   * again); the session keeps its end, so a stolen token cannot be kept alive by refreshing it.
   */
  async function refresh(ctx: RequestContext): Promise<IssuedMemberToken> {
    if (ctx.auth.kind !== 'member') throw unauthenticated();
    return reissue(ctx.auth, ctx.brand.config.id);
  }

  function issueGeneric(brandId: number) {
    return signGenericToken(secret, brandId, now());
  }

  /**
   * Resolves a bearer token or cookie to who is calling. A token of another brand, a forged or
   * expired token, and a revoked or ended session all read as anonymous. `legacyCookie`: the token
   * came in the `mb-jwt` cookie where `__Host-mb-jwt` is the name; only a session made before that
   * name may still use it (decision 012), so a cookie planted from a sibling subdomain is refused.
   */
  async function authenticate(
    token: string | undefined,
    brandId: number,
    options: { legacyCookie?: boolean } = {},
  ): Promise<RequestAuth> {
    if (!token) return { kind: 'anonymous' };
    const at = now();
    const verified = verifyToken(secret, token, at);
    if (verified?.brandId !== brandId) return { kind: 'anonymous' };
    if (verified.typ === 'generic') return { kind: 'generic', brandId };
    const live = await repository.findLiveSession(
      verified.sid,
      brandId,
      isoNow(at),
      sessionsStartedAfter(at),
    );
    if (live?.member.id !== verified.id) return { kind: 'anonymous' };
    if (options.legacyCookie && !live.legacyCookie) return { kind: 'anonymous' };
    return {
      kind: 'member',
      sessionId: live.sessionId,
      member: live.member,
      claims: toMemberClaims(live.member, verified.exp),
    };
  }

  return { login, logout, refresh, reissue, issueGeneric, authenticate };
}

export type AuthService = ReturnType<typeof createAuthService>;
