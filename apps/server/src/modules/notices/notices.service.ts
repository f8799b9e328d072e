import { brandMoveHost, brandMoveNoticeKey } from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import type { NoticesRepository } from './notices.repository';

/** The migration-to-brand modal's content, as the server decided it for this member. */
export interface BrandMoveNotice {
  /** The brand it moved to. */
  name: string;
  /** Where to continue: the new brand's member area. */
  url: string;
  /** The host name of `url`, shown in the text. */
  host: string;
  /** Not seen yet: the member is shown the modal (once). */
  show: boolean;
}

/**
 * Notices a member sees once (decision 033). Today one: the brand's site config says it has moved to
 * another brand (`movedTo`); its members are told where and how to continue until they close the
 * notice, which is recorded per member and destination in `member_notices`.
 */
export function createNoticesService({ repository }: { repository: NoticesRepository }) {
  return {
    /** Null while the brand has not moved; otherwise where to, and whether this member still has to see it. */
    brandMove: async (ctx: RequestContext, member: MemberAuth): Promise<BrandMoveNotice | null> => {
      const move = ctx.brand.config.movedTo;
      if (!move) return null;
      const seen = await repository.hasSeen(ctx.brand.config.id, member.claims.id, brandMoveNoticeKey(move));
      return { name: move.name, url: move.url, host: brandMoveHost(move), show: !seen };
    },

    /** The member closed the notice: it is not shown again (for this destination). Idempotent. */
    acknowledgeBrandMove: async (
      ctx: RequestContext,
      member: MemberAuth,
    ): Promise<BrandMoveNotice | null> => {
      const move = ctx.brand.config.movedTo;
      if (!move) return null;
      await repository.markSeen(ctx.brand.config.id, member.claims.id, brandMoveNoticeKey(move));
      return { name: move.name, url: move.url, host: brandMoveHost(move), show: false };
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
