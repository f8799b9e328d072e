import type { Address } from '@member/domain/address';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { ShippingAddressRow } from '../../db/tables/shipping-addresses';
import { type DbExecutor, inTransaction } from '../../db/transaction';

export interface ShippingAddress extends Address {
  id: number;
}

function toShippingAddress(row: ShippingAddressRow): ShippingAddress {
  return {
    id: row.id,
    country: row.country,
    firstName: row.first_name,
    lastName: row.last_name,
    address: row.address,
    apartment: row.apartment,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    phone: row.phone,
  };
}

/** An address's columns, as inserted and as updated. */
function addressColumns(address: Address) {
  return {
    country: address.country,
    first_name: address.firstName,
    last_name: address.lastName,
    address: address.address,
    apartment: address.apartment,
    city: address.city,
    region: address.region,
    postcode: address.postcode,
    phone: address.phone,
  };
}

/**
 * Account rows (addresses, credentials, picture, deletion); every query is scoped by brand and member.
 * A write of several statements runs in its own transaction, or in the caller's when given one
 * (`executor`, decision 018), so a service can commit it together with other repositories' writes.
 */
export function createAccountRepository(db: Kysely<Database>) {
  return {
    findMember: (brandId: number, memberId: number) =>
      db
        .selectFrom('members')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst(),

    /** Another member of the brand with this (normalised) email, if any. */
    findOtherMemberByEmail: (brandId: number, email: string, exceptMemberId: number) =>
      db
        .selectFrom('members')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .where('id', '<>', exceptMemberId)
        .executeTakeFirst(),

    /** Saves the new email and, in the same transaction, signs out every session but `keepSessionId`. */
    updateEmail: async (
      brandId: number,
      memberId: number,
      email: string,
      keepSessionId: string,
      at: string,
      executor: DbExecutor = db,
    ) => {
      await inTransaction(executor, async (trx) => {
        await trx
          .updateTable('members')
          .set({ email, updated_at: at })
          .where('brand_id', '=', brandId)
          .where('id', '=', memberId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: at })
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .where('id', '<>', keepSessionId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },

    /** Saves the new hash only if the stored one is still the one checked, so two changes cannot interleave. */
    updatePasswordHash: async (
      brandId: number,
      memberId: number,
      expectedHash: string,
      hash: string,
      at: string,
    ): Promise<boolean> => {
      const result = await db
        .updateTable('members')
        .set({ password_hash: hash, updated_at: at })
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .where('password_hash', '=', expectedHash)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Reserves one check of the member's current password, unless `max` were made since `since`: in one
     * transaction that first takes the member's row (an update to itself: a row lock on PostgreSQL, the
     * writer on SQLite), so parallel guesses are counted one at a time. Exactly `max` of any burst get
     * a check, on any number of servers; writing first and counting after (as before) let none through
     * on PostgreSQL when a whole burst wrote before any counted. Answers the row's id, or null.
     */
    reservePasswordAttempt: (
      attempt: { brandId: number; memberId: number; action: string; at: string },
      since: string,
      max: number,
      executor: DbExecutor = db,
    ): Promise<number | null> =>
      inTransaction(executor, async (trx) => {
        await trx
          .updateTable('members')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('brand_id', '=', attempt.brandId)
          .where('id', '=', attempt.memberId)
          .execute();
        await trx
          .deleteFrom('password_attempts')
          .where('member_id', '=', attempt.memberId)
          .where('created_at', '<=', since)
          .execute();
        const { count } = await trx
          .selectFrom('password_attempts')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('member_id', '=', attempt.memberId)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return null;
        const { id } = await trx
          .insertInto('password_attempts')
          .values({
            brand_id: attempt.brandId,
            member_id: attempt.memberId,
            action: attempt.action,
            created_at: attempt.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      }),

    /** A right password does not count against the member: its reservation is removed. */
    clearPasswordAttempt: async (id: number) => {
      await db.deleteFrom('password_attempts').where('id', '=', id).execute();
    },

    /** Revokes every live session of the member but `keepSessionId` (null: all of them). */
    revokeSessions: async (brandId: number, memberId: number, keepSessionId: string | null, at: string) => {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (keepSessionId) query = query.where('id', '<>', keepSessionId);
      await query.execute();
    },

    listSubscriptions: async (brandId: number, memberId: number): Promise<{ isActive: boolean }[]> => {
      const rows = await db
        .selectFrom('subscriptions')
        .select('is_active')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .execute();
      return rows.map((row) => ({ isActive: row.is_active === 1 }));
    },

    // Shipping addresses

    listAddresses: async (brandId: number, memberId: number): Promise<ShippingAddress[]> => {
      const rows = await db
        .selectFrom('shipping_addresses')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toShippingAddress);
    },

    findAddress: async (
      brandId: number,
      memberId: number,
      id: number,
    ): Promise<ShippingAddress | undefined> => {
      const row = await db
        .selectFrom('shipping_addresses')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toShippingAddress(row);
    },

    /**
     * Adds an address unless the member has `limit` already ('full'), in one transaction that first
     * takes the member's row (an update to itself: a row lock on PostgreSQL, the writer on SQLite), so
     * one member's additions are counted one at a time and the member cannot be deleted in between.
     * Answers the new id, or undefined when the member is gone.
     */
    insertAddress: (
      brandId: number,
      memberId: number,
      address: Address,
      at: string,
      limit: number,
      executor: DbExecutor = db,
    ): Promise<number | 'full' | undefined> =>
      inTransaction(executor, async (trx) => {
        const member = await trx
          .updateTable('members')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('brand_id', '=', brandId)
          .where('id', '=', memberId)
          .executeTakeFirst();
        if (Number(member.numUpdatedRows) === 0) return undefined;
        const { count } = await trx
          .selectFrom('shipping_addresses')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return 'full';
        const row = await trx
          .insertInto('shipping_addresses')
          .values({
            brand_id: brandId,
            member_id: memberId,
            ...addressColumns(address),
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),

    updateAddress: async (
      brandId: number,
      memberId: number,
      id: number,
      address: Address,
      at: string,
    ): Promise<boolean> => {
      const result = await db
        .updateTable('shipping_addresses')
        .set({
          ...addressColumns(address),
          updated_at: at,
        })
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    deleteAddress: async (brandId: number, memberId: number, id: number): Promise<boolean> => {
      const result = await db
        .deleteFrom('shipping_addresses')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // Profile picture

    /**
     * Stores the picture and points the member at it; the member's row is written first, so a member
     * deleted meanwhile answers false rather than failing the picture's foreign key.
     */
    saveAvatar: (
      avatar: {
        brandId: number;
        memberId: number;
        version: string;
        contentType: string;
        data: string;
        url: string;
        at: string;
      },
      executor: DbExecutor = db,
    ): Promise<boolean> =>
      inTransaction(executor, async (trx) => {
        const member = await trx
          .updateTable('members')
          .set({ avatar_url: avatar.url, updated_at: avatar.at })
          .where('brand_id', '=', avatar.brandId)
          .where('id', '=', avatar.memberId)
          .executeTakeFirst();
        if (Number(member.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('member_avatars')
          .values({
            member_id: avatar.memberId,
            brand_id: avatar.brandId,
            version: avatar.version,
            content_type: avatar.contentType,
            data: avatar.data,
            updated_at: avatar.at,
          })
          .onConflict((oc) =>
            oc.column('member_id').doUpdateSet({
              version: avatar.version,
              content_type: avatar.contentType,
              data: avatar.data,
              updated_at: avatar.at,
            }),
          )
          .execute();
        return true;
      }),

    /** The member's picture (stored as base64 text) and the version its URL names. */
    findAvatar: async (
      brandId: number,
      memberId: number,
    ): Promise<{ version: string; contentType: string; data: Buffer } | undefined> => {
      const row = await db
        .selectFrom('member_avatars')
        .select(['version', 'content_type', 'data'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return (
        row && { version: row.version, contentType: row.content_type, data: Buffer.from(row.data, 'base64') }
      );
    },

    /**
     * Deletes the member and everything that is theirs in one transaction: the rows that reference
     * the member cascade (sessions, subscriptions, wallet and ledger, addresses, orders, picture,
     * library, payment methods, reset keys, mail); events and sign-in attempts, which only name the
     * member, are deleted here.
     */
    deleteMember: async (
      brandId: number,
      memberId: number,
      email: string,
      executor: DbExecutor = db,
    ): Promise<boolean> =>
      inTransaction(executor, async (trx) => {
        await trx
          .deleteFrom('events')
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .execute();
        await trx
          .deleteFrom('login_attempts')
          .where('brand_id', '=', brandId)
          .where('email', '=', email)
          .execute();
        const result = await trx
          .deleteFrom('members')
          .where('brand_id', '=', brandId)
          .where('id', '=', memberId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      }),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
