import { type GraphQLContext, requireCaller } from '../../graphql/context';

/** content.featured. */
export const homeResolvers = {
  ContentQuery: {
    featured: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.home.featured(requireCaller(context)),
  },
};
