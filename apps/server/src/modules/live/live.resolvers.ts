import { type GraphQLContext, requireCaller, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import { publicOrigin } from '../../http/public-origin';

interface ReminderArgs {
  mediaId: number;
  startsAt: string;
}

export const liveResolvers = {
  ContentQuery: {
    liveStats: (_parent: unknown, args: { slug: string }, context: GraphQLContext) =>
      context.services.live.stats(requireCaller(context), args.slug),
  },
  MemberQuery: {
    liveReminders: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.live.reminders(context.ctx, requireMember(context)),
  },
  MemberMutation: {
    setLiveReminder: (_parent: unknown, args: ReminderArgs, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult(async () => {
        // The reminder mail links to the live page on the origin the member set it from.
        await context.services.live.setReminder(
          context.ctx,
          member,
          args.mediaId,
          args.startsAt,
          publicOrigin(context.request, context.config),
        );
        return {};
      }, {});
    },
    removeLiveReminder: (_parent: unknown, args: ReminderArgs, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult(async () => {
        await context.services.live.removeReminder(context.ctx, member, args.mediaId, args.startsAt);
        return {};
      }, {});
    },
  },
};
