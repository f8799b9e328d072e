import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { AddBookmarkInput, BookmarkRecord } from './bookmarks.service';

function bookmarkChange(context: GraphQLContext, run: () => Promise<{ bookmark: BookmarkRecord | null }>) {
  requireMember(context);
  return withResponseResult<{ bookmark: BookmarkRecord | null }>(run, { bookmark: null });
}

export const bookmarksResolvers = {
  ContentQuery: {
    bookmarks: (_parent: unknown, args: { mediaType: string; id: number }, context: GraphQLContext) =>
      context.services.bookmarks.list(context.ctx, requireMember(context), args.mediaType, args.id),
  },
  ContentMutation: {
    addBookmark: (_parent: unknown, args: { input: AddBookmarkInput }, context: GraphQLContext) =>
      bookmarkChange(context, () =>
        context.services.bookmarks.add(context.ctx, requireMember(context), args.input),
      ),
    renameBookmark: (
      _parent: unknown,
      args: { input: { bookmarkId: number; name: string } },
      context: GraphQLContext,
    ) =>
      bookmarkChange(context, () =>
        context.services.bookmarks.rename(context.ctx, requireMember(context), args.input),
      ),
    deleteBookmark: (_parent: unknown, args: { input: { bookmarkId: number } }, context: GraphQLContext) => {
      requireMember(context);
      return withResponseResult<object>(
        () => context.services.bookmarks.remove(context.ctx, requireMember(context), args.input),
        {},
      );
    },
  },
};
