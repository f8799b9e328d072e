import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { OnboardingView, WelcomeGiftOffer } from './onboarding.service';

export const onboardingResolvers = {
  MemberQuery: {
    onboarding: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.onboarding.view(context.ctx.brand.config.id, requireMember(context).claims.id),
    welcomeGift: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const member = requireMember(context);
      return context.services.onboarding.welcomeGift(
        context.ctx.brand.config.id,
        member.claims.id,
        member.claims.language,
      );
    },
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
    claimWelcomeGift: (_parent: unknown, args: { address: unknown }, context: GraphQLContext) => {
      const member = requireMember(context);
      const brand = context.ctx.brand.config;
      return withResponseResult<{ welcomeGift: WelcomeGiftOffer | null }>(
        async () => ({
          welcomeGift: await context.services.onboarding.claimWelcomeGift(
            { id: brand.id, currency: brand.billing.currency },
            { id: member.claims.id, locale: member.claims.language },
            args.address,
          ),
        }),
        { welcomeGift: null },
      );
    },
  },
};
