import type { MemberClaims } from '@member/domain';

import type { MemberRow } from './db/tables/members';
import type { ResolvedBrand } from './modules/brands/brands.service';

export type RequestAuth =
  | { kind: 'anonymous' }
  | { kind: 'generic'; brandId: number }
  | { kind: 'member'; sessionId: string; claims: MemberClaims; member: MemberRow };

/** What every handler knows about the request once the brand and the token are resolved. */
export interface RequestContext {
  brand: ResolvedBrand;
  auth: RequestAuth;
  ip: string;
  /** ISO country from the trusted geo header, or the configured default. */
  country: string;
  userAgent: string;
  transactionId: string;
}

export type MemberAuth = Extract<RequestAuth, { kind: 'member' }>;
