import {
  BOOKMARK_LIMITS,
  type BookmarkMediaType,
  bookmarkName,
  bookmarkPlace,
  meaningfulMediaId,
  takesBookmarks,
} from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import { AppError, badInput, notFound } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { BookmarkOwner, BookmarkRecord, BookmarksRepository } from './bookmarks.repository';

export type { BookmarkRecord };

export interface BookmarksServiceDeps {
  repository: BookmarksRepository;
  catalog: Pick<CatalogService, 'media'>;
  now?: () => string;
}

export interface AddBookmarkInput {
  mediaType: string;
  id: number;
  position: number;
  location?: string | null;
  name: string;
}

const NAME_MESSAGES = {
  bookmark_name_required: 'Give the bookmark a name.',
  bookmark_name_too_long: `A bookmark name has at most ${String(BOOKMARK_LIMITS.nameLength)} characters.`,
  bookmark_name_invalid: 'The bookmark name has characters that are not allowed.',
} as const;

const bookmarkNotFound = () => notFound('Bookmark not found.', 'bookmark_not_found');

/**
 * The member's bookmarks in audiobooks and books (issue 14 item 11, decision 037). Every call names the
 * member and the request's brand, and the repository filters every statement by both; a title is
 * bookmarked only when content.media shows it to the member (brand, device, country, subscription).
 */
export function createBookmarksService({ repository, catalog, now = () => isoNow() }: BookmarksServiceDeps) {
  const ownerOf = (ctx: RequestContext, member: MemberAuth): BookmarkOwner => ({
    brandId: ctx.brand.config.id,
    memberId: member.member.id,
  });

  function parseType(mediaType: string): BookmarkMediaType {
    if (!takesBookmarks(mediaType)) {
      throw badInput('Only audiobooks and books take bookmarks.', 'bookmarks_not_supported');
    }
    return mediaType;
  }

  function parseName(raw: string): string {
    const checked = bookmarkName(raw);
    if (!checked.ok) throw badInput(NAME_MESSAGES[checked.reason], checked.reason);
    return checked.name;
  }

  /** A title's bookmarks, in the order of the book; none for a title the member cannot see. */
  async function list(
    ctx: RequestContext,
    member: MemberAuth,
    mediaType: string,
    rawId: number,
  ): Promise<BookmarkRecord[]> {
    const id = meaningfulMediaId(rawId);
    if (id === null || !takesBookmarks(mediaType)) return [];
    return repository.list(ownerOf(ctx, member), mediaType, id, BOOKMARK_LIMITS.perTitle);
  }

  async function add(ctx: RequestContext, member: MemberAuth, input: AddBookmarkInput) {
    const mediaType = parseType(input.mediaType);
    const name = parseName(input.name);
    const id = meaningfulMediaId(input.id);
    if (id === null) throw badInput('The media id must be a positive whole number.', 'invalid_media_id');
    const item = await catalog.media(ctx, mediaType, id);
    if (!item) throw notFound('Media not found', 'media_not_found');
    const place = bookmarkPlace({
      mediaType,
      position: input.position,
      location: input.location,
      durationSeconds: item.duration,
    });
    if (!place.ok) {
      throw badInput(
        place.reason === 'invalid_location'
          ? 'A book bookmark needs the place in the book.'
          : 'The bookmark is outside the title.',
        place.reason,
      );
    }
    const outcome = await repository.add(
      ownerOf(ctx, member),
      {
        mediaType,
        mediaId: item.id,
        position: place.position,
        location: place.location,
        positionKey: place.key,
        name,
      },
      BOOKMARK_LIMITS.perTitle,
      now(),
    );
    // Never expected past authentication, but a member may delete their account meanwhile.
    if (outcome === undefined) throw new AppError('FORBIDDEN', 'Not allowed', 'forbidden');
    if (outcome === 'full') {
      throw badInput(
        `A title keeps at most ${String(BOOKMARK_LIMITS.perTitle)} bookmarks. Delete one to add another.`,
        'bookmarks_full',
      );
    }
    return { bookmark: outcome.record };
  }

  const bookmarkId = (raw: number): number => {
    if (meaningfulMediaId(raw) === null) throw bookmarkNotFound();
    return raw;
  };

  async function rename(
    ctx: RequestContext,
    member: MemberAuth,
    input: { bookmarkId: number; name: string },
  ) {
    const name = parseName(input.name);
    const renamed = await repository.rename(ownerOf(ctx, member), bookmarkId(input.bookmarkId), name);
    if (!renamed) throw bookmarkNotFound();
    return { bookmark: renamed };
  }

  async function remove(ctx: RequestContext, member: MemberAuth, input: { bookmarkId: number }) {
    if (!(await repository.remove(ownerOf(ctx, member), bookmarkId(input.bookmarkId))))
      throw bookmarkNotFound();
    return {};
  }

  return { list, add, rename, remove };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
