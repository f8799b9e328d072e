import { type GraphQLContext, requireMember } from '../../graphql/context';

export const ordersResolvers = {
  Query: {
    ecommerce: () => ({}),
  },
  EcommerceQuery: {
    getMemberOrders: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.orders.listOrders(context.ctx, requireMember(context)),
  },
};
