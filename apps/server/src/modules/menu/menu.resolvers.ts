import { type GraphQLContext, requireCaller } from '../../graphql/context';

export const menuResolvers = {
  // The content namespace: its fields are the menu's, the catalog's, the library's and media's.
  Query: {
    content: () => ({}),
  },
  ContentQuery: {
    menuItems: (_parent: unknown, args: { brandId: number }, context: GraphQLContext) =>
      context.services.menu.menuItems(requireCaller(context), args.brandId),
  },
};
