import {
  FEATURED_PICK_TYPES,
  FEATURED_SLOTS,
  type FeaturedReason,
  type MediaType,
  featuredOrder,
  featuredSeed,
} from '@member/domain';

import type { RequestContext } from '../../context';
import { AppError } from '../../errors';
import type { CatalogService, MediaItemView } from '../catalog/catalog.service';
import type { LibraryService } from '../library/library.service';

/** How many of the member's started titles, and of the day's candidates, are tried before giving up. */
const CONTINUE_TRIES = 3;
const PICK_TRIES = 6;

export interface FeaturedView {
  reason: FeaturedReason;
  media: MediaItemView;
  /** The member's saved progress on it (reason `continue`); null for a pick. */
  progress: { progress: number; position: string | null; finished: boolean; updatedAt: string } | null;
}

export interface HomeServiceDeps {
  catalog: Pick<CatalogService, 'media' | 'slotsWithTags'>;
  library: Pick<LibraryService, 'continueList'>;
  now?: () => Date;
}

/**
 * The home page's featured title (issue 14, item 12; the rule is `featuredOrder` in the domain): the
 * member's most recent unfinished title, else the day's pick from the brand's editorial slots. Every
 * candidate is opened through `catalog.media`, so the featured title obeys the same access rules as its
 * page (membership, location, device), and only a title that plays by itself (not an album or a series,
 * whose Play queues their parts) is featured, so the home page's Play button plays exactly it.
 */
export function createHomeService({ catalog, library, now = () => new Date() }: HomeServiceDeps) {
  /** The title's detail when the caller may open and play it; null when it is refused or missing. */
  async function playable(
    ctx: RequestContext,
    mediaType: MediaType,
    id: number,
  ): Promise<MediaItemView | null> {
    try {
      const media = await catalog.media(ctx, mediaType, id);
      // An album or a series plays through its parts (its page queues them): not one button's job.
      const isWhole = media !== null && media.tracks.length === 0 && media.episodes.length === 0;
      return isWhole && media.playbackKey ? media : null;
    } catch (error) {
      // A refusal (FORBIDDEN, NOT_FOUND) means "try the next"; anything else is a real failure.
      if (error instanceof AppError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND'))
        return null;
      throw error;
    }
  }

  async function featured(ctx: RequestContext): Promise<FeaturedView | null> {
    const member = ctx.auth.kind === 'member' ? ctx.auth : null;
    if (member) {
      const started = await library.continueList(ctx, member, CONTINUE_TRIES);
      for (const entry of started) {
        const media = await playable(ctx, entry.media.mediaType, entry.media.id);
        if (media) {
          return {
            reason: 'continue',
            media,
            progress: {
              progress: entry.progress,
              position: entry.position,
              finished: false,
              updatedAt: entry.updatedAt,
            },
          };
        }
      }
    }
    const slots = await catalog.slotsWithTags(ctx, FEATURED_SLOTS);
    const seed = featuredSeed(now(), member?.claims.id ?? 0);
    const candidates = featuredOrder(
      slots.flatMap((slot) => slot.items.filter((item) => FEATURED_PICK_TYPES.includes(item.mediaType))),
      seed,
    ).slice(0, PICK_TRIES);
    for (const candidate of candidates) {
      const media = await playable(ctx, candidate.mediaType, candidate.id);
      if (media) return { reason: 'pick', media, progress: null };
    }
    return null;
  }

  return { featured };
}

export type HomeService = ReturnType<typeof createHomeService>;
