import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { CartView, MarketplaceService } from './marketplace.service';

type CheckoutView = Awaited<ReturnType<MarketplaceService['checkout']>>;

/** The marketplace's fields; every one asks the service, which refuses where the marketplace is not offered. */
export const marketplaceResolvers = {
  Mutation: {
    ecommerce: () => ({}),
  },
  EcommerceQuery: {
    listCategories: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.marketplace.listCategories(context.ctx, requireMember(context)),
    products: (
      _parent: unknown,
      args: {
        categorySlug?: string | null;
        shippableOnly?: boolean | null;
        limit?: number | null;
        offset?: number | null;
      },
      context: GraphQLContext,
    ) => context.services.marketplace.listProducts(context.ctx, requireMember(context), args),
    product: async (_parent: unknown, args: { id: number }, context: GraphQLContext) => {
      const { reviews, canReview, hasReviewed, ...product } = await context.services.marketplace.product(
        context.ctx,
        requireMember(context),
        args.id,
      );
      return { product, reviews, canReview, hasReviewed };
    },
    cart: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.marketplace.cart(context.ctx, requireMember(context)),
    checkout: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.marketplace.checkout(context.ctx, requireMember(context)),
    order: async (_parent: unknown, args: { id: number }, context: GraphQLContext) => {
      const orders = await context.services.orders.listOrders(context.ctx, requireMember(context));
      return orders.find((order) => order.id === args.id) ?? null;
    },
  },
  EcommerceMutation: {
    setCartQuantity: (
      _parent: unknown,
      args: { productId: number; quantity: number },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ cart: CartView | null }>(
        async () => ({
          cart: await context.services.marketplace.setCartQuantity(
            context.ctx,
            member,
            args.productId,
            args.quantity,
          ),
        }),
        { cart: null },
      );
    },
    saveCheckoutInformation: (
      _parent: unknown,
      args: { input: { email: string; address: unknown } },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ checkout: CheckoutView | null }>(
        async () => ({
          checkout: await context.services.marketplace.saveInformation(context.ctx, member, args.input),
        }),
        { checkout: null },
      );
    },
    chooseShipping: (_parent: unknown, args: { method: string }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ checkout: CheckoutView | null }>(
        async () => ({
          checkout: await context.services.marketplace.chooseShipping(context.ctx, member, args.method),
        }),
        { checkout: null },
      );
    },
    payCheckout: (
      _parent: unknown,
      args: { checkoutId?: string | null; useCoins?: boolean | null },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ url: string | null }>(
        () => context.services.marketplace.pay(context.ctx, member, args),
        { url: null },
      );
    },
    cancelOrder: (_parent: unknown, args: { id: number }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ refundedMinor: number | null; refundedCoins: number | null }>(
        async () => {
          const { refundedMinor, refundedCoins } = await context.services.marketplace.cancelOrder(
            context.ctx,
            member,
            args.id,
          );
          return { refundedMinor, refundedCoins };
        },
        { refundedMinor: null, refundedCoins: null },
      );
    },
    changeOrderAddress: (
      _parent: unknown,
      args: { id: number; address: unknown },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ refundedMinor: number | null }>(
        async () => {
          await context.services.marketplace.changeOrderAddress(context.ctx, member, args.id, args.address);
          return { refundedMinor: null };
        },
        { refundedMinor: null },
      );
    },
    addReview: (
      _parent: unknown,
      args: { productId: number; rating: number; text: string },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ refundedMinor: number | null }>(
        async () => {
          await context.services.marketplace.addReview(
            context.ctx,
            member,
            args.productId,
            args.rating,
            args.text,
          );
          return { refundedMinor: null };
        },
        { refundedMinor: null },
      );
    },
  },
};
