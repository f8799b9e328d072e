import { type Kysely, sql } from 'kysely';

import type { Database } from '../../db/schema';

/** Payments of one brand in one status and currency. */
export interface PaymentTotal {
  brand: string;
  status: string;
  currency: string;
  count: number;
  amountMinor: number;
}

/** The coin ledger of one brand: its lines, coins credited and coins spent. */
export interface LedgerTotal {
  brand: string;
  lines: number;
  credited: number;
  spent: number;
}

/** A scheduled job's row (jobs/): when it is due, whether it runs now, how its last run went. */
export interface JobState {
  name: string;
  nextRunAt: string;
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  failed: boolean;
}

/** PostgreSQL answers sums and counts as text (bigint); SQLite as numbers. */
const asNumber = (value: unknown): number => Number(value ?? 0);

/**
 * The few aggregate queries a Prometheus scrape asks (decision 028): each one scan grouped by brand,
 * read at most once per cache period whatever the number of scrapers.
 */
export function createMetricsRepository(db: Kysely<Database>) {
  async function paymentTotals(): Promise<PaymentTotal[]> {
    const rows = await db
      .selectFrom('payments')
      .innerJoin('brands', 'brands.id', 'payments.brand_id')
      .select([
        'brands.slug as brand',
        'payments.status as status',
        'payments.currency as currency',
        sql<number | string>`count(*)`.as('count'),
        sql<number | string | null>`sum(payments.amount_minor)`.as('amount'),
      ])
      .groupBy(['brands.slug', 'payments.status', 'payments.currency'])
      .execute();
    return rows.map((row) => ({
      brand: row.brand,
      status: row.status,
      currency: row.currency,
      count: asNumber(row.count),
      amountMinor: asNumber(row.amount),
    }));
  }

  async function ledgerTotals(): Promise<LedgerTotal[]> {
    const rows = await db
      .selectFrom('coin_ledger')
      .innerJoin('brands', 'brands.id', 'coin_ledger.brand_id')
      .select([
        'brands.slug as brand',
        sql<number | string>`count(*)`.as('lines'),
        sql<
          number | string | null
        >`sum(case when coin_ledger.amount > 0 then coin_ledger.amount else 0 end)`.as('credited'),
        sql<
          number | string | null
        >`sum(case when coin_ledger.amount < 0 then -coin_ledger.amount else 0 end)`.as('spent'),
      ])
      .groupBy('brands.slug')
      .execute();
    return rows.map((row) => ({
      brand: row.brand,
      lines: asNumber(row.lines),
      credited: asNumber(row.credited),
      spent: asNumber(row.spent),
    }));
  }

  async function jobStates(now: string): Promise<JobState[]> {
    const rows = await db
      .selectFrom('job_leases')
      .select([
        'name',
        'next_run_at',
        'holder',
        'leased_until',
        'last_started_at',
        'last_finished_at',
        'last_error',
      ])
      .execute();
    return rows.map((row) => ({
      name: row.name,
      nextRunAt: row.next_run_at,
      running: row.holder !== null && row.leased_until !== null && row.leased_until > now,
      lastStartedAt: row.last_started_at,
      lastFinishedAt: row.last_finished_at,
      failed: row.last_error !== null,
    }));
  }

  return { paymentTotals, ledgerTotals, jobStates };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
