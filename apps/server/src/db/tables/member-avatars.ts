/* The `member_avatars` table, made by migration 0006-wallet-account. */

export interface MemberAvatarsTable {
  member_id: number;
  brand_id: number;
  /** Changes with each upload; part of the picture's URL so caches never serve an old one. */
  version: string;
  content_type: string;
  /** Base64 of the image bytes. */
  data: string;
  updated_at: string;
}
