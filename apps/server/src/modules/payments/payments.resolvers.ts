import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { ResponseResult } from '../../graphql/response-result';
import { PAYMENT_FAILED } from './payment-errors';
import type { PaymentMethod } from './payments.service';
import { returnUrl } from './return-url';

interface SavedCardPayload {
  outcome: string | null;
  failureCode: string | null;
  returnUrl: string | null;
}

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
    removePaymentMethod: (_parent: unknown, args: { paymentMethodId: string }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<MethodsPayload>(
        async () => ({
          paymentMethods: await context.services.payments.removePaymentMethod(
            brandOf(context),
            member.claims.id,
            args.paymentMethodId,
          ),
        }),
        { paymentMethods: null },
      );
    },
    payWithSavedCard: async (
      _parent: unknown,
      args: { checkoutId: string; paymentMethodId: string; requestKey: string },
      context: GraphQLContext,
    ): Promise<SavedCardPayload & { responseResult: ResponseResult }> => {
      const member = requireMember(context);
      const { payments } = context.services;
      const answer = await withResponseResult<SavedCardPayload>(
        async () => {
          const result = await payments.payWithSavedCard(brandOf(context), member.claims.id, {
            checkoutId: args.checkoutId.slice(0, 100),
            paymentMethodId: args.paymentMethodId.slice(0, 120),
            requestKey: args.requestKey.slice(0, 101),
          });
          return result.outcome === 'failed'
            ? { outcome: 'failed', failureCode: result.failureCode, returnUrl: null }
            : {
                outcome: result.outcome,
                failureCode: null,
                returnUrl: returnUrl(result.checkout, payments.providerName, true),
              };
        },
        { outcome: null, failureCode: null, returnUrl: null },
      );
      // A decline is the spec's "payment failed", with the provider's reason beside it.
      return answer.outcome === 'failed'
        ? {
            ...answer,
            responseResult: {
              succeeded: false,
              errorCode: 'BAD_USER_INPUT',
              slug: answer.failureCode === 'checkout_closed' ? 'checkout_closed' : 'payment_failed',
              message: PAYMENT_FAILED,
            },
          }
        : answer;
    },
  },
};
