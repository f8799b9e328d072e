import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { ImpactItem } from './impacts.service';

function viewer(context: GraphQLContext) {
  const member = requireMember(context);
  return {
    brandId: context.ctx.brand.config.id,
    memberId: member.claims.id,
    language: member.claims.language,
  };
}

export const impactsResolvers = {
  Query: {
    impacts: () => ({}),
  },
  ImpactsQuery: {
    listCategories: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.impacts.listCategories(viewer(context)),
    page: (_parent: unknown, args: { page?: number | null }, context: GraphQLContext) =>
      context.services.impacts.page(viewer(context), args.page ?? 1),
    item: (_parent: unknown, args: { id: number }, context: GraphQLContext) =>
      context.services.impacts.item(viewer(context), args.id),
  },
  MemberQuery: {
    green: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const who = viewer(context);
      return context.services.green.page(who.brandId, who.memberId);
    },
  },
  MemberInfo: {
    // The members module answers the minimum; the green page's rule knows the member's real points.
    greenPoints: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const who = viewer(context);
      return context.services.green.greenPoints(who.brandId, who.memberId);
    },
    impacts: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.impacts.memberImpacts(viewer(context)),
  },
  MemberMutation: {
    contributeToImpact: (
      _parent: unknown,
      args: { itemId: number; quantity: number; requestKey: string },
      context: GraphQLContext,
    ) => {
      const who = viewer(context);
      return withResponseResult<{
        contributionId: number | null;
        coins: number | null;
        balance: number | null;
        item: ImpactItem | null;
      }>(
        async () => {
          const done = await context.services.impacts.contribute(who, args);
          return {
            contributionId: done.contributionId,
            coins: done.coins,
            balance: done.balance,
            item: done.item,
          };
        },
        { contributionId: null, coins: null, balance: null, item: null },
      );
    },
    setImpactTarget: (
      _parent: unknown,
      args: { itemId: number; target?: number | null },
      context: GraphQLContext,
    ) => {
      const who = viewer(context);
      return withResponseResult<{ item: ImpactItem | null }>(
        async () => ({
          item: await context.services.impacts.setTarget(who, args.itemId, args.target ?? null),
        }),
        { item: null },
      );
    },
  },
};
