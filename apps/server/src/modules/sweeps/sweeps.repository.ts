import type { Kysely } from 'kysely';

import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';
import type { DbExecutor } from '../../db/transaction';
import type {
  SweepEntryHoldRow,
  SweepMultiplierRow,
  SweepPriceRow,
  SweepRow,
  SweepWinnerRow,
} from '../../db/tables/sweeps';

export interface NewSweep {
  brandId: number;
  refNumber: string;
  name: string;
  productName: string;
  description: string;
  image: string;
  startDate: string;
  endDate: string;
  startAvailableDate: string;
  endAvailableDate: string;
  monthlyExclusive: boolean;
  tags: string[];
  entries: number | null;
  drawPeriod: string;
  seed: string;
  seedCommitment: string;
  prices: {
    currency: string;
    symbol: string;
    countryCode: string | null;
    entries: number;
    amountMinor: number;
  }[];
  multipliers: {
    currency: string;
    symbol: string;
    countryCode: string | null;
    amountMinor: number;
    multiplierFactor: number;
  }[];
}

export interface EntryGrant {
  brandId: number;
  sweepId: number;
  memberId: number | null;
  entrant: string;
  entries: number;
  amountMinor: number | null;
  currency: string | null;
  source: 'free' | 'payment' | 'postal' | 'bonus';
  referenceKind: string;
  referenceId: string;
  idempotencyKey: string;
  periodKey: string;
}

export interface NewWinner {
  round: number;
  position: number;
  totalEntries: number;
  entrant: string;
  memberId: number | null;
  status: 'pending' | 'alternate';
  claimDeadline: string;
}

/**
 * Giveaways' storage. Entry rows are only inserted (a forfeit stamps them); a grant's idempotency key
 * is unique per brand and inserted `on conflict do nothing`, so a repeated event grants once without an
 * error that would abort the caller's transaction. Caps hold through one conditional UPDATE.
 */
/** The `sweep_entries` row of a grant. */
function entryRow(grant: EntryGrant, createdAt: string) {
  return {
    brand_id: grant.brandId,
    sweep_id: grant.sweepId,
    member_id: grant.memberId,
    entrant: grant.entrant,
    entries: grant.entries,
    amount_minor: grant.amountMinor,
    currency: grant.currency,
    source: grant.source,
    reference_kind: grant.referenceKind,
    reference_id: grant.referenceId,
    idempotency_key: grant.idempotencyKey,
    period_key: grant.periodKey,
    created_at: createdAt,
  };
}

export function createSweepsRepository(db: Kysely<Database>) {
  return {
    insertSweep: async (sweep: NewSweep, executor: DbExecutor = db): Promise<number> => {
      const now = isoNow();
      const row = await executor
        .insertInto('sweeps')
        .values({
          brand_id: sweep.brandId,
          ref_number: sweep.refNumber,
          name: sweep.name,
          product_name: sweep.productName,
          description: sweep.description,
          image: sweep.image,
          start_date: sweep.startDate,
          end_date: sweep.endDate,
          start_available_date: sweep.startAvailableDate,
          end_available_date: sweep.endAvailableDate,
          status: 'active',
          monthly_exclusive: sweep.monthlyExclusive ? 1 : 0,
          tags: JSON.stringify(sweep.tags),
          entries: sweep.entries,
          draw_period: sweep.drawPeriod,
          seed: sweep.seed,
          seed_commitment: sweep.seedCommitment,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (sweep.prices.length > 0) {
        await executor
          .insertInto('sweep_prices')
          .values(
            sweep.prices.map((price) => ({
              sweep_id: row.id,
              currency: price.currency,
              symbol: price.symbol,
              country_code: price.countryCode,
              entries: price.entries,
              amount_minor: price.amountMinor,
            })),
          )
          .execute();
      }
      if (sweep.multipliers.length > 0) {
        await executor
          .insertInto('sweep_multipliers')
          .values(
            sweep.multipliers.map((multiplier) => ({
              sweep_id: row.id,
              currency: multiplier.currency,
              symbol: multiplier.symbol,
              country_code: multiplier.countryCode,
              amount_minor: multiplier.amountMinor,
              multiplier_factor: multiplier.multiplierFactor,
            })),
          )
          .execute();
      }
      return row.id;
    },

    updateSweep: async (
      brandId: number,
      id: number,
      patch: Partial<
        Pick<
          SweepRow,
          | 'name'
          | 'product_name'
          | 'description'
          | 'image'
          | 'start_date'
          | 'end_date'
          | 'start_available_date'
          | 'end_available_date'
          | 'status'
          | 'entries'
          | 'tags'
        >
      >,
    ): Promise<boolean> => {
      const result = await db
        .updateTable('sweeps')
        .set({ ...patch, updated_at: isoNow() })
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    listByBrand: (brandId: number): Promise<SweepRow[]> =>
      db
        .selectFrom('sweeps')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('end_date')
        .orderBy('id')
        .execute(),

    findSweep: (brandId: number, id: number): Promise<SweepRow | undefined> =>
      db
        .selectFrom('sweeps')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .executeTakeFirst(),

    findSweepByRef: (brandId: number, refNumber: string): Promise<SweepRow | undefined> =>
      db
        .selectFrom('sweeps')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('ref_number', '=', refNumber)
        .executeTakeFirst(),

    pricesOf: async (sweepIds: readonly number[]): Promise<SweepPriceRow[]> =>
      sweepIds.length === 0
        ? []
        : db.selectFrom('sweep_prices').selectAll().where('sweep_id', 'in', sweepIds).orderBy('id').execute(),

    multipliersOf: async (sweepIds: readonly number[]): Promise<SweepMultiplierRow[]> =>
      sweepIds.length === 0
        ? []
        : db
            .selectFrom('sweep_multipliers')
            .selectAll()
            .where('sweep_id', 'in', sweepIds)
            .orderBy('id')
            .execute(),

    /** The member's live (not forfeited) entries per sweep of the brand. */
    memberEntries: async (
      brandId: number,
      memberId: number,
    ): Promise<{ sweepId: number; entries: number }[]> => {
      const rows = await db
        .selectFrom('sweep_entries')
        .select((eb) => ['sweep_id', eb.fn.sum<number | string>('entries').as('entries')])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('forfeited_at', 'is', null)
        .groupBy('sweep_id')
        .execute();
      return rows.map((row) => ({ sweepId: row.sweep_id, entries: Number(row.entries) }));
    },

    /** Whether the member holds any live entry, of any giveaway (onboarding's second step). */
    hasAnyEntry: async (memberId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('sweep_entries')
        .select('id')
        .where('member_id', '=', memberId)
        .where('forfeited_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Holds `entries` of the cap for a purchase; false when that would pass the cap or the sweep is gone. */
    reserve: async (sweepId: number, entries: number, executor: DbExecutor = db): Promise<boolean> => {
      const result = await executor
        .updateTable('sweeps')
        .set((eb) => ({ entries_reserved: eb('entries_reserved', '+', entries) }))
        .where('id', '=', sweepId)
        .where((eb) =>
          eb.or([
            eb('entries', 'is', null),
            eb(eb('entries_reserved', '+', entries), '<=', eb.ref('entries')),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    release: async (sweepId: number, entries: number): Promise<void> => {
      await db
        .updateTable('sweeps')
        .set((eb) => ({ entries_reserved: eb('entries_reserved', '-', entries) }))
        .where('id', '=', sweepId)
        .where('entries_reserved', '>=', entries)
        .execute();
    },

    /** Records the hold of a checkout that opened (buyEntries, an entry upsell): what it holds of which cap. */
    recordHold: async (hold: {
      checkoutId: string;
      brandId: number;
      sweepId: number;
      entries: number;
      createdAt: string;
    }): Promise<void> => {
      await db
        .insertInto('sweep_entry_holds')
        .values({
          checkout_id: hold.checkoutId,
          brand_id: hold.brandId,
          sweep_id: hold.sweepId,
          entries: hold.entries,
          created_at: hold.createdAt,
        })
        .execute();
    },

    findHold: (checkoutId: string, executor: DbExecutor = db): Promise<SweepEntryHoldRow | undefined> =>
      executor
        .selectFrom('sweep_entry_holds')
        .selectAll()
        .where('checkout_id', '=', checkoutId)
        .executeTakeFirst(),

    /**
     * Holds nothing has decided yet whose checkout is unpaid (open or expired, no payment succeeded or
     * pending) and expired before the cutoff (`withPage` for a checkout with a provider's page, which
     * outlives it). Those expired longest ago first. Reads the payments module's tables: which checkout
     * is unpaid is part of which hold may go back.
     */
    listReleasableHolds: (cutoffs: { withoutPage: string; withPage: string }, limit: number) =>
      db
        .selectFrom('sweep_entry_holds as h')
        .innerJoin('checkouts as c', 'c.id', 'h.checkout_id')
        .selectAll('h')
        .where('h.released_at', 'is', null)
        .where('h.taken_at', 'is', null)
        .where('h.refunded_at', 'is', null)
        .where('c.status', 'in', ['open', 'expired'])
        .where((eb) =>
          eb.or([
            eb.and([eb('c.provider_session_id', 'is', null), eb('c.expires_at', '<=', cutoffs.withoutPage)]),
            eb.and([eb('c.provider_session_id', 'is not', null), eb('c.expires_at', '<=', cutoffs.withPage)]),
          ]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('payments as p')
                .select('p.id')
                .whereRef('p.checkout_id', '=', 'c.id')
                .where('p.status', 'in', ['succeeded', 'pending']),
            ),
          ),
        )
        .orderBy('c.expires_at')
        .limit(limit)
        .execute(),

    /**
     * Gives a hold back to its cap, once: the release mark and the cap's decrement commit together, and
     * the mark is set only on a hold nothing decided whose checkout is still unpaid and past `at`, so
     * concurrent sweeps, a sweep racing a payment, or a repeat release it at most once, and never one a
     * payment took. Answers the entries given back (0 when this call released nothing).
     */
    releaseHold: (checkoutId: string, at: string): Promise<number> =>
      db.transaction().execute(async (tx) => {
        const released = await tx
          .updateTable('sweep_entry_holds')
          .set({ released_at: at })
          .where('checkout_id', '=', checkoutId)
          .where('released_at', 'is', null)
          .where('taken_at', 'is', null)
          .where('refunded_at', 'is', null)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('checkouts as c')
                .select('c.id')
                .where('c.id', '=', checkoutId)
                .where('c.status', 'in', ['open', 'expired'])
                .where('c.expires_at', '<=', at)
                .where(
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('payments as p')
                        .select('p.id')
                        .where('p.checkout_id', '=', checkoutId)
                        .where('p.status', 'in', ['succeeded', 'pending']),
                    ),
                  ),
                ),
            ),
          )
          .returning(['sweep_id', 'entries'])
          .executeTakeFirst();
        if (!released) return 0;
        await tx
          .updateTable('sweeps')
          .set((eb) => ({ entries_reserved: eb('entries_reserved', '-', released.entries) }))
          .where('id', '=', released.sweep_id)
          .where('entries_reserved', '>=', released.entries)
          .execute();
        return released.entries;
      }),

    /** A verified payment takes its checkout's hold (still undecided): its entries become sold. */
    takeHold: async (checkoutId: string, at: string, executor: DbExecutor): Promise<boolean> => {
      const result = await executor
        .updateTable('sweep_entry_holds')
        .set({ taken_at: at })
        .where('checkout_id', '=', checkoutId)
        .where('released_at', 'is', null)
        .where('taken_at', 'is', null)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A payment after its hold was released claims the right to decide it (one run at a time: the row
     * stays locked until the caller's transaction ends); the caller then reserves again or refunds.
     */
    claimReleasedHold: async (checkoutId: string, at: string, executor: DbExecutor): Promise<boolean> => {
      const result = await executor
        .updateTable('sweep_entry_holds')
        .set({ taken_at: at })
        .where('checkout_id', '=', checkoutId)
        .where('released_at', 'is not', null)
        .where('taken_at', 'is', null)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The cap had no room for a payment after the release (in the claiming transaction): refunded instead. */
    markHoldRefunded: async (checkoutId: string, at: string, executor: DbExecutor): Promise<void> => {
      await executor
        .updateTable('sweep_entry_holds')
        .set({ taken_at: null, refunded_at: at })
        .where('checkout_id', '=', checkoutId)
        .execute();
    },

    /**
     * Writes a grant once per idempotency key; a paid grant also counts as sold. Returns false when the
     * key was used before (nothing changed).
     */
    grant: async (grant: EntryGrant, executor: DbExecutor = db): Promise<boolean> => {
      const written = await executor
        .insertInto('sweep_entries')
        .values(entryRow(grant, isoNow()))
        .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!written) return false;
      if (grant.source === 'payment') {
        await executor
          .updateTable('sweeps')
          .set((eb) => ({ total_entries_sold: eb('total_entries_sold', '+', grant.entries) }))
          .where('id', '=', grant.sweepId)
          .execute();
      }
      return true;
    },

    findGrant: (brandId: number, idempotencyKey: string) =>
      db
        .selectFrom('sweep_entries')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst(),

    /** The member's newest paid grant on a sweep. */
    latestPaidGrant: (brandId: number, memberId: number, sweepId: number) =>
      db
        .selectFrom('sweep_entries')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('sweep_id', '=', sweepId)
        .where('source', '=', 'payment')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The member's newest entry purchase on a sweep (the buy-entries modal's, not an upsell's). */
    latestPurchase: (brandId: number, memberId: number, sweepId: number) =>
      db
        .selectFrom('sweep_entries')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('sweep_id', '=', sweepId)
        .where('source', '=', 'payment')
        .where('reference_kind', '=', 'payment')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** Whether the member has an entry grant of this kind on any giveaway of the brand (the one-time bonus). */
    hasGrantOfKind: async (brandId: number, memberId: number, referenceKind: string): Promise<boolean> => {
      const row = await db
        .selectFrom('sweep_entries')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('reference_kind', '=', referenceKind)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The draw pool: live entries per entrant made before `before` (or forfeited only after it). */
    pool: async (sweepId: number, before: string): Promise<{ entrant: string; entries: number }[]> => {
      const rows = await db
        .selectFrom('sweep_entries')
        .select((eb) => ['entrant', eb.fn.sum<number | string>('entries').as('entries')])
        .where('sweep_id', '=', sweepId)
        .where('created_at', '<', before)
        .where((eb) => eb.or([eb('forfeited_at', 'is', null), eb('forfeited_at', '>=', before)]))
        .groupBy('entrant')
        .execute();
      return rows.map((row) => ({ entrant: row.entrant, entries: Number(row.entries) }));
    },

    memberOfEntrant: async (sweepId: number, entrant: string): Promise<number | null> => {
      const row = await db
        .selectFrom('sweep_entries')
        .select('member_id')
        .where('sweep_id', '=', sweepId)
        .where('entrant', '=', entrant)
        .limit(1)
        .executeTakeFirst();
      return row?.member_id ?? null;
    },

    /** Sweeps whose draw period has ended and that have no winner yet. */
    dueForDraw: (before: string): Promise<SweepRow[]> =>
      db
        .selectFrom('sweeps')
        .selectAll()
        .where('status', '=', 'active')
        .where('winner_selected_at', 'is', null)
        .where('end_date', '<=', before)
        .orderBy('id')
        .execute(),

    /**
     * Records a draw and its winners in one transaction. Returns false when this period's draw was
     * recorded before (another server, or a run before a crash): nothing is written twice.
     */
    recordDraw: (input: {
      sweepId: number;
      periodKey: string;
      outcome: 'drawn' | 'rollover';
      uniqueEntrants: number;
      totalEntries: number;
      poolHash: string;
      seed: string | null;
      nextPeriod: string | null;
      winners: NewWinner[];
    }): Promise<number | null> =>
      db.transaction().execute(async (tx) => {
        const now = isoNow();
        const draw = await tx
          .insertInto('sweep_draws')
          .values({
            sweep_id: input.sweepId,
            period_key: input.periodKey,
            outcome: input.outcome,
            unique_entrants: input.uniqueEntrants,
            total_entries: input.totalEntries,
            pool_hash: input.poolHash,
            seed: input.seed,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['sweep_id', 'period_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!draw) return null;
        if (input.outcome === 'rollover' && input.nextPeriod) {
          await tx
            .updateTable('sweeps')
            .set({ draw_period: input.nextPeriod, updated_at: now })
            .where('id', '=', input.sweepId)
            .execute();
          return draw.id;
        }
        for (const winner of input.winners) {
          await tx
            .insertInto('sweep_winners')
            .values({
              sweep_id: input.sweepId,
              draw_id: draw.id,
              round: winner.round,
              position: winner.position,
              total_entries: winner.totalEntries,
              entrant: winner.entrant,
              member_id: winner.memberId,
              status: winner.status,
              claim_deadline: winner.claimDeadline,
              created_at: now,
            })
            .execute();
        }
        await tx
          .updateTable('sweeps')
          .set({ winner_selected_at: now, updated_at: now })
          .where('id', '=', input.sweepId)
          .execute();
        return draw.id;
      }),

    /** The recorded draws of these sweeps, oldest first. */
    drawsOf: async (sweepIds: readonly number[]) =>
      sweepIds.length === 0
        ? []
        : db.selectFrom('sweep_draws').selectAll().where('sweep_id', 'in', sweepIds).orderBy('id').execute(),

    winnersOf: (sweepIds: readonly number[]): Promise<SweepWinnerRow[]> =>
      sweepIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('sweep_winners')
            .selectAll()
            .where('sweep_id', 'in', sweepIds)
            .orderBy('round')
            .execute(),

    /** Claims a pending, unexpired win of this member; false otherwise. */
    claim: async (winnerId: number, memberId: number, address: string, now: string): Promise<boolean> => {
      const result = await db
        .updateTable('sweep_winners')
        .set({ status: 'claimed', claim_address: address, claimed_at: now })
        .where('id', '=', winnerId)
        .where('member_id', '=', memberId)
        .where('status', '=', 'pending')
        .where('claim_deadline', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    markDisplayed: async (winnerId: number, memberId: number, now: string): Promise<boolean> => {
      const result = await db
        .updateTable('sweep_winners')
        .set({ displayed_at: now })
        .where('id', '=', winnerId)
        .where('member_id', '=', memberId)
        .where('displayed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Expired pending wins; each hands over to the next alternate of its draw in one transaction. */
    expireClaims: (now: string, deadlineFor: () => string): Promise<number> =>
      db.transaction().execute(async (tx) => {
        const expired = await tx
          .updateTable('sweep_winners')
          .set({ status: 'expired' })
          .where('status', '=', 'pending')
          .where('claim_deadline', '<=', now)
          .returning(['draw_id', 'round'])
          .execute();
        for (const row of expired) {
          const next = await tx
            .selectFrom('sweep_winners')
            .select('id')
            .where('draw_id', '=', row.draw_id)
            .where('status', '=', 'alternate')
            .orderBy('round')
            .limit(1)
            .executeTakeFirst();
          if (next) {
            await tx
              .updateTable('sweep_winners')
              .set({ status: 'pending', claim_deadline: deadlineFor() })
              .where('id', '=', next.id)
              .execute();
          }
        }
        return expired.length;
      }),

    /** Cancellation: stamps the member's monthly-exclusive entries forfeited (bought entries stay). */
    forfeitMonthlyExclusive: async (
      brandId: number,
      memberId: number,
      now: string,
      executor: DbExecutor = db,
    ): Promise<number> => {
      const result = await executor
        .updateTable('sweep_entries')
        .set({ forfeited_at: now })
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('source', '=', 'free')
        .where('forfeited_at', 'is', null)
        .where(
          'sweep_id',
          'in',
          executor
            .selectFrom('sweeps')
            .select('id')
            .where('brand_id', '=', brandId)
            .where('monthly_exclusive', '=', 1),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Bulk rows for seeds and tests (postal or generated entrants). */
    insertEntries: async (rows: EntryGrant[]): Promise<void> => {
      const now = isoNow();
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('sweep_entries')
          .values(rows.slice(i, i + 500).map((grant) => entryRow(grant, now)))
          .execute();
      }
    },

    /** Backdates a sweep's clock fields (tests and demo data). */
    setDates: (id: number, dates: Partial<Pick<SweepRow, 'start_date' | 'end_date' | 'draw_period'>>) =>
      db.updateTable('sweeps').set(dates).where('id', '=', id).execute(),
  };
}

export type SweepsRepository = ReturnType<typeof createSweepsRepository>;
