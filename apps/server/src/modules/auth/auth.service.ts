import { randomBytes } from 'node:crypto';

import type { MemberClaims } from '@member/domain';

import type { RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import { AppError, unauthenticated } from '../../errors';
import type { EventsService } from '../events/events.service';
import { toMemberClaims } from '../members/member-claims';
import type { AuthRepository } from './auth.repository';
import { getDecoyHash, verifyPassword } from './passwords';
import { MEMBER_TOKEN_TTL_SECONDS, signGenericToken, signMemberToken, verifyToken } from './tokens';
import type { RequestAuth } from '../../context';

/** Per account: after this many failures within the window, sign-in waits (spec: rate limited). */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS_MESSAGE =
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
   * in the same time; too many failures for the account are refused before the password is checked.
   */
  async function login(ctx: RequestContext, email: string, password: string): Promise<IssuedMemberToken> {
    const brandId = ctx.brand.config.id;
    const account = normalizeEmail(email);
    const at = now();
    const failures = await repository.countRecentFailures(
      brandId,
      account,
      new Date(at.getTime() - FAILURE_WINDOW_MS).toISOString(),
    );
    if (failures >= MAX_FAILURES_PER_ACCOUNT) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many sign-in attempts. Please wait a few minutes and try again.',
        'too_many_attempts',
      );
    }

    const member = await repository.findMemberByEmail(brandId, account);
    const matches = await verifyPassword(password, member?.password_hash ?? (await getDecoyHash()));
    if (!member || !matches) {
      await repository.recordLoginAttempt({
        brandId,
        email: account,
        ip: ctx.ip,
        succeeded: false,
        at: isoNow(at),
      });
      throw unauthenticated(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    }

    await repository.clearFailures(brandId, account);
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

  /** member.refreshToken: a new token with fresh claims; the session and cookie run 365 days again. */
  async function refresh(ctx: RequestContext): Promise<IssuedMemberToken> {
    if (ctx.auth.kind !== 'member') throw unauthenticated();
    const expiresAt = new Date(now().getTime() + MEMBER_TOKEN_TTL_SECONDS * 1000);
    await repository.extendSession(ctx.auth.sessionId, isoNow(expiresAt));
    return issueForMember(ctx.auth.member, ctx.auth.sessionId, expiresAt);
  }

  /** Re-signs the current session's token after the member's stored claims changed. */
  async function reissue(
    auth: Extract<RequestAuth, { kind: 'member' }>,
    brandId: number,
  ): Promise<IssuedMemberToken> {
    const live = await repository.findLiveSession(auth.sessionId, brandId, isoNow(now()));
    if (!live) throw unauthenticated();
    return issueForMember(live.member, live.sessionId, new Date(live.expiresAt));
  }

  function issueGeneric(brandId: number) {
    return signGenericToken(secret, brandId, now());
  }

  /**
   * Resolves a bearer token or cookie to who is calling. A token of another brand, a forged or
   * expired token, and a revoked session all read as anonymous.
   */
  async function authenticate(token: string | undefined, brandId: number): Promise<RequestAuth> {
    if (!token) return { kind: 'anonymous' };
    const at = now();
    const verified = await verifyToken(secret, token, at);
    if (verified?.brandId !== brandId) return { kind: 'anonymous' };
    if (verified.typ === 'generic') return { kind: 'generic', brandId };
    const live = await repository.findLiveSession(verified.sid, brandId, isoNow(at));
    if (live?.member.id !== verified.id) return { kind: 'anonymous' };
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
