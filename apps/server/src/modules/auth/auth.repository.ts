import type { Kysely } from 'kysely';

import type { Database, MemberRow } from '../../db/schema';

export interface SessionWithMember {
  sessionId: string;
  expiresAt: string;
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

    /** The live session with its member, or undefined when revoked, expired or of another brand. */
    findLiveSession: async (
      sessionId: string,
      brandId: number,
      nowIso: string,
    ): Promise<SessionWithMember | undefined> => {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .selectAll('members')
        .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
        .where('sessions.id', '=', sessionId)
        .where('sessions.brand_id', '=', brandId)
        .where('members.brand_id', '=', brandId)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', nowIso)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_id, session_expires_at, ...member } = row;
      return { sessionId: session_id, expiresAt: session_expires_at, member };
    },

    extendSession: async (sessionId: string, expiresAt: string) => {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
    },

    revokeSession: async (sessionId: string, nowIso: string) => {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    recordLoginAttempt: async (attempt: {
      brandId: number;
      email: string;
      ip: string;
      succeeded: boolean;
      at: string;
    }) => {
      await db
        .insertInto('login_attempts')
        .values({
          brand_id: attempt.brandId,
          email: attempt.email,
          ip: attempt.ip,
          succeeded: attempt.succeeded ? 1 : 0,
          created_at: attempt.at,
        })
        .execute();
    },

    countRecentFailures: async (brandId: number, email: string, sinceIso: string): Promise<number> => {
      const row = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .where('succeeded', '=', 0)
        .where('created_at', '>', sinceIso)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Successful sign-ins reset the per-account counter by clearing its recent failures. */
    clearFailures: async (brandId: number, email: string) => {
      await db
        .deleteFrom('login_attempts')
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .where('succeeded', '=', 0)
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
