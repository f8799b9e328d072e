import { type GraphQLContext, requireCaller } from '../../graphql/context';
import type { CatalogListArgs } from './catalog.service';

/** The catalog's fields of the content namespace: titles, live streams, slots, lists, genres, search. */
export const catalogResolvers = {
  Thumbnail: {
    sizes: (thumbnail: { path: string }, _args: unknown, context: GraphQLContext) =>
      context.services.catalog.thumbnailSizes(thumbnail.path),
  },
  ContentQuery: {
    media: (_parent: unknown, args: { mediaType: string; id: number }, context: GraphQLContext) =>
      context.services.catalog.media(requireCaller(context), args.mediaType, args.id),
    liveStream: (_parent: unknown, args: { slug: string }, context: GraphQLContext) =>
      context.services.catalog.liveStream(requireCaller(context), args.slug),
    slotsWithTags: (
      _parent: unknown,
      args: { tags: string[]; first?: number | null },
      context: GraphQLContext,
    ) => context.services.catalog.slotsWithTags(requireCaller(context), args.tags, args.first),
    slot: (
      _parent: unknown,
      args: { slug: string; after?: string | null; first?: number | null },
      context: GraphQLContext,
    ) => context.services.catalog.slot(requireCaller(context), args.slug, args),
    list: (_parent: unknown, args: CatalogListArgs, context: GraphQLContext) =>
      context.services.catalog.list(requireCaller(context), args),
    genres: (_parent: unknown, args: { mediaType: string }, context: GraphQLContext) =>
      context.services.catalog.genres(requireCaller(context), args.mediaType),
    search: (
      _parent: unknown,
      args: { query: string; first?: number | null; withCounts?: boolean | null },
      context: GraphQLContext,
    ) =>
      context.services.catalog.search(
        requireCaller(context),
        args.query,
        args.first,
        args.withCounts === true,
      ),
    searchPage: (
      _parent: unknown,
      args: { query: string; mediaType: string; after?: string | null; first?: number | null },
      context: GraphQLContext,
    ) =>
      context.services.catalog.searchPage(
        requireCaller(context),
        args.query,
        args.mediaType,
        args.after,
        args.first,
      ),
  },
};
