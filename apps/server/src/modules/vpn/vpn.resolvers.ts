import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';

interface ProfileLink {
  url: string | null;
  fileName: string | null;
  expiresAt: string | null;
}

export const vpnResolvers = {
  MemberQuery: {
    vpn: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.vpn.status(context.ctx, requireMember(context)),
  },
  MemberMutation: {
    vpnProfileLink: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<ProfileLink>(
        () => context.services.vpn.createProfileLink(context.ctx, member),
        {
          url: null,
          fileName: null,
          expiresAt: null,
        },
      );
    },
  },
};
