import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

import type { AppConfig } from '../../config';
import type { Db, PoolStats } from '../../db/database';
import {
  type JobState,
  type LedgerTotal,
  type MetricsRepository,
  type PaymentTotal,
  createMetricsRepository,
} from './metrics.repository';

/** How long one reading of the database totals serves the scrapes that follow (decision 028). */
export const TOTALS_CACHE_MS = 15_000;

/** Seconds, from a quick API answer to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The most GraphQL operation names one process keeps as labels: a name comes from the client's
 * document, so a hostile client could otherwise make one series per request. Past it, `other`.
 */
export const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export interface MetricsDeps {
  repository: MetricsRepository;
  /** PostgreSQL's pool; absent on SQLite. */
  poolStats?: () => PoolStats;
  now?: () => Date;
  cacheMs?: number;
}

interface Totals {
  payments: PaymentTotal[];
  ledger: LedgerTotal[];
  jobs: JobState[];
  at: Date;
}

/**
 * Prometheus metrics of one server (issue 15, item 5): request rate, latency and errors per route and
 * per GraphQL operation, the database pool, job runs and lag, payments and ledger totals, and the
 * process's own (CPU, memory, event-loop delay). Request figures are this process's; the totals and
 * the jobs' state are read from the database, the same on every node, cached TOTALS_CACHE_MS.
 */
export function createMetricsService({
  repository,
  poolStats,
  now = () => new Date(),
  cacheMs = TOTALS_CACHE_MS,
}: MetricsDeps) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'Time to answer a GraphQL request, by operation name and type.',
    labelNames: ['operation', 'type'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const graphqlErrors = new Counter({
    name: 'graphql_errors_total',
    help: 'Errors in GraphQL answers, by operation name and error code.',
    labelNames: ['operation', 'code'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job runs this node made, by job and outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'How long the scheduled job runs of this node took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });

  let cached: { promise: Promise<Totals>; at: number } | null = null;
  /** One database reading per cache period, shared by concurrent scrapes; a failed one is not kept. */
  function totals(): Promise<Totals> {
    const time = now().getTime();
    if (cached && time - cached.at < cacheMs) return cached.promise;
    const at = now();
    const promise = Promise.all([
      repository.paymentTotals(),
      repository.ledgerTotals(),
      repository.jobStates(at.toISOString()),
    ]).then(([payments, ledger, jobs]) => ({ payments, ledger, jobs, at }));
    const entry = { promise, at: time };
    cached = entry;
    promise.catch(() => {
      if (cached === entry) cached = null;
    });
    return promise;
  }

  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connections of this node, by state (open, idle, max).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries of this node waiting for a PostgreSQL connection.',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  new Gauge({
    name: 'payments',
    help: 'Payments recorded, by brand, status and currency (all nodes).',
    labelNames: ['brand', 'status', 'currency'] as const,
    registers: [registry],
    async collect() {
      const { payments } = await totals();
      this.reset();
      for (const row of payments)
        this.set({ brand: row.brand, status: row.status, currency: row.currency }, row.count);
    },
  });
  new Gauge({
    name: 'payments_amount_minor',
    help: 'Sum of payment amounts in minor units, by brand, status and currency (all nodes).',
    labelNames: ['brand', 'status', 'currency'] as const,
    registers: [registry],
    async collect() {
      const { payments } = await totals();
      this.reset();
      for (const row of payments) {
        this.set({ brand: row.brand, status: row.status, currency: row.currency }, row.amountMinor);
      }
    },
  });
  new Gauge({
    name: 'coin_ledger_lines',
    help: 'Lines in the coin ledger, by brand.',
    labelNames: ['brand'] as const,
    registers: [registry],
    async collect() {
      const { ledger } = await totals();
      this.reset();
      for (const row of ledger) this.set({ brand: row.brand }, row.lines);
    },
  });
  new Gauge({
    name: 'coin_ledger_coins',
    help: 'Coins credited and spent in the coin ledger, by brand and direction.',
    labelNames: ['brand', 'direction'] as const,
    registers: [registry],
    async collect() {
      const { ledger } = await totals();
      this.reset();
      for (const row of ledger) {
        this.set({ brand: row.brand, direction: 'credited' }, row.credited);
        this.set({ brand: row.brand, direction: 'spent' }, row.spent);
      }
    },
  });
  new Gauge({
    name: 'job_lag_seconds',
    help: 'How far past its due time a scheduled job is and not running (0 when on time), any node.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const { jobs, at } = await totals();
      this.reset();
      for (const job of jobs) {
        const late = (at.getTime() - Date.parse(job.nextRunAt)) / 1000;
        this.set({ job: job.name }, job.running ? 0 : Math.max(0, late));
      }
    },
  });
  new Gauge({
    name: 'job_running',
    help: '1 while some node holds the job’s lease.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const { jobs } = await totals();
      this.reset();
      for (const job of jobs) this.set({ job: job.name }, job.running ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_last_run_failed',
    help: '1 when the job’s last finished run failed, on any node.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const { jobs } = await totals();
      this.reset();
      for (const job of jobs) this.set({ job: job.name }, job.failed ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_last_finished_timestamp_seconds',
    help: 'When the job’s last run finished, on any node (Unix time).',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const { jobs } = await totals();
      this.reset();
      for (const job of jobs) {
        if (job.lastFinishedAt) this.set({ job: job.name }, Date.parse(job.lastFinishedAt) / 1000);
      }
    },
  });

  const operationNames = new Set<string>();
  /** The label of an operation name from a client's document: bounded in form and in number. */
  function operationLabel(name: string | undefined): string {
    if (!name) return 'anonymous';
    if (!OPERATION_NAME.test(name)) return 'other';
    if (operationNames.has(name)) return name;
    if (operationNames.size >= MAX_OPERATION_NAMES) return 'other';
    operationNames.add(name);
    return name;
  }

  return {
    registry,
    operationLabel,
    recordRequest: (method: string, route: string, statusCode: number, seconds: number): void => {
      const labels = { method, route, status_code: String(statusCode) };
      httpDuration.observe(labels, seconds);
      if (statusCode >= 500) httpErrors.inc(labels);
    },
    recordGraphQL: (operation: string, type: string, seconds: number): void => {
      graphqlDuration.observe({ operation, type }, seconds);
    },
    recordGraphQLError: (operation: string, code: string): void => {
      graphqlErrors.inc({ operation, code });
    },
    recordJobRun: (job: string, ok: boolean, seconds: number): void => {
      jobRuns.inc({ job, outcome: ok ? 'succeeded' : 'failed' });
      jobDuration.observe({ job }, seconds);
    },
    /** The text a Prometheus scrape reads. */
    render: async (): Promise<{ contentType: string; body: string }> => {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;

/**
 * The server's metrics, or null when METRICS_TOKEN is unset: then no hook records anything and
 * /metrics is not served, so a server that nobody scrapes pays nothing for them (decision 028).
 */
export function createAppMetrics(db: Db, config: Pick<AppConfig, 'observe'>): MetricsService | null {
  if (!config.observe.metricsToken) return null;
  return createMetricsService({
    repository: createMetricsRepository(db.kysely),
    ...(db.poolStats ? { poolStats: db.poolStats } : {}),
  });
}
