import { type GraphQLContext, requireCaller } from '../../graphql/context';

export const contentResolvers = {
  Query: {
    content: () => ({}),
  },
  ContentQuery: {
    menuItems: (_parent: unknown, args: { brandId: number }, context: GraphQLContext) =>
      context.services.content.menuItems(requireCaller(context), args.brandId),
    media: (_parent: unknown, args: { mediaType: string; id: number }, context: GraphQLContext) =>
      context.services.catalog.media(requireCaller(context), args.mediaType, args.id),
  },
};
