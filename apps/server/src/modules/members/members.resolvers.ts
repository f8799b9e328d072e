import type { MemberClaims } from '@member/domain';

import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import { setMemberCookie } from '../auth/auth.cookies';
import type { IssuedMemberToken } from '../auth/auth.service';

interface TokenPayload {
  jwt: string | null;
  member: MemberClaims | null;
}

function tokenPayload(context: GraphQLContext, issued: IssuedMemberToken): TokenPayload {
  setMemberCookie(context.reply, issued, context.config);
  return { jwt: issued.token, member: issued.claims };
}

export const membersResolvers = {
  Query: {
    member: () => ({}),
  },
  Mutation: {
    member: () => ({}),
  },
  MemberQuery: {
    info: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.members.info(context.ctx, requireMember(context)),
  },
  MemberMutation: {
    refreshToken: (_parent: unknown, _args: unknown, context: GraphQLContext) => {
      requireMember(context);
      return withResponseResult<TokenPayload>(
        async () => tokenPayload(context, await context.services.auth.refresh(context.ctx)),
        { jwt: null, member: null },
      );
    },
    setLanguage: (_parent: unknown, args: { language: string }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<TokenPayload>(
        async () =>
          tokenPayload(
            context,
            await context.services.members.setLanguage(context.ctx, member, args.language),
          ),
        { jwt: null, member: null },
      );
    },
    updateProfile: (
      _parent: unknown,
      args: { input: { name: string; timezone: string; language: string } },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<TokenPayload>(
        async () =>
          tokenPayload(
            context,
            await context.services.members.updateProfile(context.ctx, member, args.input),
          ),
        { jwt: null, member: null },
      );
    },
    setTags: (_parent: unknown, args: { tags: string[] }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ member: MemberClaims | null }>(
        async () => ({ member: await context.services.members.setTags(context.ctx, member, args.tags) }),
        { member: null },
      );
    },
  },
};
