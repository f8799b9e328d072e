import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { MemberRow } from '../../db/tables/members';

export interface SessionWithMember {
  sessionId: string;
  createdAt: string;
  expiresAt: string;
  /** Made before the `__Host-mb-jwt` cookie (decision 012). */
  legacyCookie: boolean;
  member: MemberRow;
}

/** Sessions, login attempts and the member lookups sign-in needs; every query is scoped by brand. */
export function createAuthRepository(db: Kysely<Database>) {
  return {
    findMemberByEmail: (brandId: number, email: string) =>
      db
        .selectFrom('members')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst(),

    createSession: async (session: {
      id: string;
      memberId: number;
      brandId: number;
      createdAt: string;
      expiresAt: string;
      userAgent: string | null;
      ip: string | null;
    }) => {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          member_id: session.memberId,
          brand_id: session.brandId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          revoked_at: null,
          user_agent: session.userAgent,
          ip: session.ip,
        })
        .execute();
    },

    /**
     * The live session with its member, or undefined when revoked, expired, begun before
     * `startedAfterIso` (its absolute end has passed, whatever its expiry says) or of another brand.
     */
    findLiveSession: async (
      sessionId: string,
      brandId: number,
      nowIso: string,
      startedAfterIso: string,
    ): Promise<SessionWithMember | undefined> => {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .selectAll('members')
        .select([
          'sessions.id as session_id',
          'sessions.created_at as session_created_at',
          'sessions.expires_at as session_expires_at',
          'sessions.legacy_cookie as session_legacy_cookie',
        ])
        .where('sessions.id', '=', sessionId)
        .where('sessions.brand_id', '=', brandId)
        .where('members.brand_id', '=', brandId)
        // A member an operator deactivated is signed out everywhere, whatever session survived.
        .where('members.deactivated_at', 'is', null)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', nowIso)
        .where('sessions.created_at', '>', startedAfterIso)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, session_created_at, session_expires_at, session_legacy_cookie, ...member } = row;
      return {
        sessionId: session_id,
        createdAt: session_created_at,
        expiresAt: session_expires_at,
        legacyCookie: session_legacy_cookie === 1,
        member,
      };
    },

    revokeSession: async (sessionId: string, nowIso: string) => {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Reserves one password check for a sign-in (decision 012): the attempt is written first (and
     * committed), then counted with every other attempt since `since`, its own included: those of this
     * account from this address, and those from this address across all accounts. Over a limit, the
     * row is removed and the answer is null; otherwise the row's id. A request counts every row
     * committed before its count, so of any number of parallel requests on any number of servers at
     * most `perAccount` (and `perAddress`) pass; a crowd may pass fewer, never more.
     */
    reserveLoginAttempt: async (
      attempt: { brandId: number; email: string; ip: string; at: string },
      since: string,
      limits: { perAccount: number; perAddress: number },
    ): Promise<number | null> => {
      const { id } = await db
        .insertInto('login_attempts')
        .values({
          brand_id: attempt.brandId,
          email: attempt.email,
          ip: attempt.ip,
          succeeded: 0,
          created_at: attempt.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const counts = await db
        .selectFrom('login_attempts')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('address'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb.and([eb('brand_id', '=', attempt.brandId), eb('email', '=', attempt.email)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('account'),
        ])
        .where('ip', '=', attempt.ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(counts.account ?? 0) <= limits.perAccount && Number(counts.address) <= limits.perAddress) {
        return id;
      }
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
      return null;
    },

    /**
     * A right password does not count against the account: its reservation goes. Earlier failures
     * stay until they leave the window, so a success inside a parallel burst frees no other check.
     */
    releaseLoginAttempt: async (id: number) => {
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
    },

    /** Deletes attempts that left the window (every server does now and then). */
    purgeLoginAttempts: async (beforeIso: string) => {
      await db.deleteFrom('login_attempts').where('created_at', '<=', beforeIso).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
