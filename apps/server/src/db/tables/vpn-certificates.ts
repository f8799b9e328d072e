import type { Generated } from 'kysely';

/* The `vpn_certificates` table, made by migration 0020-vpn-support. */

export interface VpnCertificatesTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** Lowercase hexadecimal, as the revocation list names it. */
  serial_number: string;
  certificate_pem: string;
  private_key_pem: string;
  issued_at: string;
  expires_at: string;
  /** `<brand>:<member>` while the certificate is the member's active one (unique), null once revoked. */
  active_key: string | null;
  revoked_at: string | null;
  revoke_reason: string | null;
}
