import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { BrandMoveNotice } from './notices.service';

export const noticesResolvers = {
  MemberQuery: {
    brandMove: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.notices.brandMove(context.ctx, requireMember(context)),
  },
  MemberMutation: {
    acknowledgeBrandMove: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ notice: BrandMoveNotice | null }>(
        async () => ({ notice: await context.services.notices.acknowledgeBrandMove(context.ctx, member) }),
        { notice: null },
      );
    },
  },
};
