import { type TreeCount, type TreePoint, countTrees, featureFlags, treesOverTime } from '@member/domain';

import { forbidden } from '../../errors';
import type { GreenRepository } from './green.repository';

export interface GreenPage extends TreeCount {
  /** Trees at the end of each month, oldest first (the chart). */
  history: TreePoint[];
  /** Which version of the page the member's flags show. */
  version: 1 | 2;
}

/** The green page (spec section 1): the domain's tree arithmetic over the member's real history. */
export function createGreenService({
  repository,
  now = () => new Date(),
}: {
  repository: GreenRepository;
  now?: () => Date;
}) {
  async function count(brandId: number, memberId: number) {
    const [periods, streams] = await Promise.all([
      repository.periods(brandId, memberId),
      repository.streams(brandId, memberId),
    ]);
    return { periods, streams, at: now() };
  }

  return {
    /** Refused (FORBIDDEN, green_page_disabled) unless the member's tags turn green_page or green_page_v2 on. */
    page: async (brandId: number, memberId: number): Promise<GreenPage> => {
      const flags = featureFlags(await repository.tags(brandId, memberId));
      if (!flags.green_page && !flags.green_page_v2) {
        throw forbidden('The green page is not available for this account.', 'green_page_disabled');
      }
      const { periods, streams, at } = await count(brandId, memberId);
      return {
        ...countTrees(periods, streams, at),
        history: treesOverTime(periods, streams, at, 24),
        version: flags.green_page_v2 ? 2 : 1,
      };
    },

    /** member.info.greenPoints: the trees earned, at least 1. */
    greenPoints: async (brandId: number, memberId: number): Promise<number> => {
      const { periods, streams, at } = await count(brandId, memberId);
      return countTrees(periods, streams, at).greenPoints;
    },
  };
}

export type GreenService = ReturnType<typeof createGreenService>;
