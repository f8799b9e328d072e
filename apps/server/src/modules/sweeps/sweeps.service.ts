import { createHash, randomBytes } from 'node:crypto';

import {
  CLAIM_DEADLINE_DAYS,
  MAX_ENTRIES_PER_PURCHASE,
  type SweepCardState,
  canonicalPool,
  checkoutRefundKey,
  drawDecision,
  drawPeriodAt,
  drawWinners,
  freeEntryAvailable,
  isHoldReleasable,
  isOnSale,
  isPeriodKey,
  isSweepListed,
  majorAmount,
  nextPeriodKey,
  paidHoldAction,
  parsePostalEntry,
  periodFromKey,
  poolHash,
  pricesFor,
  seedCommitment,
  sweepCardState,
  sweepTabs,
  sweepsEnablement,
} from '@member/domain';
import { parseAddress } from '@member/domain/address';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, readJson } from '../../db/json';
import type { SweepEntryHoldRow, SweepRow, SweepWinnerRow } from '../../db/tables/sweeps';
import type { DbExecutor, DbTransaction, TransactionRunner } from '../../db/transaction';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { EntryGrant, NewSweep, SweepsRepository } from './sweeps.repository';
import { composeMail, mailTexts } from '../mail/mail-texts';

/** The winner's mail in their language: the prize, the claim deadline and the draw's figures. */
function winnerMail(
  member: { name?: string | null; language: string | null },
  content: {
    product: string;
    sweep: string;
    deadline: string;
    draw: { period: string; hash: string; seed: string; position: number; total: number };
  },
) {
  const texts = mailTexts(member.language);
  const won = texts.sweepWinner(content);
  return composeMail(member.language, member.name ?? null, {
    subject: won.subject,
    body: [...won.body, texts.drawLine(content.draw)],
  });
}

const DAY = 24 * 3_600_000;
/** Winner and alternates drawn per period (round 0 wins; the others step in when a claim lapses). */
export const DRAW_ROUNDS = 3;
export const GIVEAWAYS_RETURN_PATH = '/giveaways';

/** One free entry per member, giveaway and Eastern month. */
const freeKey = (sweepId: number, memberId: number, period: string) =>
  `free:${sweepId}:${memberId}:${period}`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the sweeps service asks of the members service: tags, subscription state and reference. */
export interface SweepMembers {
  info(
    ctx: RequestContext,
    member: MemberAuth,
  ): Promise<{ tags: string[]; referenceNumber: string; email: string; subscription: { isActive: boolean } }>;
  findMember(
    brandId: number,
    memberId: number,
  ): Promise<{ email: string; language: string; reference_number: string | null } | undefined>;
}

/** The part of the payments service that buying entries uses. */
export interface EntryPayments {
  createCheckout(input: {
    brandId: number;
    memberId: number;
    purpose: 'entries';
    amountMinor: number;
    currency: string;
    description: string;
    metadata: Record<string, string | number>;
    returnPath: string;
  }): Promise<{ checkoutId: string; url: string }>;
}

/**
 * What the payments module tells about a checkout holding entries (decision 023): until when it may
 * still be paid, and refunds for a payment whose entries no longer fit the cap.
 */
export interface EntryCheckouts {
  unpayableCutoffs(): { withoutPage: string; withPage: string };
  checkoutPayability(checkoutId: string): Promise<{ status: string; payableUntil: string } | null>;
  oweRefund(
    input: { paymentId: string; amountMinor: number; reason: string; idempotencyKey: string },
    tx?: DbTransaction,
  ): Promise<string>;
  sendRefund(refundId: string): Promise<'pending' | 'succeeded' | 'failed'>;
}

/** The payment a held grant is for: what a refund would give back, and the checkout that held. */
export interface HeldPayment {
  id: string;
  amountMinor: number;
  checkoutId: string | null;
}

/** What granting a paid checkout's entries came to: granted now, granted before, or refunded. */
export type HeldGrantOutcome = 'granted' | 'granted_before' | 'refunded';

export interface SweepMail {
  deliver(mail: {
    brandId: number;
    memberId: number | null;
    kind: string;
    to: string;
    subject: string;
    text: string;
  }): Promise<void>;
}

export interface SweepsServiceDeps {
  repository: SweepsRepository;
  transactions: TransactionRunner;
  members: SweepMembers;
  payments?: EntryPayments | undefined;
  /** The checkouts that hold entries; without it (seeds) no hold is given back and none refunded. */
  checkouts?: EntryCheckouts | undefined;
  mail?: SweepMail | undefined;
  now?: () => Date;
}

/** A sweep as the member's list shows it (spec section 3 fields plus the member's state). */
export interface SweepView {
  id: number;
  name: string;
  productName: string;
  description: string;
  startDate: string;
  endDate: string;
  startAvailableDate: string;
  endAvailableDate: string;
  image: string;
  totalEntriesSold: number;
  entries: number | null;
  status: string;
  refNumber: string;
  brands: number[];
  tags: string[];
  monthlyExclusive: boolean;
  prices: {
    id: number;
    currency: string;
    symbol: string;
    countryCode: string | null;
    entries: number;
    amount: number;
    /** The multiplier this price gets (1 without one) and the entries it buys with it. */
    multiplierFactor: number;
    totalEntries: number;
  }[];
  multipliers: {
    currency: string;
    symbol: string;
    countryCode: string | null;
    amount: number;
    multiplierFactor: number;
  }[];
  memberEntries: number;
  state: SweepCardState;
  tabs: string[];
  onSale: boolean;
  freeEntryAvailable: boolean;
  drawPeriod: string;
  seedCommitment: string;
  /** Published once the draw is made. */
  audit: { poolHash: string; seed: string; position: number; totalEntries: number; winner: string } | null;
  winnerId: number | null;
  claimDeadline: string | null;
}

/**
 * The multiplier a purchase of `amountMinor` gets (spec section 3): the largest factor among the
 * multipliers of the currency (and the country, or none) whose amount it reaches; 1 without one.
 */
function multiplierFactor(
  multipliers: readonly {
    currency: string;
    country_code: string | null;
    amount_minor: number;
    multiplier_factor: number;
  }[],
  currency: string,
  country: string,
  amountMinor: number,
): number {
  return multipliers
    .filter(
      (multiplier) =>
        multiplier.currency.toUpperCase() === currency.toUpperCase() &&
        (!multiplier.country_code || multiplier.country_code.toUpperCase() === country.toUpperCase()) &&
        amountMinor >= multiplier.amount_minor,
    )
    .reduce((best, multiplier) => Math.max(best, multiplier.multiplier_factor), 1);
}

const RESULT_DISABLED: Record<string, string> = {
  blocked_country: 'Giveaways are not available in your country.',
  disabled_by_tag: 'Giveaways are switched off for this account.',
  not_enabled: 'Giveaways are not offered on this site.',
};

export function createSweepsService({
  repository,
  transactions,
  members,
  payments,
  checkouts,
  mail,
  now = () => new Date(),
}: SweepsServiceDeps) {
  /** The member's view of themselves, refused with a coded error where giveaways are disabled. */
  async function allowed(ctx: RequestContext, member: MemberAuth) {
    const info = await members.info(ctx, member);
    const enablement = sweepsEnablement({
      countryCode: ctx.country,
      memberTags: info.tags,
      brandTags: ctx.brand.config.brandTags,
    });
    if (!enablement.enabled) {
      throw forbidden(RESULT_DISABLED[enablement.reason], `sweeps_${enablement.reason}`);
    }
    return info;
  }

  async function sweepOf(ctx: RequestContext, sweepId: number): Promise<SweepRow> {
    const sweep = Number.isSafeInteger(sweepId)
      ? await repository.findSweep(ctx.brand.config.id, sweepId)
      : undefined;
    if (!sweep) throw notFound('This giveaway does not exist.', 'sweep_not_found');
    return sweep;
  }

  function timing(sweep: SweepRow) {
    return {
      startDate: new Date(sweep.start_date),
      endDate: new Date(sweep.end_date),
      winnerSelectedAt: sweep.winner_selected_at ? new Date(sweep.winner_selected_at) : null,
      monthlyExclusive: sweep.monthly_exclusive === 1,
    };
  }

  function saleWindow(sweep: SweepRow) {
    return {
      startAvailableDate: new Date(sweep.start_available_date),
      endAvailableDate: new Date(sweep.end_available_date),
    };
  }

  async function views(ctx: RequestContext, member: MemberAuth, only?: number): Promise<SweepView[]> {
    const info = await allowed(ctx, member);
    const brandId = ctx.brand.config.id;
    const at = now();
    const rows = (await repository.listByBrand(brandId)).filter(
      (row) => row.status === 'active' && (only === undefined || row.id === only),
    );
    const ids = rows.map((row) => row.id);
    const period = drawPeriodAt(at).key;
    const [prices, multipliers, entries, winners, draws, freeUsed] = await Promise.all([
      repository.pricesOf(ids),
      repository.multipliersOf(ids),
      repository.memberEntries(brandId, member.claims.id),
      repository.winnersOf(ids),
      repository.drawsOf(ids),
      Promise.all(
        rows.map(async (row) =>
          row.monthly_exclusive === 1
            ? (await repository.findGrant(brandId, freeKey(row.id, member.claims.id, period))) !== undefined
            : false,
        ),
      ),
    ]);
    const { currency } = ctx.brand.config.billing;
    const result: SweepView[] = [];
    rows.forEach((row, index) => {
      const memberEntries = entries.find((entry) => entry.sweepId === row.id)?.entries ?? 0;
      const sweepWinners = winners.filter((winner) => winner.sweep_id === row.id);
      const mine = sweepWinners.find(
        (winner) =>
          winner.member_id === member.claims.id &&
          (winner.status === 'pending' || winner.status === 'claimed'),
      );
      const view = {
        entries: memberEntries,
        isWinner: mine !== undefined,
        claimed: mine?.status === 'claimed',
      };
      if (!isSweepListed(timing(row), view, at)) return;
      const state = sweepCardState(timing(row), view, at);
      const drawn = draws.find((draw) => draw.sweep_id === row.id && draw.outcome === 'drawn');
      const first = sweepWinners.find((winner) => winner.round === 0);
      const sweepPrices = prices
        .filter((price) => price.sweep_id === row.id)
        .map((price) => {
          const factor = multiplierFactor(
            multipliers.filter((multiplier) => multiplier.sweep_id === row.id),
            price.currency,
            ctx.country,
            price.amount_minor,
          );
          return {
            id: price.id,
            currency: price.currency,
            symbol: price.symbol,
            countryCode: price.country_code,
            entries: price.entries,
            amount: Number(majorAmount(price.amount_minor, price.currency)),
            multiplierFactor: factor,
            totalEntries: price.entries * factor,
          };
        });
      result.push({
        id: row.id,
        name: row.name,
        productName: row.product_name,
        description: row.description,
        startDate: row.start_date,
        endDate: row.end_date,
        startAvailableDate: row.start_available_date,
        endAvailableDate: row.end_available_date,
        image: row.image,
        totalEntriesSold: row.total_entries_sold,
        entries: row.entries,
        status: row.status,
        refNumber: row.ref_number,
        brands: [row.brand_id],
        tags: readJson<string[]>(row.tags, []),
        monthlyExclusive: row.monthly_exclusive === 1,
        prices: pricesFor(sweepPrices, currency, ctx.country),
        multipliers: multipliers
          .filter((multiplier) => multiplier.sweep_id === row.id)
          .map((multiplier) => ({
            currency: multiplier.currency,
            symbol: multiplier.symbol,
            countryCode: multiplier.country_code,
            amount: Number(majorAmount(multiplier.amount_minor, multiplier.currency)),
            multiplierFactor: multiplier.multiplier_factor,
          })),
        memberEntries,
        state,
        tabs: sweepTabs(state, memberEntries),
        onSale: isOnSale(saleWindow(row), at) && state !== 'future',
        freeEntryAvailable:
          isOnSale(saleWindow(row), at) &&
          freeEntryAvailable({
            monthlyExclusive: row.monthly_exclusive === 1,
            memberActive: info.subscription.isActive,
            lastFreeEntryPeriod: freeUsed[index] ? period : null,
            now: at,
          }),
        drawPeriod: row.draw_period,
        seedCommitment: row.seed_commitment,
        audit:
          drawn?.seed && first
            ? {
                poolHash: drawn.pool_hash,
                seed: drawn.seed,
                position: first.position,
                totalEntries: first.total_entries,
                winner: first.entrant,
              }
            : null,
        winnerId: mine?.id ?? null,
        claimDeadline: mine?.status === 'pending' ? mine.claim_deadline : null,
      });
    });
    return result;
  }

  /** Entries (and their cost) a price buys for this member: the price's entries times its best multiplier. */
  async function quote(ctx: RequestContext, sweep: SweepRow, priceId: number) {
    const [prices, multipliers] = await Promise.all([
      repository.pricesOf([sweep.id]),
      repository.multipliersOf([sweep.id]),
    ]);
    const { currency } = ctx.brand.config.billing;
    const offered = pricesFor(
      prices.map((price) => ({ ...price, countryCode: price.country_code, amount: price.amount_minor })),
      currency,
      ctx.country,
    );
    const price = offered.find((candidate) => candidate.id === priceId);
    if (!price) throw badInput('Choose one of the prices offered.', 'unknown_sweep_price');
    const factor = multiplierFactor(multipliers, currency, ctx.country, price.amount_minor);
    const entries = price.entries * factor;
    if (!Number.isSafeInteger(entries) || entries < 1 || entries > MAX_ENTRIES_PER_PURCHASE) {
      throw badInput('This price is not available.', 'unknown_sweep_price');
    }
    return { entries, amountMinor: price.amount_minor, currency: price.currency.toUpperCase() };
  }

  function requireAdult(over18: boolean) {
    if (!over18) throw badInput('Entrants must confirm they are over 18.', 'sweep_age_not_confirmed');
  }

  return {
    /** sweep.listByBrand: the brand's giveaways with the member's state; only the request's own brand. */
    listByBrand: async (ctx: RequestContext, member: MemberAuth, brandId: number): Promise<SweepView[]> => {
      if (brandId !== ctx.brand.config.id)
        throw notFound('This brand has no giveaways here.', 'sweep_brand_not_found');
      return views(ctx, member);
    },

    byId: async (ctx: RequestContext, member: MemberAuth, sweepId: number): Promise<SweepView> => {
      const [view] = await views(ctx, member, sweepId);
      if (!view) throw notFound('This giveaway does not exist.', 'sweep_not_found');
      return view;
    },

    /** member.info.sweeps: the member's own live entries per sweep (never another member's). */
    /** Whether the member has entered any giveaway (the onboarding's giveaway step, checked by the server). */
    hasEntered: (memberId: number): Promise<boolean> => repository.hasAnyEntry(memberId),
    memberSweeps: async (ctx: RequestContext, member: MemberAuth) => {
      await allowed(ctx, member);
      return repository.memberEntries(ctx.brand.config.id, member.claims.id);
    },

    /** The free monthly entry of an active member on a monthly-exclusive giveaway, once per Eastern month. */
    enterFree: async (ctx: RequestContext, member: MemberAuth, sweepId: number, over18: boolean) => {
      const info = await allowed(ctx, member);
      requireAdult(over18);
      const sweep = await sweepOf(ctx, sweepId);
      const at = now();
      if (sweep.status !== 'active' || !isOnSale(saleWindow(sweep), at)) {
        throw badInput('This giveaway is not open for entries.', 'sweep_not_open');
      }
      if (sweep.monthly_exclusive !== 1)
        throw badInput('This giveaway has no free entry.', 'sweep_no_free_entry');
      if (!info.subscription.isActive) {
        throw forbidden('The free entry is for active members.', 'sweep_membership_inactive');
      }
      const period = drawPeriodAt(at).key;
      const applied = await repository.grant({
        brandId: ctx.brand.config.id,
        sweepId: sweep.id,
        memberId: member.claims.id,
        entrant: info.referenceNumber,
        entries: 1,
        amountMinor: null,
        currency: null,
        source: 'free',
        referenceKind: 'free_monthly',
        referenceId: period,
        idempotencyKey: freeKey(sweep.id, member.claims.id, period),
        periodKey: period,
      });
      if (!applied) throw badInput('You already used this month’s free entry.', 'sweep_free_entry_used');
      return { entries: 1 };
    },

    /** Starts the hosted checkout for a price; the entries are granted once the payment is verified. */
    buyEntries: async (
      ctx: RequestContext,
      member: MemberAuth,
      sweepId: number,
      priceId: number,
      over18: boolean,
    ) => {
      await allowed(ctx, member);
      requireAdult(over18);
      const sweep = await sweepOf(ctx, sweepId);
      if (sweep.status !== 'active' || !isOnSale(saleWindow(sweep), now())) {
        throw badInput('Entries for this giveaway are not on sale.', 'sweep_not_on_sale');
      }
      const { entries, amountMinor, currency } = await quote(ctx, sweep, priceId);
      if (!payments)
        throw new AppError(
          'UNAVAILABLE',
          'Buying entries is not available right now.',
          'payments_unavailable',
        );
      if (!(await repository.reserve(sweep.id, entries))) {
        throw badInput('Not enough entries are left for this purchase.', 'sweep_sold_out');
      }
      try {
        const { checkoutId, url } = await payments.createCheckout({
          brandId: ctx.brand.config.id,
          memberId: member.claims.id,
          purpose: 'entries',
          amountMinor,
          currency,
          description: `${entries} entries: ${sweep.name}`.slice(0, 200),
          metadata: { sweepId: sweep.id, entries },
          returnPath: `${GIVEAWAYS_RETURN_PATH}/id/${sweep.id}`,
        });
        await recordHold(checkoutId, ctx.brand.config.id, sweep.id, entries);
        return { url };
      } catch (error) {
        await repository.release(sweep.id, entries);
        throw error;
      }
    },

    /**
     * The `entries` payment purpose: runs once per verified payment and grants what its checkout sold
     * (the server wrote sweep and entries into the metadata), once per payment (`payment:<id>`).
     */
    grantPaidEntries: async (payment: {
      id: string;
      brandId: number;
      memberId: number | null;
      amountMinor: number;
      currency: string;
      metadata: Record<string, string>;
      createdAt: string;
      checkoutId?: string | null;
    }): Promise<boolean> => {
      const sweepId = Number(payment.metadata.sweepId);
      const entries = Number(payment.metadata.entries);
      if (
        !Number.isSafeInteger(sweepId) ||
        !Number.isSafeInteger(entries) ||
        entries < 1 ||
        payment.memberId === null
      ) {
        throw badInput('The payment names no giveaway, entries or member.', 'invalid_entries_payment');
      }
      const memberId = payment.memberId;
      const sweep = await repository.findSweep(payment.brandId, sweepId);
      if (!sweep) throw notFound('The paid giveaway is gone.', 'sweep_not_found');
      const member = await members.findMember(payment.brandId, memberId);
      if (!member) throw notFound('Member not found');
      const entrant = await entrantOf(payment.brandId, memberId);
      const outcome = await grantHeldEntries(
        {
          brandId: payment.brandId,
          sweepId,
          memberId,
          entrant,
          entries,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          source: 'payment',
          referenceKind: 'payment',
          referenceId: payment.id,
          idempotencyKey: `payment:${payment.id}`,
          periodKey: drawPeriodAt(new Date(payment.createdAt)).key,
        },
        { id: payment.id, amountMinor: payment.amountMinor, checkoutId: payment.checkoutId ?? null },
      );
      return outcome === 'granted';
    },

    grantHeldEntries: (
      grant: EntryGrant,
      payment: HeldPayment,
      alsoWhenGranted?: (tx: DbTransaction) => Promise<unknown>,
    ) => grantHeldEntries(grant, payment, alsoWhenGranted),

    recordHold: (checkoutId: string, brandId: number, sweepId: number, entries: number) =>
      recordHold(checkoutId, brandId, sweepId, entries),

    /** The hold of a checkout (the receipt tells a refunded payment from one being confirmed). */
    holdOf: (checkoutId: string): Promise<SweepEntryHoldRow | undefined> => repository.findHold(checkoutId),

    /**
     * The billing job (through the payments sweep): gives back to their caps the holds of checkouts
     * that can no longer be paid, each once. Answers how many holds went back.
     */
    releaseAbandonedHolds: async (limit = 50): Promise<number> => {
      if (!checkouts) return 0;
      let released = 0;
      for (const hold of await repository.listReleasableHolds(checkouts.unpayableCutoffs(), limit)) {
        if ((await releaseHold(hold)) > 0) released += 1;
      }
      return released;
    },

    /** The provider reported a checkout's page expired unpaid: its hold goes back now, once. */
    releaseHoldOf: async (checkoutId: string): Promise<boolean> => {
      const hold = await repository.findHold(checkoutId);
      return hold ? (await releaseHold(hold)) > 0 : false;
    },

    /**
     * sweep.addEntriesAfterPaypalSuccess: confirms what a verified payment granted on this sweep. It
     * grants nothing itself: without a verified payment for these entries it is refused.
     */
    confirmPaidEntries: async (ctx: RequestContext, member: MemberAuth, sweepId: number, entries: number) => {
      await allowed(ctx, member);
      const sweep = await sweepOf(ctx, sweepId);
      const grant = await repository.latestPaidGrant(ctx.brand.config.id, member.claims.id, sweep.id);
      if (grant?.entries !== entries) {
        throw badInput('No verified payment for these entries was found.', 'sweep_payment_not_verified');
      }
      return {
        transactionId: grant.reference_id,
        amount: Number(majorAmount(grant.amount_minor ?? 0, grant.currency ?? 'USD')),
        entries: grant.entries,
      };
    },

    /** The member's wins not yet shown, oldest first (the winner modal queue). */
    winnerQueue: async (ctx: RequestContext, member: MemberAuth) => {
      await allowed(ctx, member);
      const rows = await repository.listByBrand(ctx.brand.config.id);
      const winners = await repository.winnersOf(rows.map((row) => row.id));
      return winners
        .filter(
          (winner) =>
            winner.member_id === member.claims.id && winner.status === 'pending' && !winner.displayed_at,
        )
        .map((winner) => ({ winnerId: winner.id, sweepId: winner.sweep_id }));
    },

    /** winner_displayed: the server marks a win shown once; a second call changes nothing. */
    markWinnerDisplayed: async (ctx: RequestContext, member: MemberAuth, winnerId: number) => {
      await allowed(ctx, member);
      return repository.markDisplayed(winnerId, member.claims.id, now().toISOString());
    },

    /** A winner's claim: the shipping address and the age confirmation, before the deadline. */
    claimPrize: async (
      ctx: RequestContext,
      member: MemberAuth,
      winnerId: number,
      address: unknown,
      over18: boolean,
    ) => {
      await allowed(ctx, member);
      requireAdult(over18);
      const parsed = parseAddress(address);
      if (!parsed.ok) {
        const first = parsed.issues[0];
        throw badInput(
          `The address is not valid (${first?.field ?? 'address'}).`,
          `address_${first?.issue ?? 'required'}`,
        );
      }
      const claimed = await repository.claim(
        winnerId,
        member.claims.id,
        JSON.stringify(parsed.address),
        now().toISOString(),
      );
      if (!claimed)
        throw badInput(
          'This prize cannot be claimed (not yours, claimed or expired).',
          'sweep_claim_refused',
        );
      return { claimed: true };
    },

    /** Cancellation option: forfeits the member's monthly-exclusive (free) entries; bought entries stay. */
    forfeitMonthlyExclusive: (brandId: number, memberId: number, within?: DbExecutor) =>
      repository.forfeitMonthlyExclusive(brandId, memberId, now().toISOString(), within),

    // ----- operator side (sweeps.admin.ts) and the draws job -----

    createSweep: async (
      input: Omit<NewSweep, 'seed' | 'seedCommitment' | 'drawPeriod'> & { drawPeriod?: string },
    ) => {
      const seed = randomBytes(32).toString('hex');
      const end = new Date(input.endDate);
      const drawPeriod = input.drawPeriod ?? drawPeriodAt(new Date(end.getTime() - 1)).key;
      if (!isPeriodKey(drawPeriod)) throw badInput('The draw period must be YYYY-MM.', 'invalid_draw_period');
      for (const date of [input.startDate, input.endDate, input.startAvailableDate, input.endAvailableDate]) {
        if (Number.isNaN(Date.parse(date))) throw badInput(`Not a date: ${date}`, 'invalid_date');
      }
      const id = await repository.insertSweep({
        ...input,
        drawPeriod,
        seed,
        seedCommitment: seedCommitment(seed),
      });
      return { id, seedCommitment: seedCommitment(seed), drawPeriod };
    },

    updateSweep: repository.updateSweep,
    findSweepByRef: repository.findSweepByRef,

    /** One envelope: validated by the postal rules, one entry, once per envelope id. */
    recordPostalEntry: async (brandId: number, refNumber: string, envelopeId: string, fields: unknown) => {
      const sweep = await repository.findSweepByRef(brandId, refNumber);
      if (!sweep) throw notFound('No giveaway has this reference.', 'sweep_not_found');
      const parsed = parsePostalEntry({ ...(fields as object), sweepId: String(sweep.id), over18: true });
      if (!parsed.ok) {
        const first = parsed.issues[0];
        throw badInput(
          `The envelope is refused (${first?.field}: ${first?.issue}).`,
          `postal_${first?.issue ?? 'required'}`,
        );
      }
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(envelopeId))
        throw badInput('The envelope id must be 1-64 letters or digits.', 'invalid_envelope');
      const entrant = `P-${sha256(parsed.entry.email.toLowerCase()).slice(0, 16)}`;
      const at = now();
      const applied = await repository.grant({
        brandId,
        sweepId: sweep.id,
        memberId: null,
        entrant,
        entries: 1,
        amountMinor: null,
        currency: null,
        source: 'postal',
        referenceKind: 'envelope',
        referenceId: envelopeId,
        idempotencyKey: `postal:${sweep.id}:${envelopeId}`,
        periodKey: drawPeriodAt(at).key,
      });
      return { applied, entrant };
    },

    /**
     * The draws job: each sweep whose draw period has closed is drawn (3,000 unique entrants or more)
     * or rolled over to the next period. A draw is one transaction keyed by sweep and period, so two
     * servers, or a run after a crash, never draw a period twice. Lapsed claims pass to alternates.
     */
    runDraws: async (): Promise<{ drawn: number; rolledOver: number; expired: number }> => {
      const at = now();
      let drawn = 0;
      let rolledOver = 0;
      for (const sweep of await repository.dueForDraw(at.toISOString())) {
        const period = periodFromKey(sweep.draw_period);
        if (period.endsBefore.getTime() > at.getTime()) continue;
        const pool = await repository.pool(sweep.id, period.endsBefore.toISOString());
        const lines = canonicalPool(pool);
        const hash = poolHash(sweep.ref_number, period.key, lines, sha256);
        const totalEntries = lines.reduce((sum, line) => sum + line.entries, 0);
        const decision = drawDecision(lines.length);
        if (decision.kind === 'rollover') {
          const recorded = await repository.recordDraw({
            sweepId: sweep.id,
            periodKey: period.key,
            outcome: 'rollover',
            uniqueEntrants: lines.length,
            totalEntries,
            poolHash: hash,
            seed: null,
            nextPeriod: nextPeriodKey(period.key),
            winners: [],
          });
          if (recorded !== null) rolledOver++;
          continue;
        }
        const result = drawWinners(sweep.ref_number, period.key, lines, sweep.seed, DRAW_ROUNDS, sha256);
        const deadline = new Date(at.getTime() + CLAIM_DEADLINE_DAYS * DAY).toISOString();
        const winners = await Promise.all(
          result.rounds.map(async (round) => ({
            round: round.round,
            position: round.position,
            totalEntries: round.totalEntries,
            entrant: round.entrant,
            memberId: await repository.memberOfEntrant(sweep.id, round.entrant),
            status: round.round === 0 ? ('pending' as const) : ('alternate' as const),
            claimDeadline: deadline,
          })),
        );
        const recorded = await repository.recordDraw({
          sweepId: sweep.id,
          periodKey: period.key,
          outcome: 'drawn',
          uniqueEntrants: lines.length,
          totalEntries,
          poolHash: hash,
          seed: sweep.seed,
          nextPeriod: null,
          winners,
        });
        if (recorded === null) continue;
        drawn++;
        const winner = winners[0];
        if (winner?.memberId != null && mail) {
          const member = await members.findMember(sweep.brand_id, winner.memberId);
          if (member) {
            await mail.deliver({
              brandId: sweep.brand_id,
              memberId: winner.memberId,
              kind: 'sweep_winner',
              to: member.email,
              // In the winner's stored language (issue 14 item 9).
              ...winnerMail(member, {
                product: sweep.product_name,
                sweep: sweep.name,
                deadline,
                draw: {
                  period: period.key,
                  hash,
                  seed: sweep.seed,
                  position: winner.position,
                  total: winner.totalEntries,
                },
              }),
            });
          }
        }
      }
      const expired = await repository.expireClaims(at.toISOString(), () =>
        new Date(at.getTime() + CLAIM_DEADLINE_DAYS * DAY).toISOString(),
      );
      return { drawn, rolledOver, expired };
    },

    /** Recomputes a recorded draw from the stored entries: the pool hash, the seed commitment, every round. */
    verifyDraw: async (brandId: number, refNumber: string) => {
      const sweep = await repository.findSweepByRef(brandId, refNumber);
      if (!sweep) throw notFound('No giveaway has this reference.', 'sweep_not_found');
      const draw = (await repository.drawsOf([sweep.id])).find((row) => row.outcome === 'drawn');
      if (!draw?.seed) throw notFound('This giveaway has not been drawn.', 'sweep_not_drawn');
      const period = periodFromKey(draw.period_key);
      const pool = await repository.pool(sweep.id, period.endsBefore.toISOString());
      const recomputed = drawWinners(sweep.ref_number, draw.period_key, pool, draw.seed, DRAW_ROUNDS, sha256);
      const stored: SweepWinnerRow[] = (await repository.winnersOf([sweep.id])).filter(
        (row) => row.draw_id === draw.id,
      );
      const roundsMatch =
        recomputed.rounds.length === stored.length &&
        recomputed.rounds.every((round) => {
          const row = stored.find((candidate) => candidate.round === round.round);
          return (
            row?.entrant === round.entrant &&
            row.position === round.position &&
            row.total_entries === round.totalEntries
          );
        });
      return {
        periodKey: draw.period_key,
        poolHashMatches: recomputed.poolHash === draw.pool_hash,
        seedMatchesCommitment: seedCommitment(draw.seed) === sweep.seed_commitment,
        roundsMatch,
        poolHash: draw.pool_hash,
        seed: draw.seed,
        rounds: recomputed.rounds,
      };
    },

    /** The published pool document of a sweep's current or drawn period (the audit's input). */
    poolDocumentLines: async (brandId: number, refNumber: string, periodKey?: string) => {
      const sweep = await repository.findSweepByRef(brandId, refNumber);
      if (!sweep) throw notFound('No giveaway has this reference.', 'sweep_not_found');
      const period = periodFromKey(periodKey ?? sweep.draw_period);
      const lines = canonicalPool(await repository.pool(sweep.id, period.endsBefore.toISOString()));
      return {
        sweep,
        period: period.key,
        lines,
        poolHash: poolHash(sweep.ref_number, period.key, lines, sha256),
      };
    },

    /** The entrant id of a member (their public reference number). */
    entrantOf: (brandId: number, memberId: number) => entrantOf(brandId, memberId),
  };

  /** Records what an opened checkout holds of the cap, so it can be taken by its payment or given back. */
  async function recordHold(checkoutId: string, brandId: number, sweepId: number, entries: number) {
    await repository.recordHold({ checkoutId, brandId, sweepId, entries, createdAt: isoNow(now()) });
  }

  /**
   * Gives one hold back if its checkout can no longer be paid (asking the provider when the page is
   * theirs); the repository's conditional release makes it once. Answers the entries given back.
   */
  async function releaseHold(hold: SweepEntryHoldRow): Promise<number> {
    if (!checkouts) return 0;
    const marks = { releasedAt: hold.released_at, takenAt: hold.taken_at, refundedAt: hold.refunded_at };
    const checkout = await checkouts.checkoutPayability(hold.checkout_id);
    const at = now();
    if (!checkout || !isHoldReleasable(marks, checkout, at)) return 0;
    return repository.releaseHold(hold.checkout_id, isoNow(at));
  }

  /**
   * Grants a verified payment's entries with its checkout's hold, in one transaction (decision 023,
   * `paidHoldAction`): a hold still held is taken (the held entries become sold); a hold the billing
   * job released is reserved again if the cap still has room, and otherwise the payment is owed back
   * (`checkout-refund:<checkout>`, as the marketplace refunds a paid checkout it cannot fulfil) and
   * nothing is granted. The hold row is the lock: a sweep and a payment, or two runs of one payment,
   * never both decide it. A repeat grants nothing twice and owes nothing twice; the refund is sent
   * once the transaction commits (the billing job sends again what the provider did not accept).
   */
  async function grantHeldEntries(
    grant: EntryGrant,
    payment: HeldPayment,
    alsoWhenGranted?: (tx: DbTransaction) => Promise<unknown>,
  ): Promise<HeldGrantOutcome> {
    const { checkoutId } = payment;
    const at = isoNow(now());
    const result = await transactions(
      async (tx): Promise<{ outcome: HeldGrantOutcome; refundId?: string }> => {
        const granted = async () => {
          if (!(await repository.grant(grant, tx))) return { outcome: 'granted_before' as const };
          await alsoWhenGranted?.(tx);
          return { outcome: 'granted' as const };
        };
        const refund = async () => {
          if (!checkouts || checkoutId === null) {
            throw new AppError('UNAVAILABLE', 'The refund of these entries cannot be owed here.');
          }
          const refundId = await checkouts.oweRefund(
            {
              paymentId: payment.id,
              amountMinor: payment.amountMinor,
              reason: 'sweep_sold_out',
              idempotencyKey: checkoutRefundKey(checkoutId),
            },
            tx,
          );
          return { outcome: 'refunded' as const, refundId };
        };
        // Another runner may decide the hold between the read and the conditional update: read again.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const hold = checkoutId === null ? undefined : await repository.findHold(checkoutId, tx);
          const action = paidHoldAction(
            hold
              ? { releasedAt: hold.released_at, takenAt: hold.taken_at, refundedAt: hold.refunded_at }
              : null,
          );
          switch (action) {
            case 'untracked':
            case 'taken':
              return granted();
            case 'refunded':
              return refund();
            case 'take':
              if (hold && (await repository.takeHold(hold.checkout_id, at, tx))) return granted();
              break;
            case 'reserve_again':
              if (hold && (await repository.claimReleasedHold(hold.checkout_id, at, tx))) {
                if (await repository.reserve(hold.sweep_id, hold.entries, tx)) return granted();
                await repository.markHoldRefunded(hold.checkout_id, at, tx);
                return refund();
              }
              break;
          }
        }
        throw new AppError('INTERNAL', 'The hold of these entries could not be decided.');
      },
    );
    if (result.refundId && checkouts) await checkouts.sendRefund(result.refundId);
    return result.outcome;
  }

  async function entrantOf(brandId: number, memberId: number): Promise<string> {
    const member = await members.findMember(brandId, memberId);
    // Assigned by member.info, which every sweep call reads before a purchase; the id is a fallback only.
    return member?.reference_number ?? `M-${memberId}`;
  }
}

export type SweepsService = ReturnType<typeof createSweepsService>;
