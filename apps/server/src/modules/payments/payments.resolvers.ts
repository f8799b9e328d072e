import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { PaymentMethod } from './payments.service';

interface MethodsPayload {
  paymentMethods: PaymentMethod[] | null;
}

const brandOf = (context: GraphQLContext) => context.ctx.brand.config.id;

export const paymentsResolvers = {
  MemberQuery: {
    paymentMethods: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.payments.listPaymentMethods(brandOf(context), requireMember(context).claims.id),
    billingHistory: (_parent: unknown, args: { limit?: number | null }, context: GraphQLContext) =>
      context.services.payments.listTransactions(
        brandOf(context),
        requireMember(context).claims.id,
        args.limit ?? 50,
      ),
  },
  MemberMutation: {
    addPaymentMethod: (
      _parent: unknown,
      args: { paymentMethodId: string; ccLast: string; isDefault: boolean; ccType: string },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<MethodsPayload>(
        async () => ({
          paymentMethods: await context.services.payments.addPaymentMethod(
            brandOf(context),
            member.claims.id,
            args,
          ),
        }),
        { paymentMethods: null },
      );
    },
    updatePaymentMethod: (
      _parent: unknown,
      args: { paymentMethodId: string; ccLast: string; ccType: string },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<MethodsPayload>(
        async () => ({
          paymentMethods: await context.services.payments.updatePaymentMethod(
            brandOf(context),
            { id: member.claims.id, provider: member.member.provider },
            args,
          ),
        }),
        { paymentMethods: null },
      );
    },
    setDefaultPaymentMethod: (
      _parent: unknown,
      args: { paymentMethodId: string },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<MethodsPayload>(
        async () => ({
          paymentMethods: await context.services.payments.setDefaultPaymentMethod(
            brandOf(context),
            member.claims.id,
            args.paymentMethodId,
          ),
        }),
        { paymentMethods: null },
      );
    },
  },
};
