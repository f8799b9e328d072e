import { type GraphQLContext, requireCaller } from '../../graphql/context';

export const plansResolvers = {
  Query: {
    plan: () => ({}),
  },
  PlanQuery: {
    getPlans: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.plans.getPlans(requireCaller(context)),
  },
};
