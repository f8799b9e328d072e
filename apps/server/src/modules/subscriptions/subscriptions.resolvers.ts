import type { RetentionOffer } from '@member/domain';

import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { MemberSubscription } from '../members/member-subscriptions';
import type { CancellationReceipt, CancelOption } from './subscriptions.service';

interface SubscriptionArgs {
  subscriptionId: string;
}

export const subscriptionsResolvers = {
  MemberMutation: {
    activateSubscription: (_parent: unknown, args: SubscriptionArgs, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ subscription: MemberSubscription | null; extra: string | null }>(
        () => context.services.subscriptions.activateSubscription(context.ctx, member, args.subscriptionId),
        { subscription: null, extra: null },
      );
    },
    presentRetentionOffer: (_parent: unknown, args: SubscriptionArgs, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ offer: RetentionOffer | null }>(
        async () => ({
          offer: await context.services.subscriptions.presentRetentionOffer(
            context.ctx,
            member,
            args.subscriptionId,
          ),
        }),
        { offer: null },
      );
    },
    acceptRetentionOffer: (_parent: unknown, args: SubscriptionArgs, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ offer: RetentionOffer | null }>(
        async () => ({
          offer: await context.services.subscriptions.acceptRetentionOffer(
            context.ctx,
            member,
            args.subscriptionId,
          ),
        }),
        { offer: null },
      );
    },
    cancelSubscription: (
      _parent: unknown,
      args: {
        input: {
          subscriptionId: string;
          confirm: boolean;
          option: CancelOption;
          forfeitMonthlyExclusiveEntries?: boolean | null;
        };
      },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ receipt: CancellationReceipt | null }>(
        async () => ({
          receipt: await context.services.subscriptions.cancelSubscription(context.ctx, member, {
            ...args.input,
            forfeitMonthlyExclusiveEntries: args.input.forfeitMonthlyExclusiveEntries === true,
          }),
        }),
        { receipt: null },
      );
    },
    restartSubscription: (_parent: unknown, args: SubscriptionArgs, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ restarted: boolean; checkoutUrl: string | null }>(
        () => context.services.subscriptions.restartSubscription(context.ctx, member, args.subscriptionId),
        { restarted: false, checkoutUrl: null },
      );
    },
    joinPlan: (_parent: unknown, args: { planId: number }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ checkoutUrl: string | null; subscriptionId: string | null }>(
        () => context.services.signups.startMemberPlan(context.ctx, member, args.planId),
        { checkoutUrl: null, subscriptionId: null },
      );
    },
  },
};
