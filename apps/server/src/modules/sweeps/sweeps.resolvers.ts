import { isUpsellSource } from '@member/domain';

import { badInput } from '../../errors';
import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { SweepView } from './sweeps.service';
import type { UpsellOfferView } from './upsell.service';

/** The spec's snake_case fields of a sweep (section 3), from the service's view. */
function toSweep(view: SweepView) {
  return {
    id: view.id,
    name: view.name,
    product_name: view.productName,
    description: view.description,
    start_date: view.startDate,
    end_date: view.endDate,
    start_available_date: view.startAvailableDate,
    end_available_date: view.endAvailableDate,
    image: view.image,
    total_entries_sold: view.totalEntriesSold,
    entries: view.entries,
    status: view.status,
    ref_number: view.refNumber,
    brands: view.brands,
    tags: view.tags,
    monthly_exclusive: view.monthlyExclusive,
    prices: view.prices,
    multipliers: view.multipliers,
    member_entries: view.memberEntries,
    state: view.state,
    tabs: view.tabs,
    on_sale: view.onSale,
    free_entry_available: view.freeEntryAvailable,
    draw_period: view.drawPeriod,
    seed_commitment: view.seedCommitment,
    audit: view.audit,
    winner_id: view.winnerId,
    claim_deadline: view.claimDeadline,
  };
}

interface AddressArg {
  country: string;
  firstName: string;
  lastName: string;
  address: string;
  apartment?: string | null;
  city: string;
  region: string;
  postcode: string;
  phone: string;
}

export const sweepsResolvers = {
  Query: {
    sweep: () => ({}),
  },
  Mutation: {
    sweep: () => ({}),
  },
  MemberInfo: {
    sweeps: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.sweeps.memberSweeps(context.ctx, requireMember(context)),
  },
  SweepQuery: {
    listByBrand: async (_parent: unknown, args: { brandId: number }, context: GraphQLContext) =>
      (await context.services.sweeps.listByBrand(context.ctx, requireMember(context), args.brandId)).map(
        toSweep,
      ),
    byId: async (_parent: unknown, args: { id: number }, context: GraphQLContext) =>
      toSweep(await context.services.sweeps.byId(context.ctx, requireMember(context), args.id)),
    winnerQueue: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.sweeps.winnerQueue(context.ctx, requireMember(context)),
    receipt: (_parent: unknown, args: { checkoutId: string }, context: GraphQLContext) =>
      context.services.upsells.receipt(context.ctx, requireMember(context), args.checkoutId),
    upsellOffers: (_parent: unknown, args: { sweepId: number; source: string }, context: GraphQLContext) => {
      const member = requireMember(context);
      if (!isUpsellSource(args.source)) throw badInput('Unknown offer source.', 'upsell_offer_unavailable');
      return context.services.upsells.availableOffers(context.ctx, member, args.sweepId, args.source);
    },
  },
  SweepMutation: {
    addEntriesAfterPaypalSuccess: (
      _parent: unknown,
      args: { sweepId: number; entries: number },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ transactionId: string | null; amount: number | null }>(
        async () => {
          const confirmed = await context.services.sweeps.confirmPaidEntries(
            context.ctx,
            member,
            args.sweepId,
            args.entries,
          );
          return { transactionId: confirmed.transactionId, amount: confirmed.amount };
        },
        { transactionId: null, amount: null },
      );
    },
    buyEntries: (
      _parent: unknown,
      args: { sweepId: number; priceId: number; over18: boolean },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ url: string | null }>(
        () =>
          context.services.sweeps.buyEntries(context.ctx, member, args.sweepId, args.priceId, args.over18),
        { url: null },
      );
    },
    enterFree: (_parent: unknown, args: { sweepId: number; over18: boolean }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ entries: number | null }>(
        () => context.services.sweeps.enterFree(context.ctx, member, args.sweepId, args.over18),
        { entries: null },
      );
    },
    claimPrize: (
      _parent: unknown,
      args: { winnerId: number; address: AddressArg; over18: boolean },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ entries: number | null }>(
        async () => {
          await context.services.sweeps.claimPrize(
            context.ctx,
            member,
            args.winnerId,
            args.address,
            args.over18,
          );
          return { entries: null };
        },
        { entries: null },
      );
    },
    showUpsell: (_parent: unknown, args: { sweepId: number }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ offers: UpsellOfferView[] }>(
        async () => ({
          offers: await context.services.upsells.showUpsell(context.ctx, member, args.sweepId),
        }),
        { offers: [] },
      );
    },
    takeUpsell: (
      _parent: unknown,
      args: { sweepId: number; offer: string; source: string; over18: boolean },
      context: GraphQLContext,
    ) => {
      const member = requireMember(context);
      return withResponseResult<{ url: string | null }>(
        () => context.services.upsells.takeUpsell(context.ctx, member, args),
        { url: null },
      );
    },
    markWinnerDisplayed: (_parent: unknown, args: { winnerId: number }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ entries: number | null }>(
        async () => {
          await context.services.sweeps.markWinnerDisplayed(context.ctx, member, args.winnerId);
          return { entries: null };
        },
        { entries: null },
      );
    },
  },
};
