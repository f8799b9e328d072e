import {
  type PricedUpsellOffer,
  UPSELL_ACCESS_DAYS,
  type UpsellKind,
  type UpsellOffer,
  type UpsellSource,
  chooseUpsell,
  drawPeriodAt,
  featureFlags,
  isUpsellOffer,
  isUpsellSource,
  majorAmount,
  offerSweepId,
  priceUpsellOffers,
  upsellMayDisplay,
} from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { readJson } from '../../db/json';
import type { CheckoutRow } from '../../db/tables/checkouts';
import type { PaymentRow } from '../../db/tables/payments';
import type { NewSubscription } from '../../db/tables/subscriptions';
import type { DbExecutor, DbTransaction, TransactionRunner } from '../../db/transaction';
import { AppError, badInput, notFound } from '../../errors';
import type { VerifiedPayment } from '../payments/payment-purposes';
import type { Plan } from '../plans/plans.service';
import { funnelFor } from '../subscriptions/funnel';
import { newRef } from '../subscriptions/references';
import type { SweepEntryHoldRow } from '../../db/tables/sweeps';
import type { EntryGrant, SweepsRepository } from './sweeps.repository';
import {
  GIVEAWAYS_RETURN_PATH,
  type HeldGrantOutcome,
  type HeldPayment,
  type SweepView,
} from './sweeps.service';

/*
 * Upsells (spec sections 4, 7 and 9; docs/decisions/032): the offers after an entry purchase, priced on
 * the server from the seventh entry of the plan's sign-up funnel; the `upsell` payment purpose that
 * delivers them once per verified payment; the server-owned tags `upsell_displayed` (set when the
 * upsell is displayed) and `cm_upsell` (set in the transaction that delivers a taken offer); and the
 * receipt of a giveaway payment (entries or upsell) as the server knows it.
 */

/** Entry grants of the upsell offers, by offer (sweep_entries.reference_kind). */
const GRANT_KIND: Record<Exclude<UpsellOffer, 'access'>, string> = {
  triple: 'upsell_triple',
  bonus: 'upsell_bonus',
};

export interface UpsellMembers {
  info(
    ctx: RequestContext,
    member: MemberAuth,
  ): Promise<{
    tags: string[];
    referenceNumber: string;
    subscription: { activeMediaTypes: readonly string[] };
  }>;
  findMember(brandId: number, memberId: number): Promise<{ reference_number: string | null } | undefined>;
  addServerTags(
    brandId: number,
    memberId: number,
    tags: readonly string[],
    within?: DbExecutor,
  ): Promise<boolean>;
  addServerTagsIf(
    brandId: number,
    memberId: number,
    tags: readonly string[],
    may: (existing: readonly string[]) => boolean,
  ): Promise<boolean>;
}

/**
 * What the upsell asks of the sweeps service: the member's giveaways (enablement checked there), and
 * the cap holds of entry offers (recorded when the checkout opens, taken or refunded by its payment).
 */
export interface UpsellSweeps {
  listByBrand(ctx: RequestContext, member: MemberAuth, brandId: number): Promise<SweepView[]>;
  recordHold(checkoutId: string, brandId: number, sweepId: number, entries: number): Promise<void>;
  grantHeldEntries(
    grant: EntryGrant,
    payment: HeldPayment,
    alsoWhenGranted?: (tx: DbTransaction) => Promise<unknown>,
  ): Promise<HeldGrantOutcome>;
  holdOf(checkoutId: string): Promise<SweepEntryHoldRow | undefined>;
}

export interface UpsellPayments {
  createCheckout(input: {
    brandId: number;
    memberId: number;
    purpose: 'upsell';
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string | number>;
    returnPath: string;
  }): Promise<{ checkoutId: string; url: string }>;
  getCheckout(brandId: number, checkoutId: string): Promise<CheckoutRow>;
  verifyCheckoutPayment(paymentIntentId: string): Promise<PaymentRow | null>;
  isExpired(checkout: CheckoutRow): boolean;
}

/** The subscription side of the access offer (the sign-ups service builds and inserts its row). */
export interface UpsellAccess {
  upsellAccessRow(
    payment: VerifiedPayment,
    memberId: number,
    planId: number,
    refId: string,
    days: number,
  ): Promise<NewSubscription>;
  insertUpsellAccess(row: NewSubscription, within: DbExecutor): Promise<void>;
  afterUpsellAccess(payment: VerifiedPayment, memberId: number, refId: string): Promise<unknown>;
  findSubscriptionByRef(
    brandId: number,
    memberId: number,
    refId: string,
  ): Promise<{ planName: string; nextBillingDate: string | null } | undefined>;
}

export interface UpsellServiceDeps {
  repository: SweepsRepository;
  transactions: TransactionRunner;
  members: UpsellMembers;
  sweeps: UpsellSweeps;
  plans: { getPlans(ctx: RequestContext): Promise<Plan[]> };
  payments: UpsellPayments;
  access: UpsellAccess;
}

/** An offer as the member sees it (amounts in major units, as the spec's prices). */
export interface UpsellOfferView {
  offer: UpsellOffer;
  kind: UpsellKind | null;
  currency: string;
  symbol: string;
  amount: number;
  regularAmount: number | null;
  entries: number | null;
  accessDays: number | null;
  planName: string | null;
  /** The giveaway the offer's entries go to. */
  sweepId: number;
}

/** The receipt of a giveaway payment, from the checkout, its verified payment and what it delivered. */
export interface GiveawayReceipt {
  checkoutId: string;
  purpose: 'entries' | 'upsell';
  /** `paid` only once the payment is verified and what it bought is delivered. */
  outcome: 'paid' | 'pending' | 'failed';
  amount: number;
  currency: string;
  description: string;
  offer: UpsellOffer | null;
  sweepId: number | null;
  entries: number | null;
  transactionId: string | null;
  planName: string | null;
  nextBillingDate: string | null;
}

/** The plan an upsell kind sells: the VPN plan, or the plan with the most media types (cheapest on a tie). */
export function upsellPlan(plans: readonly Plan[], kind: UpsellKind): Plan | null {
  if (kind === 'vpn') return plans.find((plan) => plan.mediaTypes.includes('vpn')) ?? null;
  const media = plans
    .filter((plan) => !plan.mediaTypes.includes('vpn') && plan.mediaTypes.length > 0)
    .sort((a, b) => b.mediaTypes.length - a.mediaTypes.length || a.priceRecurring - b.priceRecurring);
  return media[0] ?? null;
}

const major = (minor: number, currency: string) => Number(majorAmount(minor, currency));

export function createUpsellService({
  repository,
  transactions,
  members,
  sweeps,
  plans,
  payments,
  access,
}: UpsellServiceDeps) {
  /**
   * The offers priced for this member on this giveaway: the upsell kind (`chooseUpsell`), the plan it
   * sells and that plan's funnel, whose seventh entry prices access and triple entries.
   */
  async function offers(ctx: RequestContext, member: MemberAuth, sweepId: number, source: UpsellSource) {
    const brandId = ctx.brand.config.id;
    const views = await sweeps.listByBrand(ctx, member, brandId);
    const current = views.find((view) => view.id === sweepId);
    if (!current) throw notFound('This giveaway does not exist.', 'sweep_not_found');
    const open = views.filter((view) => view.onSale);
    const targetId = offerSweepId(source, sweepId, open);
    const target = views.find((view) => view.id === targetId);
    const info = await members.info(ctx, member);
    const kind = chooseUpsell({ activeTypes: info.subscription.activeMediaTypes, tags: info.tags });
    const brandPlans = await plans.getPlans(ctx);
    const plan = kind ? upsellPlan(brandPlans, kind) : null;
    // The entry offers are priced from the funnel of the plan the upsell sells, or, for a member with
    // every type, of the brand's media plan; without a funnel there is no price and no offer.
    const pricing = plan ?? upsellPlan(brandPlans, 'media');
    const [purchase, bonusTaken] = await Promise.all([
      repository.latestPurchase(brandId, member.claims.id, sweepId),
      repository.hasGrantOfKind(brandId, member.claims.id, GRANT_KIND.bonus),
    ]);
    const priced = pricing
      ? priceUpsellOffers({
          funnel: funnelFor(pricing),
          currency: pricing.currency,
          kind: plan ? kind : null,
          lastPurchaseEntries: current.onSale ? (purchase?.entries ?? 0) : 0,
          bonusTaken: bonusTaken || !target?.onSale,
        })
      : [];
    return { info, kind: plan ? kind : null, plan, priced, targetId, current };
  }

  function view(
    offer: PricedUpsellOffer,
    kind: UpsellKind | null,
    plan: Plan | null,
    sweepId: number,
    targetId: number,
  ): UpsellOfferView {
    return {
      offer: offer.offer,
      kind: offer.offer === 'access' ? kind : null,
      currency: offer.currency,
      symbol: offer.symbol,
      amount: major(offer.amountMinor, offer.currency),
      regularAmount:
        offer.regularAmountMinor === null ? null : major(offer.regularAmountMinor, offer.currency),
      entries: offer.entries,
      accessDays: offer.accessDays,
      planName: offer.offer === 'access' ? (plan?.name ?? null) : null,
      sweepId: offer.offer === 'triple' ? sweepId : targetId,
    };
  }

  /** Offers the member may still take once the upsell was displayed: none after one was taken, bonus once. */
  function takeable(tags: readonly string[], priced: readonly PricedUpsellOffer[]) {
    const flags = featureFlags(tags);
    if (!flags.upsell_displayed) return [];
    return priced.filter((offer) => offer.offer === 'bonus' || !flags.cm_upsell);
  }

  async function checkoutOf(ctx: RequestContext, member: MemberAuth, checkoutId: string) {
    const checkout = await payments.getCheckout(ctx.brand.config.id, checkoutId);
    if (
      checkout.member_id !== member.claims.id ||
      (checkout.purpose !== 'entries' && checkout.purpose !== 'upsell')
    )
      throw notFound('This payment page does not exist.', 'checkout_not_found');
    return checkout;
  }

  return {
    /**
     * Displays the upsell after an entry purchase (spec section 4): once per member, so the server sets
     * `upsell_displayed` as it answers offers (atomically: of simultaneous calls one answers them), and
     * answers none when the rule says no (displayed before, taken, suppressing tags, nothing to offer,
     * no purchase on this giveaway).
     */
    showUpsell: async (
      ctx: RequestContext,
      member: MemberAuth,
      sweepId: number,
    ): Promise<UpsellOfferView[]> => {
      const { info, kind, plan, priced, targetId } = await offers(ctx, member, sweepId, 'upsell');
      if (!upsellMayDisplay(info.tags)) return [];
      // The upsell modal offers membership access and triple entries; the bonus has its own modal.
      const shown = priced.filter((offer) => offer.offer !== 'bonus');
      if (!shown.some((offer) => offer.offer === 'triple')) return [];
      // Displayed once, even to simultaneous calls: the tag is set by a compare-and-set while the rule
      // still allows the display, so exactly one call sets it and answers the offers.
      const displayed = await members.addServerTagsIf(
        ctx.brand.config.id,
        member.claims.id,
        ['upsell_displayed'],
        upsellMayDisplay,
      );
      if (!displayed) return [];
      return shown.map((offer) => view(offer, kind, plan, sweepId, targetId));
    },

    /**
     * What the bonus offer modal and the failed-upsell funnel may offer now: only after the upsell was
     * displayed; access and triple entries until one offer was taken, the bonus once per member.
     */
    availableOffers: async (
      ctx: RequestContext,
      member: MemberAuth,
      sweepId: number,
      source: UpsellSource,
    ): Promise<UpsellOfferView[]> => {
      const { info, kind, plan, priced, targetId } = await offers(ctx, member, sweepId, source);
      return takeable(info.tags, priced).map((offer) => view(offer, kind, plan, sweepId, targetId));
    },

    /**
     * Takes an offer: the server prices it again, holds the entries of the cap, and opens the hosted
     * payment page (purpose `upsell`); the offer is delivered once the payment is verified.
     */
    takeUpsell: async (
      ctx: RequestContext,
      member: MemberAuth,
      input: { sweepId: number; offer: string; source: string; over18: boolean },
    ): Promise<{ url: string }> => {
      if (!isUpsellOffer(input.offer))
        throw badInput('Choose one of the offers.', 'upsell_offer_unavailable');
      if (!isUpsellSource(input.source)) throw badInput('Unknown offer source.', 'upsell_offer_unavailable');
      if (!input.over18) throw badInput('Buyers must confirm they are over 18.', 'sweep_age_not_confirmed');
      const { info, kind, plan, priced, targetId } = await offers(ctx, member, input.sweepId, input.source);
      const chosen = takeable(info.tags, priced).find((offer) => offer.offer === input.offer);
      if (!chosen) throw badInput('This offer is not available.', 'upsell_offer_unavailable');
      const sweepId = chosen.offer === 'triple' ? input.sweepId : targetId;
      const returnPath = `${GIVEAWAYS_RETURN_PATH}/id/${input.sweepId}`;
      const metadata: Record<string, string | number> = {
        offer: chosen.offer,
        source: input.source,
        sweepId,
        cancel_path: returnPath,
      };
      let description: string;
      if (chosen.offer === 'access') {
        if (!plan || !kind) throw badInput('This offer is not available.', 'upsell_offer_unavailable');
        metadata.plan_id = plan.id;
        metadata.price_recurring = plan.priceRecurring;
        metadata.upsell_ref_id = newRef('sub');
        description = `${plan.name}: ${UPSELL_ACCESS_DAYS} days, then monthly`;
      } else {
        metadata.entries = chosen.entries ?? 0;
        description = `${chosen.entries ?? 0} bonus entries`;
      }
      const held = chosen.offer === 'access' ? 0 : (chosen.entries ?? 0);
      if (held > 0 && !(await repository.reserve(sweepId, held))) {
        throw badInput('Not enough entries are left for this offer.', 'sweep_sold_out');
      }
      try {
        const { checkoutId, url } = await payments.createCheckout({
          brandId: ctx.brand.config.id,
          memberId: member.claims.id,
          purpose: 'upsell',
          amountMinor: chosen.amountMinor,
          currency: chosen.currency,
          description,
          metadata,
          returnPath,
        });
        if (held > 0) await sweeps.recordHold(checkoutId, ctx.brand.config.id, sweepId, held);
        return { url };
      } catch (error) {
        if (held > 0) await repository.release(sweepId, held);
        throw error;
      }
    },

    /**
     * The `upsell` payment purpose: runs once per verified payment and delivers what the server wrote
     * into its checkout, with `cm_upsell`, in one transaction: the subscription row of the access
     * offer (unique ref), or the entries of triple or bonus (`upsell:<payment id>`). A replay finds
     * them written and changes nothing.
     */
    fulfilUpsell: async (payment: VerifiedPayment): Promise<void> => {
      const offer = payment.metadata.offer;
      const memberId = payment.memberId;
      if (memberId === null || !isUpsellOffer(offer)) {
        throw new AppError(
          'INTERNAL',
          'The upsell payment names no offer or member.',
          'invalid_upsell_payment',
        );
      }
      const brandId = payment.brandId;
      if (offer === 'access') {
        const refId = payment.metadata.upsell_ref_id ?? '';
        const planId = Number(payment.metadata.plan_id);
        if (!refId.startsWith('sub-') || !Number.isSafeInteger(planId)) {
          throw new AppError('INTERNAL', 'The upsell payment names no plan.', 'invalid_upsell_payment');
        }
        const row = await access.upsellAccessRow(payment, memberId, planId, refId, UPSELL_ACCESS_DAYS);
        await transactions(async (tx) => {
          await access.insertUpsellAccess(row, tx);
          await members.addServerTags(brandId, memberId, ['cm_upsell'], tx);
        });
        await access.afterUpsellAccess(payment, memberId, refId);
        return;
      }
      const sweepId = Number(payment.metadata.sweepId);
      const entries = Number(payment.metadata.entries);
      if (!Number.isSafeInteger(sweepId) || !Number.isSafeInteger(entries) || entries < 1) {
        throw new AppError(
          'INTERNAL',
          'The upsell payment names no giveaway or entries.',
          'invalid_upsell_payment',
        );
      }
      const sweep = await repository.findSweep(brandId, sweepId);
      if (!sweep) throw notFound('The giveaway of this offer is gone.', 'sweep_not_found');
      const found = await members.findMember(brandId, memberId);
      if (!found) throw notFound('Member not found');
      const entrant = found.reference_number ?? `M-${memberId}`;
      // With the checkout's cap hold (decision 023): granted, or refunded when a payment that came after
      // the hold was released finds the cap full; `cm_upsell` only with entries granted.
      await sweeps.grantHeldEntries(
        {
          brandId,
          sweepId,
          memberId,
          entrant,
          entries,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          source: 'payment',
          referenceKind: GRANT_KIND[offer],
          referenceId: payment.id,
          idempotencyKey: `upsell:${payment.id}`,
          periodKey: drawPeriodAt(new Date(payment.createdAt)).key,
        },
        { id: payment.id, amountMinor: payment.amountMinor, checkoutId: payment.checkoutId },
        (tx) => members.addServerTags(brandId, memberId, ['cm_upsell'], tx),
      );
    },

    /**
     * The receipt of the member's own giveaway payment (entries or upsell): `paid` once the payment is
     * verified and what it bought is written (entries granted, subscription made), with the amount,
     * the entries and the transaction id the server recorded; `failed` once the checkout expired
     * unpaid; otherwise `pending`. The payment return's `state` plays no part.
     */
    receipt: async (
      ctx: RequestContext,
      member: MemberAuth,
      checkoutId: string,
    ): Promise<GiveawayReceipt> => {
      const checkout = await checkoutOf(ctx, member, checkoutId);
      const metadata = readJson<Record<string, string>>(checkout.metadata, {});
      const offer = isUpsellOffer(metadata.offer) ? metadata.offer : null;
      const sweepId = Number(metadata.sweepId);
      const base: GiveawayReceipt = {
        checkoutId: checkout.id,
        purpose: checkout.purpose === 'upsell' ? 'upsell' : 'entries',
        outcome: 'pending',
        amount: major(checkout.amount_minor, checkout.currency),
        currency: checkout.currency,
        description: checkout.description,
        offer,
        sweepId: Number.isSafeInteger(sweepId) ? sweepId : null,
        entries: null,
        transactionId: null,
        planName: null,
        nextBillingDate: null,
      };
      const payment = checkout.payment_intent_id
        ? await payments.verifyCheckoutPayment(checkout.payment_intent_id)
        : null;
      if (!payment) {
        const failed =
          checkout.status === 'expired' || (checkout.status === 'open' && payments.isExpired(checkout));
        return { ...base, outcome: failed ? 'failed' : 'pending' };
      }
      if (offer === 'access') {
        const subscription = await access.findSubscriptionByRef(
          ctx.brand.config.id,
          member.claims.id,
          metadata.upsell_ref_id ?? '',
        );
        if (!subscription) return base;
        return {
          ...base,
          outcome: 'paid',
          transactionId: payment.id,
          planName: subscription.planName,
          nextBillingDate: subscription.nextBillingDate,
        };
      }
      const key = checkout.purpose === 'upsell' ? `upsell:${payment.id}` : `payment:${payment.id}`;
      const grant = await repository.findGrant(ctx.brand.config.id, key);
      if (grant?.member_id !== member.claims.id) {
        // Paid after its hold went back, with the cap full by then: refunded, nothing granted.
        const hold = await sweeps.holdOf(checkout.id);
        return hold?.refunded_at ? { ...base, outcome: 'failed' } : base;
      }
      return {
        ...base,
        outcome: 'paid',
        entries: grant.entries,
        transactionId: payment.id,
        sweepId: grant.sweep_id,
      };
    },
  };
}

export type UpsellService = ReturnType<typeof createUpsellService>;
