import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoNow } from '../../db/json';
import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES, type TestApp, createTestApp } from '../../test/harness';
import { genericToken } from '../../test/http';
import { MAX_OPERATION_NAMES } from './metrics.service';

const TOKEN = 'metrics-token-for-the-integration-tests';

/** The value of one series in a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

describe.each(ENGINES)('Prometheus metrics (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; slug: string; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      observe: { metricsToken: TOKEN, otlpEndpoint: null, serviceName: 'member-area' },
    });
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  const graphqlCall = async (token: string, query: string, operationName?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: { host: brand.hostname, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { query, ...(operationName ? { operationName } : {}) },
    });

  it('answers only an operator with the token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
    expect(await scrape()).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('times requests by route pattern and GraphQL operation, and counts GraphQL errors by code', async () => {
    const token = await genericToken(t.app, brand.hostname);
    const ok = await graphqlCall(token, 'query MetricsProbe { __typename }');
    expect(ok.statusCode).toBe(200);
    // Two operations in one document: the one the request names is the one labelled.
    await graphqlCall(
      token,
      'query Unused { __typename } query BalanceProbe { member { getCreditBalance } }',
      'BalanceProbe',
    );
    await t.app.inject({ method: 'GET', url: '/healthz' });

    const text = await scrape();
    expect(
      sample(text, 'graphql_operation_duration_seconds_count', { operation: 'MetricsProbe', type: 'query' }),
    ).toBe(1);
    expect(sample(text, 'graphql_errors_total', { operation: 'BalanceProbe', code: 'UNAUTHENTICATED' })).toBe(
      1,
    );
    expect(sample(text, 'graphql_operation_duration_seconds_count', { operation: 'Unused' })).toBeUndefined();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/membergraphapi/graphql',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/healthz' })).toBeGreaterThanOrEqual(
      1,
    );
    // Process figures come with them.
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('keeps a bounded set of operation names, whatever names the clients send', async () => {
    const token = await genericToken(t.app, brand.hostname);
    const names = Array.from({ length: MAX_OPERATION_NAMES + 20 }, (_, i) => `Forged${String(i)}`);
    for (const name of names) await graphqlCall(token, `query ${name} { __typename }`);
    const text = await scrape();
    const series = text
      .split('\n')
      .filter((line) => line.startsWith('graphql_operation_duration_seconds_count{'));
    expect(series.length).toBeLessThanOrEqual(MAX_OPERATION_NAMES + 2);
    expect(
      sample(text, 'graphql_operation_duration_seconds_count', { operation: 'other' }),
    ).toBeGreaterThanOrEqual(20);
  });
});

// Its own server: the totals are read once per TOTALS_CACHE_MS, so this must be the first scrape.
describe.each(ENGINES)('Prometheus metrics of the database (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; slug: string; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      observe: { metricsToken: TOKEN, otlpEndpoint: null, serviceName: 'member-area' },
    });
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports payments, ledger totals and job lag from the database', async () => {
    const member = await buildMember(t.db, brand.id);
    const now = isoNow();
    const payment = (id: string, status: 'succeeded' | 'failed', amount: number) => ({
      id,
      brand_id: brand.id,
      member_id: member.id,
      provider: 'sandbox',
      provider_payment_id: null,
      checkout_id: null,
      subscription_id: null,
      purpose: 'coins',
      status,
      amount_minor: amount,
      currency: 'USD',
      description: 'coins',
      metadata: '{}',
      failure_code: null,
      idempotency_key: `metrics:${id}`,
      created_at: now,
    });
    await t.db.kysely
      .insertInto('payments')
      .values([
        payment(`pay_m1_${engine}`, 'succeeded', 199),
        payment(`pay_m2_${engine}`, 'succeeded', 499),
        payment(`pay_m3_${engine}`, 'failed', 999),
      ])
      .execute();
    const line = (amount: number, balance: number, key: string) => ({
      brand_id: brand.id,
      member_id: member.id,
      amount,
      balance_after: balance,
      description: 'test',
      source: 'payment',
      reference_kind: 'payment' as const,
      reference_id: key,
      idempotency_key: key,
      created_at: now,
    });
    await t.db.kysely
      .insertInto('coin_ledger')
      .values([line(550, 550, 'metrics-credit'), line(-120, 430, 'metrics-spend')])
      .execute();
    const overdue = new Date(Date.now() - 90_000).toISOString();
    await t.db.kysely
      .insertInto('job_leases')
      .values({
        name: 'metrics-test-job',
        next_run_at: overdue,
        holder: null,
        leased_until: null,
        last_started_at: null,
        last_finished_at: null,
        last_error: 'boom',
      })
      .execute();

    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = response.body;
    const labels = { brand: brand.slug, currency: 'USD' };
    expect(sample(text, 'payments', { ...labels, status: 'succeeded' })).toBe(2);
    expect(sample(text, 'payments_amount_minor', { ...labels, status: 'succeeded' })).toBe(698);
    expect(sample(text, 'payments_amount_minor', { ...labels, status: 'failed' })).toBe(999);
    expect(sample(text, 'coin_ledger_lines', { brand: brand.slug })).toBe(2);
    expect(sample(text, 'coin_ledger_coins', { brand: brand.slug, direction: 'credited' })).toBe(550);
    expect(sample(text, 'coin_ledger_coins', { brand: brand.slug, direction: 'spent' })).toBe(120);
    expect(sample(text, 'job_lag_seconds', { job: 'metrics-test-job' })).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'job_last_run_failed', { job: 'metrics-test-job' })).toBe(1);
    if (engine === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'db_pool_waiting_queries')).toBe(0);
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('serves no metrics and records nothing', async () => {
    // With a web build present, as in production: the web page must not answer /metrics either.
    const t = await createTestApp('sqlite', {
      webDistDir: resolve(fileURLToPath(import.meta.url), '../../../../../web/dist'),
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await t.close();
    }
  });
});
