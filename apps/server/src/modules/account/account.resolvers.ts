import type { MemberClaims } from '@member/domain';

import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import { clearMemberCookie, setMemberCookie } from '../auth/auth.cookies';
import type { ShippingAddress } from './account.service';

interface AddressPayload {
  address: ShippingAddress | null;
}

export const accountResolvers = {
  MemberQuery: {
    shippingAddresses: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.account.listAddresses(context.ctx, requireMember(context)),
    shippingAddress: (_parent: unknown, args: { id: number }, context: GraphQLContext) =>
      context.services.account.getAddress(context.ctx, requireMember(context), args.id),
    canDeactivate: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.account.deactivationAllowed(context.ctx, requireMember(context)),
  },
  MemberMutation: {
    addShippingAddress: (_parent: unknown, args: { input: unknown }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<AddressPayload>(
        async () => ({ address: await context.services.account.addAddress(context.ctx, member, args.input) }),
        { address: null },
      );
    },
    updateShippingAddress: (
      _parent: unknown,
      args: { id: number; input: unknown },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<AddressPayload>(
        async () => ({
          address: await context.services.account.updateAddress(context.ctx, member, args.id, args.input),
        }),
        { address: null },
      );
    },
    deleteShippingAddress: (_parent: unknown, args: { id: number }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult(async () => {
        await context.services.account.deleteAddress(context.ctx, member, args.id);
        return {};
      }, {});
    },
    changeEmail: (_parent: unknown, args: { input: unknown }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ jwt: string | null; member: MemberClaims | null }>(
        async () => {
          const issued = await context.services.account.changeEmail(context.ctx, member, args.input);
          setMemberCookie(context.reply, issued, context.config);
          return { jwt: issued.token, member: issued.claims };
        },
        { jwt: null, member: null },
      );
    },
    changePassword: (_parent: unknown, args: { input: unknown }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult(async () => {
        await context.services.account.changePassword(context.ctx, member, args.input);
        return {};
      }, {});
    },
    deactivateAccount: (
      _parent: unknown,
      args: { input: { currentPassword: string; confirm: boolean } },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult(async () => {
        await context.services.account.deactivate(context.ctx, member, args.input);
        clearMemberCookie(context.reply, context.config);
        return {};
      }, {});
    },
  },
};
