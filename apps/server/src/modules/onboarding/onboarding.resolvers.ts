import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { OnboardingView } from './onboarding.service';

export const onboardingResolvers = {
  MemberQuery: {
    onboarding: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.onboarding.view(context.ctx.brand.config.id, requireMember(context).claims.id),
  },
  MemberMutation: {
    completeOnboarding: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{
        granted: boolean | null;
        balance: number | null;
        onboarding: OnboardingView | null;
      }>(() => context.services.onboarding.complete(context.ctx.brand.config.id, member.claims.id), {
        granted: null,
        balance: null,
        onboarding: null,
      });
    },
  },
};
