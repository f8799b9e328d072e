/**
 * The giveaway list (issue 16): `sweep { listByBrand }` with the member's entries over GraphQL, against
 * a plain JSON route that answers identical bytes, side by side in one run (as api-throughput.ts does
 * for the menu).
 *
 * For each engine: a fresh test database, one brand with giveaways enabled, `--sweeps` open giveaways
 * (two prices and a multiplier each) and one member with entries in every one of them, bought and free.
 * The app is built with the plain route added through `extendApi` (inside `/membergraphapi`, so it
 * passes the same brand and caller hooks as GraphQL) and calls the same service; autocannon drives both
 * targets over 127.0.0.1 with the member's login cookie, alternating rounds. Before measuring, both
 * answers are checked byte for byte.
 *
 * The server and the load generator share this process (unlike api-throughput.ts, which reads the
 * server's CPU alone): the figures compare the two targets with each other, not with other machines.
 *
 * Usage: npx tsx bench/giveaways-list.ts [--sweeps 12] [--duration 10] [--warmup 2] [--connections 10]
 *                                        [--rounds 2] [--engines sqlite,postgres]
 * PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test. Figures go into the issue's note.
 */
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { buildApp } from '../apps/server/src/app';
import { localRequest } from './lib/http';
import { badInput, unauthenticated } from '../apps/server/src/errors';
import { type Services, createServices } from '../apps/server/src/services';
import type { SweepView } from '../apps/server/src/modules/sweeps/sweeps.service';
import { buildBrand, buildMember, buildSubscription } from '../apps/server/src/test/factories';
import { type Engine, createTestDb, testConfig } from '../apps/server/src/test/harness';
import { login } from '../apps/server/src/test/http';

const { values } = parseArgs({
  options: {
    sweeps: { type: 'string', default: '12' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    engines: { type: 'string', default: process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite' },
  },
});
const int = (name: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
};
const SWEEPS = int('sweeps', values.sweeps, 1, 200);
const DURATION = int('duration', values.duration, 1, 120);
const WARMUP = int('warmup', values.warmup, 0, 60);
const CONNECTIONS = int('connections', values.connections, 1, 256);
const ROUNDS = int('rounds', values.rounds, 1, 10);
const engines = values.engines.split(',').map((name) => name.trim()) as Engine[];

const DAY = 86_400_000;
const PLAIN_ROUTE = '/bench/giveaways';

/** The list screen's selection (the web's `SWEEP_FIELDS`, in its order): GraphQL answers in this order. */
const LIST_QUERY = `query Giveaways($brandId: Int!) { sweep { listByBrand(brandId: $brandId) {
  id name product_name description image start_date end_date ref_number entries total_entries_sold
  monthly_exclusive draw_period winner_id claim_deadline state tabs member_entries on_sale free_entry_available
  seed_commitment prices { id currency symbol entries amount multiplierFactor totalEntries }
  audit { poolHash seed position totalEntries winner } } } }`;

/** What a hand-written REST route would answer: the same fields, in the same order, from the same call. */
function plainSweep(view: SweepView) {
  return {
    id: view.id,
    name: view.name,
    product_name: view.productName,
    description: view.description,
    image: view.image,
    start_date: view.startDate,
    end_date: view.endDate,
    ref_number: view.refNumber,
    entries: view.entries,
    total_entries_sold: view.totalEntriesSold,
    monthly_exclusive: view.monthlyExclusive,
    draw_period: view.drawPeriod,
    winner_id: view.winnerId,
    claim_deadline: view.claimDeadline,
    state: view.state,
    tabs: view.tabs,
    member_entries: view.memberEntries,
    on_sale: view.onSale,
    free_entry_available: view.freeEntryAvailable,
    seed_commitment: view.seedCommitment,
    prices: view.prices.map((price) => ({
      id: price.id,
      currency: price.currency,
      symbol: price.symbol,
      entries: price.entries,
      amount: price.amount,
      multiplierFactor: price.multiplierFactor,
      totalEntries: price.totalEntries,
    })),
    audit: view.audit
      ? {
          poolHash: view.audit.poolHash,
          seed: view.audit.seed,
          position: view.audit.position,
          totalEntries: view.audit.totalEntries,
          winner: view.audit.winner,
        }
      : null,
  };
}

function extendApi(api: FastifyInstance, services: Services): void {
  api.get<{ Querystring: { brandId?: string } }>(
    PLAIN_ROUTE,
    async (request: FastifyRequest<{ Querystring: { brandId?: string } }>) => {
      const brandId = Number(request.query.brandId);
      if (!Number.isInteger(brandId)) throw badInput('brandId must be an integer');
      const { auth } = request.ctx;
      if (auth.kind !== 'member') throw unauthenticated('Please sign in');
      const views = await services.sweeps.listByBrand(request.ctx, auth, brandId);
      return { data: { sweep: { listByBrand: views.map(plainSweep) } } };
    },
  );
}

interface Target {
  url: string;
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
}

interface Row {
  engine: Engine;
  target: string;
  round: number;
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

async function measure(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  seconds: number,
) {
  const result = await autocannon({
    url,
    method: init.method,
    headers: init.headers,
    ...(init.body ? { body: init.body } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function run(engine: Engine): Promise<Row[]> {
  const db = await createTestDb(engine);
  const config = testConfig({ loginRateLimitPerMinute: 100_000 });
  const services = createServices(db, config);
  const app = await buildApp({
    config,
    db,
    services,
    logger: false,
    extendApi,
    errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
  });
  try {
    await app.ready();
    const brand = await buildBrand(db, { brandTags: ['sweeps_for_all'] });
    const HOST = brand.hostname;
    const member = await buildMember(db, brand.id);
    await buildSubscription(db, brand.id, member.id, { isActive: true, mediaTypes: ['movie'] });
    const now = Date.now();
    for (let i = 0; i < SWEEPS; i += 1) {
      const { id } = await services.sweeps.createSweep({
        brandId: brand.id,
        refNumber: `BENCH-${i}`,
        name: `Bench giveaway ${i}`,
        productName: 'Prize',
        description: 'A prize for the benchmark.',
        image: '',
        startDate: new Date(now - DAY).toISOString(),
        endDate: new Date(now + 20 * DAY).toISOString(),
        startAvailableDate: new Date(now - DAY).toISOString(),
        endAvailableDate: new Date(now + 20 * DAY).toISOString(),
        monthlyExclusive: i % 4 === 0,
        tags: [],
        entries: 100_000,
        prices: [
          { currency: 'USD', symbol: '$', countryCode: null, entries: 10, amountMinor: 500 },
          { currency: 'USD', symbol: '$', countryCode: null, entries: 50, amountMinor: 2000 },
        ],
        multipliers: [
          { currency: 'USD', symbol: '$', countryCode: null, amountMinor: 2000, multiplierFactor: 2 },
        ],
      });
      await services.sweeps.grantPaidEntries({
        id: `pay_bench_${i}`,
        brandId: brand.id,
        memberId: member.id,
        amountMinor: 500,
        currency: 'USD',
        metadata: { sweepId: String(id), entries: '10' },
        createdAt: new Date().toISOString(),
      });
    }
    const { cookie } = await login(app, HOST, member.email, member.password);
    if (!cookie) throw new Error('the bench member could not sign in');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}/membergraphapi`;
    const headers = { host: HOST, cookie };
    const targets: Record<'graphql' | 'rest', Target> = {
      graphql: {
        url: `${base}/graphql`,
        init: {
          method: 'POST' as const,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            query: LIST_QUERY,
            variables: { brandId: brand.id },
            operationName: 'Giveaways',
          }),
        },
      },
      rest: { url: `${base}${PLAIN_ROUTE}?brandId=${brand.id}`, init: { method: 'GET' as const, headers } },
    };

    // Both answer the same bytes, with the member's entries in every giveaway.
    const answers = await Promise.all(
      Object.values(targets).map(async ({ url, init }) => {
        const { pathname, search } = new URL(url);
        const response = await localRequest({
          port: address.port,
          method: init.method,
          path: `${pathname}${search}`,
          headers: init.headers,
          ...(init.body ? { body: init.body } : {}),
        });
        return { status: response.status, text: response.body.toString('utf8') };
      }),
    );
    if (answers.some((answer) => answer.status !== 200) || answers[0]?.text !== answers[1]?.text) {
      throw new Error(
        `the targets differ:\n${answers.map((a) => `${a.status} ${a.text.slice(0, 300)}`).join('\n')}`,
      );
    }
    const listed = JSON.parse(answers[0]?.text ?? '{}') as {
      data: { sweep: { listByBrand: { member_entries: number }[] } };
    };
    if (
      listed.data.sweep.listByBrand.length !== SWEEPS ||
      listed.data.sweep.listByBrand.some((s) => s.member_entries < 10)
    ) {
      throw new Error('the list does not show every giveaway with the member’s entries');
    }
    console.log(`${engine}: ${SWEEPS} giveaways, ${answers[0]?.text.length ?? 0} bytes per answer`);

    const rows: Row[] = [];
    for (const target of Object.values(targets)) {
      if (WARMUP > 0) await measure(target.url, target.init, WARMUP);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, target] of Object.entries(targets)) {
        rows.push({ engine, target: name, round, ...(await measure(target.url, target.init, DURATION)) });
      }
    }
    return rows;
  } finally {
    await app.close();
    await db.cleanup();
  }
}

const all: Row[] = [];
for (const engine of engines) all.push(...(await run(engine)));
console.table(
  all.map((row) => ({
    ...row,
    requestsPerSecond: row.requestsPerSecond.toFixed(0),
  })),
);
for (const engine of engines) {
  const mean = (target: string) => {
    const rows = all.filter((row) => row.engine === engine && row.target === target);
    return rows.reduce((sum, row) => sum + row.requestsPerSecond, 0) / rows.length;
  };
  console.log(`${engine}: GraphQL / REST throughput = ${(mean('graphql') / mean('rest')).toFixed(2)}`);
}
if (all.some((row) => row.errors > 0)) {
  console.error(
    'Some requests failed:',
    all.filter((row) => row.errors > 0),
  );
  process.exitCode = 1;
}
