import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import { forbidden } from '../../errors';

export const walletResolvers = {
  MemberQuery: {
    getCreditBalance: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const member = requireMember(context);
      return context.services.wallet.balance(context.ctx.brand.config.id, member.claims.id);
    },
    creditTransactions: (
      _parent: unknown,
      args: { limit?: number | null; before?: number | null },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return context.services.wallet.transactions(context.ctx.brand.config.id, member.claims.id, {
        ...(args.limit ? { limit: args.limit } : {}),
        before: args.before ?? null,
      });
    },
    coinPacks: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      requireMember(context);
      return context.services.wallet.coinPacks(context.ctx.brand.config.billing);
    },
  },
  MemberMutation: {
    addCredits: (
      _parent: unknown,
      _args: { amount: number; description: string },
      context: GraphQLContext,
    ) => {
      requireMember(context);
      return withResponseResult<{ balance: number | null }>(
        () =>
          Promise.reject(
            forbidden(
              'Coins cannot be added by a member. Buy a coin pack; coins are credited once the payment is verified.',
              'credits_not_member_settable',
            ),
          ),
        { balance: null },
      );
    },
    buyCoins: (_parent: unknown, args: { packId: string }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ url: string | null }>(
        async () => ({ url: (await context.services.wallet.buyCoins(context.ctx, member, args.packId)).url }),
        { url: null },
      );
    },
  },
};
