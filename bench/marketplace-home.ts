/**
 * The marketplace home query (issue 17) over GraphQL against its REST twin, side by side in one run, as
 * api-throughput.ts compares the menu.
 *
 * The real server runs in a child process (server-process.ts, production settings, fresh SQLite with
 * the demo seed: ClickCoins offers the marketplace, 60 products in 6 categories). This process signs
 * the demo member `active@clickcoins.demo` in through the real login endpoint and drives both targets
 * with autocannon over 127.0.0.1, with the member's login cookie:
 *
 *   graphql  POST /membergraphapi/graphql with the web's `MarketplaceHome` query
 *            (ecommerce { listCategories {…} products(limit: 60) {…} }), ~64 KB of JSON with the
 *            demo's products and their SVG pictures
 *   rest     GET  /membergraphapi/bench/marketplace-home: a bench-only route (the product has no REST
 *            route for this), registered inside the same API scope and hooks, answering byte-identical
 *            JSON from the same two service calls (server-process.ts `plainMarketplaceHome`)
 *
 * Before any load both must answer 200 with identical bytes, and both must refuse a caller without the
 * cookie; every response under load is compared with those bytes (a difference counts as a failure).
 * Not run in CI. Figures go into the note; run it on a quiet machine.
 *
 * Usage: npm run bench:marketplace:home -- [--duration 10] [--warmup 3] [--connections 10] [--rounds 2]
 */
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { type LocalResponse, localRequest } from './lib/http';
import {
  GRAPHQL_URL_PATH,
  LOGIN_PATH,
  MARKETPLACE_HOME_BODY,
  MARKETPLACE_HOME_QUERY,
  MARKETPLACE_HOME_URL_PATH,
  MARKETPLACE_HOST,
  MARKETPLACE_MEMBER_EMAIL,
} from './lib/protocol';
import { fixed, formatTable, machineInfo, writeResults } from './lib/report';
import { ServerChild } from './lib/server-child';

const DEMO_PASSWORD = 'demo-pass-2026';
/** The login cookie as the server names it in production (auth.cookies.ts). */
const MEMBER_COOKIE = '__Host-mb-jwt';

type TargetName = 'graphql' | 'rest';

interface Target {
  name: TargetName;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

interface Options {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  rounds: number;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
    },
  });
  // Bounded on purpose: every loop of this script stops by itself in reasonable time.
  const int = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max}`);
    return value;
  };
  return {
    connections: int('connections', values.connections, 1, 256),
    warmupSeconds: int('warmup', values.warmup, 0, 60),
    durationSeconds: int('duration', values.duration, 1, 120),
    rounds: int('rounds', values.rounds, 1, 10),
  };
}

const describe = (response: LocalResponse) =>
  `${response.status} ${String(response.headers['content-type'])} ${response.body.toString('utf8').slice(0, 300)}`;

/** Signs the demo member in through the real endpoint; answers the login cookie's `name=value`. */
async function signIn(port: number): Promise<string> {
  const body = JSON.stringify({ email: MARKETPLACE_MEMBER_EMAIL, password: DEMO_PASSWORD });
  const response = await localRequest({
    port,
    method: 'POST',
    path: LOGIN_PATH,
    headers: { host: MARKETPLACE_HOST, 'content-type': 'application/json' },
    body,
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${describe(response)}`);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith(`${MEMBER_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in set no ${MEMBER_COOKIE} cookie`);
  return cookie;
}

function buildTargets(cookie: string): Target[] {
  const headers = { host: MARKETPLACE_HOST, cookie };
  return [
    {
      name: 'graphql',
      method: 'POST',
      path: GRAPHQL_URL_PATH,
      body: MARKETPLACE_HOME_BODY,
      headers: { ...headers, 'content-type': 'application/json' },
    },
    { name: 'rest', method: 'GET', path: MARKETPLACE_HOME_URL_PATH, headers },
  ];
}

const send = (port: number, target: Target) =>
  localRequest({
    port,
    method: target.method,
    path: target.path,
    headers: target.headers,
    body: target.body,
  });

/** Both answer 200 with the same bytes (a real home: categories and products), and refuse a visitor. */
async function assertIdentical(port: number, targets: readonly Target[]): Promise<string> {
  const [graphql, rest] = await Promise.all(targets.map((target) => send(port, target)));
  if (!graphql || !rest) throw new Error('two targets expected');
  const text = graphql.body.toString('utf8');
  if (
    graphql.status !== 200 ||
    !text.startsWith('{"data":{"ecommerce":{"listCategories":[{') ||
    text.includes('"errors"')
  )
    throw new Error(`GraphQL did not answer the marketplace home: ${describe(graphql)}`);
  if (!text.includes('"products":[{')) throw new Error('GraphQL answered no products: is the demo seeded?');
  if (rest.status !== 200 || rest.headers['content-type'] !== graphql.headers['content-type'])
    throw new Error(`rest did not answer like GraphQL: ${describe(rest)}`);
  if (!rest.body.equals(graphql.body))
    throw new Error(
      `rest body differs from GraphQL's:\n  graphql: ${text.slice(0, 400)}\n  rest: ${rest.body.toString('utf8').slice(0, 400)}`,
    );
  for (const target of targets) {
    const { cookie: _cookie, ...anonymous } = target.headers;
    const refused = await send(port, { ...target, headers: anonymous });
    if (refused.status === 200 && !refused.body.toString('utf8').includes('"errors"'))
      throw new Error(`${target.name} answered a caller without a login: ${describe(refused)}`);
  }
  return text;
}

interface Measurement {
  target: TargetName;
  round: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  serverCpuPerRequestUs: number;
  serverCoreShare: number;
  failures: number;
}

async function measure(
  server: ServerChild,
  target: Target,
  round: number,
  seconds: number,
  options: Options,
  expectBody: string,
): Promise<Measurement> {
  const before = await server.cpuUsage();
  const wallBefore = process.hrtime.bigint();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${target.path}`,
    method: target.method,
    headers: { ...target.headers },
    body: target.body,
    connections: options.connections,
    duration: seconds,
    expectBody,
  });
  const wallMicros = Number(process.hrtime.bigint() - wallBefore) / 1000;
  const after = await server.cpuUsage();
  const serverMicros = after.user + after.system - (before.user + before.system);
  const requests = result.requests.total;
  return {
    target: target.name,
    round,
    requests,
    requestsPerSecond: requests / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    serverCpuPerRequestUs: requests > 0 ? serverMicros / requests : Number.NaN,
    serverCoreShare: serverMicros / wallMicros,
    failures: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

async function main(): Promise<void> {
  const options = parseOptions();
  const machine = machineInfo();
  console.log(
    `marketplace-home: ${options.connections} connections, warm-up ${options.warmupSeconds} s, ` +
      `${options.rounds} rounds x ${options.durationSeconds} s per target; ${machine.cores} cores, ` +
      `load average ${machine.loadAverage.join(' ')}`,
  );
  const server = await ServerChild.start(false);
  const measurements: Measurement[] = [];
  let body = '';
  try {
    const targets = buildTargets(await signIn(server.port));
    body = await assertIdentical(server.port, targets);
    console.log(`identical ${Buffer.byteLength(body)}-byte bodies from graphql and rest`);
    if (options.warmupSeconds > 0) {
      for (const target of targets)
        measurements.push(await measure(server, target, 0, options.warmupSeconds, options, body));
    }
    // Mirrored order (A B, then B A, …) so that a drift of the machine's speed weighs on both alike.
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
        const m = await measure(server, target, round, options.durationSeconds, options, body);
        measurements.push(m);
        console.log(`  round ${round} ${target.name}: ${fixed(m.requestsPerSecond, 0)} req/s`);
      }
    }
  } finally {
    await server.stop();
  }

  const counted = measurements.filter((m) => m.round > 0);
  const summary = (['graphql', 'rest'] as const).map((target) => {
    const mine = counted.filter((m) => m.target === target);
    const requests = mine.reduce((sum, m) => sum + m.requests, 0);
    const seconds = options.rounds * options.durationSeconds;
    return {
      target,
      requests,
      requestsPerSecond: requests / seconds,
      latencyP50Ms: mine.reduce((sum, m) => sum + m.latencyP50Ms, 0) / mine.length,
      latencyP99Ms: mine.reduce((sum, m) => sum + m.latencyP99Ms, 0) / mine.length,
      serverCpuPerRequestUs:
        mine.reduce((sum, m) => sum + m.serverCpuPerRequestUs * m.requests, 0) / requests,
      failures: mine.reduce((sum, m) => sum + m.failures, 0),
    };
  });
  console.log(
    `\n${formatTable(
      ['target', 'round', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'srv CPU us/req', 'srv CPU %', 'bad'],
      measurements.map((m) => [
        m.target,
        m.round === 0 ? 'warm-up' : String(m.round),
        String(m.requests),
        fixed(m.requestsPerSecond, 0),
        fixed(m.latencyP50Ms, 0),
        fixed(m.latencyP99Ms, 0),
        fixed(m.serverCpuPerRequestUs, 0),
        fixed(m.serverCoreShare * 100, 0),
        String(m.failures),
      ]),
    )}`,
  );
  const [graphql, rest] = summary;
  if (graphql && rest) {
    console.log(
      `\nGraphQL / REST: throughput ${fixed(graphql.requestsPerSecond / rest.requestsPerSecond, 3)}, ` +
        `CPU efficiency ${fixed(rest.serverCpuPerRequestUs / graphql.serverCpuPerRequestUs, 3)} ` +
        `(GraphQL spends ${fixed(graphql.serverCpuPerRequestUs - rest.serverCpuPerRequestUs, 0)} us more server CPU per request)`,
    );
  }
  const failures = summary.reduce((sum, s) => sum + s.failures, 0);
  if (failures > 0)
    console.log(`\n${failures} errors, non-2xx answers or body mismatches: figures are not valid`);
  const file = writeResults('marketplace-home', {
    benchmark: 'marketplace-home',
    date: new Date().toISOString(),
    machine,
    loadAverageAfter: machineInfo().loadAverage,
    options,
    query: MARKETPLACE_HOME_QUERY,
    responseBytes: Buffer.byteLength(body),
    summary,
    measurements,
  });
  console.log(`\nresults: ${file}`);
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
