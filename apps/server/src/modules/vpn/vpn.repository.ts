import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';

export interface NewVpnCertificate {
  brandId: number;
  memberId: number;
  serialNumber: string;
  certificatePem: string;
  privateKeyPem: string;
  issuedAt: string;
  expiresAt: string;
}

/** The key that makes one certificate per member active at a time (unique while not revoked). */
const activeKey = (brandId: number, memberId: number) => `${String(brandId)}:${String(memberId)}`;

/** VPN client certificates, always read within their brand (and member, when a member asks). */
export function createVpnRepository(db: Kysely<Database>) {
  return {
    findActive: (brandId: number, memberId: number) =>
      db
        .selectFrom('vpn_certificates')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('active_key', '=', activeKey(brandId, memberId))
        .executeTakeFirst(),

    /** The member's certificate with this serial, active or not (a download names it). */
    findBySerial: (brandId: number, memberId: number, serialNumber: string) =>
      db
        .selectFrom('vpn_certificates')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('serial_number', '=', serialNumber)
        .executeTakeFirst(),

    /**
     * Stores the member's active certificate unless another request stored one first (the unique
     * active key); answers whether this one was stored.
     */
    insertActive: async (row: NewVpnCertificate): Promise<boolean> => {
      const result = await db
        .insertInto('vpn_certificates')
        .values({
          brand_id: row.brandId,
          member_id: row.memberId,
          serial_number: row.serialNumber,
          certificate_pem: row.certificatePem,
          private_key_pem: row.privateKeyPem,
          issued_at: row.issuedAt,
          expires_at: row.expiresAt,
          active_key: activeKey(row.brandId, row.memberId),
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Revokes the member's active certificate, if any; answers how many were revoked. */
    revokeActive: async (brandId: number, memberId: number, at: string, reason: string) => {
      const result = await db
        .updateTable('vpn_certificates')
        .set({ active_key: null, revoked_at: at, revoke_reason: reason })
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('active_key', '=', activeKey(brandId, memberId))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The brand's revoked certificates that have not expired yet: the revocation list's entries. */
    listRevoked: (brandId: number, now: string) =>
      db
        .selectFrom('vpn_certificates')
        .select(['serial_number', 'revoked_at'])
        .where('brand_id', '=', brandId)
        .where('revoked_at', 'is not', null)
        .where('expires_at', '>', now)
        .orderBy('id')
        .execute(),

    /** Active certificates of every brand, a page at a time (the revocation sweep). */
    listActive: (afterId: number, limit: number) =>
      db
        .selectFrom('vpn_certificates')
        .select(['id', 'brand_id', 'member_id'])
        .where('active_key', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
  };
}

export type VpnRepository = ReturnType<typeof createVpnRepository>;
