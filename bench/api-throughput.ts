/**
 * A bare Fastify route, the product's plain JSON route and GraphQL, all sending identical bytes, side by
 * side in one run.
 *
 * The real server runs in a child process (server-process.ts) so that its CPU time per request can be
 * read alone; autocannon drives it from this process over 127.0.0.1. Both targets go through the same
 * `/membergraphapi` scope (brand from the Host header, caller from the bearer token) and the same
 * service call, so the difference is what GraphQL itself costs: parsing the JSON body and the query,
 * validation (depth, cost, no introspection), execution, and the response shape.
 *
 * Targets
 *   bare        GET  /bare on a Fastify instance with defaults only (no plugin, no hook): the floor
 *   graphql     POST /membergraphapi/graphql, JSON body with the menu query
 *   plain-get   GET  /membergraphapi/bench/plain?brandId=1  (the headline comparison)
 *   plain-post  POST /membergraphapi/bench/plain?brandId=1 with the same JSON body, parsed and ignored
 *               (shows how much of the gap is only request-body handling)
 *
 * Usage: npm run bench:api -- [--duration 10] [--warmup 3] [--connections 10] [--rounds 2]
 *                            [--targets bare,plain-get,graphql,plain-post] [--check] [--cpu-prof]
 */
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { type LocalResponse, localRequest } from './lib/http';
import {
  BARE_URL_PATH,
  BENCH_HOST,
  GENERIC_TOKEN_PATH,
  GRAPHQL_BODY,
  GRAPHQL_URL_PATH,
  MENU_QUERY,
  PLAIN_URL_PATH,
} from './lib/protocol';
import { fixed, formatTable, machineInfo, verdict, writeResults } from './lib/report';
import { ServerChild } from './lib/server-child';

/**
 * Issue 15, item 9: the plain API route at least 0.35 times the bare route, and GraphQL at least 0.9
 * times the plain route, in throughput and in server CPU per request (issue 2 asked 0.85 of GraphQL).
 */
const TARGETS = [
  { subject: 'plain-get', baseline: 'bare', atLeast: 0.35 },
  { subject: 'graphql', baseline: 'plain-get', atLeast: 0.9 },
] as const;

const TARGET_NAMES = ['bare', 'plain-get', 'graphql', 'plain-post'] as const;
type TargetName = (typeof TARGET_NAMES)[number];

interface Target {
  name: TargetName;
  /** The product's server, or the bare Fastify instance beside it in the same child. */
  server: 'app' | 'bare';
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
  targets: TargetName[];
  check: boolean;
  cpuProf: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      targets: { type: 'string', default: TARGET_NAMES.join(',') },
      check: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  // Bounded on purpose: every loop of this script must stop by itself in reasonable time.
  const int = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max}`);
    return value;
  };
  const targets = values.targets.split(',').map((name) => name.trim());
  for (const name of targets) {
    if (!(TARGET_NAMES as readonly string[]).includes(name))
      throw new Error(`unknown target ${name}; choose from ${TARGET_NAMES.join(', ')}`);
  }
  return {
    connections: int('connections', values.connections, 1, 256),
    warmupSeconds: int('warmup', values.warmup, 0, 60),
    durationSeconds: int('duration', values.duration, 1, 120),
    rounds: int('rounds', values.rounds, 1, 10),
    targets: targets as TargetName[],
    check: values.check,
    cpuProf: values['cpu-prof'],
  };
}

function describe(response: LocalResponse): string {
  return `${response.status} ${String(response.headers['content-type'])} ${response.body.toString('utf8').slice(0, 300)}`;
}

/** Asks the API for the anonymous visitor token that every GraphQL call needs (spec section 7). */
async function genericToken(port: number): Promise<string> {
  const response = await localRequest({
    port,
    method: 'POST',
    path: GENERIC_TOKEN_PATH,
    headers: { host: BENCH_HOST },
  });
  const parsed: unknown = JSON.parse(response.body.toString('utf8'));
  if (
    response.status !== 200 ||
    typeof parsed !== 'object' ||
    parsed === null ||
    !('token' in parsed) ||
    typeof parsed.token !== 'string'
  ) {
    throw new Error(`no generic token: ${describe(response)}`);
  }
  return parsed.token;
}

function buildTargets(token: string, names: readonly TargetName[]): Target[] {
  const auth = { host: BENCH_HOST, authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const all: Record<TargetName, Target> = {
    // The bare route gets the same headers as the plain one, so the request bytes differ only by path.
    bare: { name: 'bare', server: 'bare', method: 'GET', path: BARE_URL_PATH, headers: auth },
    graphql: {
      name: 'graphql',
      server: 'app',
      method: 'POST',
      path: GRAPHQL_URL_PATH,
      body: GRAPHQL_BODY,
      headers: json,
    },
    'plain-get': { name: 'plain-get', server: 'app', method: 'GET', path: PLAIN_URL_PATH, headers: auth },
    'plain-post': {
      name: 'plain-post',
      server: 'app',
      method: 'POST',
      path: PLAIN_URL_PATH,
      body: GRAPHQL_BODY,
      headers: json,
    },
  };
  return names.map((name) => all[name]);
}

/**
 * One request per target before any load: every target must answer 200 with the same content type and
 * byte-identical bodies, and the GraphQL answer must be a real menu, or the comparison means nothing.
 * Without a token both must refuse, which shows the plain route applies the resolver's caller rule.
 */
async function assertIdenticalResponses(
  server: ServerChild,
  token: string,
  targets: readonly Target[],
): Promise<string> {
  const send = (target: Target) =>
    localRequest({
      port: portOf(server, target),
      method: target.method,
      path: target.path,
      headers: target.headers,
      body: target.body,
    });
  const [reference] = buildTargets(token, ['graphql']);
  if (!reference) throw new Error('no GraphQL target');
  const graphql = await send(reference);
  if (graphql.status !== 200) throw new Error(`GraphQL did not answer 200: ${describe(graphql)}`);
  const text = graphql.body.toString('utf8');
  if (!text.startsWith('{"data":{"content":{"menuItems":[{') || text.includes('"errors"'))
    throw new Error(`GraphQL did not answer a menu: ${describe(graphql)}`);

  for (const target of targets) {
    const response = await send(target);
    if (response.status !== 200) throw new Error(`${target.name} did not answer 200: ${describe(response)}`);
    if (response.headers['content-type'] !== graphql.headers['content-type'])
      throw new Error(`${target.name} content type differs from GraphQL's: ${describe(response)}`);
    if (!response.body.equals(graphql.body)) {
      throw new Error(
        `${target.name} body differs from GraphQL's:\n  graphql: ${text}\n  ${target.name}: ${response.body.toString('utf8')}`,
      );
    }
    // The bare route has no caller rule: it is the floor, not a product route.
    if (target.server === 'bare') continue;
    const anonymous = await send({
      ...target,
      headers: { ...target.headers, authorization: 'Bearer not-a-token' },
    });
    if (anonymous.status === 200 && !anonymous.body.toString('utf8').includes('"errors"'))
      throw new Error(`${target.name} answered a caller without a valid token: ${describe(anonymous)}`);
  }
  return text;
}

interface Measurement {
  target: TargetName;
  /** 0 for warm-up, then 1..rounds. */
  round: number;
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  /** Server child's user + system CPU time per completed request. */
  serverCpuPerRequestUs: number;
  /** Server CPU time / wall time: about 1.0 means the (single-threaded) server was the bottleneck. */
  serverCoreShare: number;
  /** autocannon's own CPU time / wall time, in this process. */
  loadGeneratorCoreShare: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  /** Answers other than 200, by status code. */
  statuses: Record<string, number>;
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

const portOf = (server: ServerChild, target: Target) =>
  target.server === 'bare' ? server.barePort : server.port;

async function measure(
  server: ServerChild,
  target: Target,
  round: number,
  seconds: number,
  options: Options,
  expectBody: string,
): Promise<Measurement> {
  const serverBefore = await server.cpuUsage();
  const generatorBefore = process.cpuUsage();
  const wallBefore = process.hrtime.bigint();
  const statuses: Record<string, number> = {};
  let run: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolvePromise, reject) => {
    run = autocannon(
      {
        url: `http://127.0.0.1:${portOf(server, target)}${target.path}`,
        method: target.method,
        // autocannon adds Content-Length to the object it is given, so each run gets its own copy.
        headers: { ...target.headers },
        body: target.body,
        connections: options.connections,
        duration: seconds,
        // Every response is compared with the reference bytes; a difference counts as a mismatch.
        expectBody,
      },
      (error, result) => (error ? reject(error as Error) : resolvePromise(result)),
    );
  });
  // Which answers were not 200, so a failed run says why (a 429 is a limit, a 401 a token, ...).
  run?.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode !== 200) statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await done;
  const wallMicros = Number(process.hrtime.bigint() - wallBefore) / 1000;
  const generatorMicros = cpuMicros(process.cpuUsage(generatorBefore));
  const serverAfter = await server.cpuUsage();
  const serverMicros = cpuMicros(serverAfter) - cpuMicros(serverBefore);
  const requests = result.requests.total;
  return {
    target: target.name,
    round,
    requests,
    durationSeconds: result.duration,
    requestsPerSecond: requests / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: result.latency.mean,
    serverCpuPerRequestUs: requests > 0 ? serverMicros / requests : Number.NaN,
    serverCoreShare: serverMicros / wallMicros,
    loadGeneratorCoreShare: generatorMicros / wallMicros,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statuses,
  };
}

interface TargetSummary {
  target: TargetName;
  requests: number;
  requestsPerSecond: number;
  /** Means of the rounds' percentiles (autocannon reports percentiles per run, not mergeable counts). */
  latencyP50Ms: number;
  latencyP99Ms: number;
  serverCpuPerRequestUs: number;
  serverCoreShare: number;
  failures: number;
}

function summarize(target: TargetName, rounds: readonly Measurement[]): TargetSummary {
  const mine = rounds.filter((m) => m.target === target);
  const sum = (pick: (m: Measurement) => number) => mine.reduce((total, m) => total + pick(m), 0);
  const requests = sum((m) => m.requests);
  const seconds = sum((m) => m.durationSeconds);
  const serverMicros = sum((m) => m.serverCpuPerRequestUs * m.requests);
  return {
    target,
    requests,
    requestsPerSecond: requests / seconds,
    latencyP50Ms: sum((m) => m.latencyP50Ms) / mine.length,
    latencyP99Ms: sum((m) => m.latencyP99Ms) / mine.length,
    serverCpuPerRequestUs: serverMicros / requests,
    serverCoreShare: sum((m) => m.serverCoreShare * m.durationSeconds) / seconds,
    failures: sum((m) => m.errors + m.timeouts + m.non2xx + m.mismatches),
  };
}

interface Comparison {
  subject: TargetName;
  baseline: TargetName;
  /** Subject requests/second divided by the baseline's. */
  throughputRatio: number;
  /** Baseline CPU per request divided by the subject's: the same ratio measured as server cost, less
   * sensitive to the load generator sharing the two cores. */
  cpuEfficiencyRatio: number;
  /** Extra server CPU time the subject spends per request. */
  extraCpuPerRequestUs: number;
  /** The floor for both ratios, when this pair has one. */
  atLeast: number | null;
  /** Both ratios at or above the floor (null without a floor). */
  pass: boolean | null;
}

function compare(subject: TargetSummary, baseline: TargetSummary, atLeast: number | null): Comparison {
  const throughputRatio = subject.requestsPerSecond / baseline.requestsPerSecond;
  const cpuEfficiencyRatio = baseline.serverCpuPerRequestUs / subject.serverCpuPerRequestUs;
  return {
    subject: subject.target,
    baseline: baseline.target,
    throughputRatio,
    cpuEfficiencyRatio,
    extraCpuPerRequestUs: subject.serverCpuPerRequestUs - baseline.serverCpuPerRequestUs,
    atLeast,
    pass: atLeast === null ? null : throughputRatio >= atLeast && cpuEfficiencyRatio >= atLeast,
  };
}

/** The pairs with a target, then GraphQL against the POST twin (how much of the gap is the body). */
function comparisons(summaries: readonly TargetSummary[]): Comparison[] {
  const find = (name: TargetName) => summaries.find((s) => s.target === name);
  const pairs: { subject: TargetName; baseline: TargetName; atLeast: number | null }[] = [
    ...TARGETS,
    { subject: 'graphql', baseline: 'plain-post', atLeast: null },
    { subject: 'graphql', baseline: 'bare', atLeast: null },
  ];
  return pairs.flatMap(({ subject, baseline, atLeast }) => {
    const a = find(subject);
    const b = find(baseline);
    return a && b ? [compare(a, b, atLeast)] : [];
  });
}

function measurementRow(m: Measurement): string[] {
  return [
    m.target,
    m.round === 0 ? 'warm-up' : String(m.round),
    String(m.requests),
    fixed(m.requestsPerSecond, 0),
    fixed(m.latencyP50Ms, 0),
    fixed(m.latencyP99Ms, 0),
    fixed(m.serverCpuPerRequestUs, 0),
    fixed(m.serverCoreShare * 100, 0),
    fixed(m.loadGeneratorCoreShare * 100, 0),
    String(m.errors + m.timeouts + m.non2xx + m.mismatches),
  ];
}

async function main(): Promise<void> {
  const options = parseOptions();
  const machine = machineInfo();
  console.log(
    `api-throughput: ${options.connections} connections, warm-up ${options.warmupSeconds} s, ` +
      `${options.rounds} rounds x ${options.durationSeconds} s per target; ` +
      `${machine.cores} cores (${machine.cpuModel}), load average ${machine.loadAverage.join(' ')}`,
  );
  const server = await ServerChild.start(options.cpuProf);
  const measurements: Measurement[] = [];
  let body: string;
  try {
    const token = await genericToken(server.port);
    const targets = buildTargets(token, options.targets);
    body = await assertIdenticalResponses(server, token, targets);
    console.log(`identical ${Buffer.byteLength(body)}-byte bodies from: ${options.targets.join(', ')}`);

    // Warm-up (JIT, mercurius's compiled query, connection pools), not counted.
    if (options.warmupSeconds > 0) {
      for (const target of targets) {
        measurements.push(await measure(server, target, 0, options.warmupSeconds, options, body));
      }
    }
    // Mirrored order (A B C, then C B A, ...): a slow drift of the machine's speed over the run then
    // weighs on every target alike, which a plain A B A B order does not fully achieve.
    for (let round = 1; round <= options.rounds; round += 1) {
      const order = round % 2 === 1 ? targets : [...targets].reverse();
      for (const target of order) {
        const m = await measure(server, target, round, options.durationSeconds, options, body);
        measurements.push(m);
        console.log(`  round ${round} ${target.name}: ${fixed(m.requestsPerSecond, 0)} req/s`);
      }
    }
  } finally {
    await server.stop();
  }

  const counted = measurements.filter((m) => m.round > 0);
  const summaries = options.targets.map((target) => summarize(target, counted));
  const compared = comparisons(summaries);
  const targeted = compared.filter((c) => c.pass !== null);
  const failures = counted.reduce((total, m) => total + m.errors + m.timeouts + m.non2xx + m.mismatches, 0);
  const pass = targeted.length > 0 ? targeted.every((c) => c.pass === true) : null;

  const headers = [
    'target',
    'round',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'srv CPU us/req',
    'srv CPU %',
    'gen CPU %',
    'bad',
  ];
  console.log(`\n${formatTable(headers, measurements.map(measurementRow))}`);
  console.log(
    `\n${formatTable(
      ['target', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'srv CPU us/req', 'srv CPU %'],
      summaries.map((s) => [
        s.target,
        String(s.requests),
        fixed(s.requestsPerSecond, 0),
        fixed(s.latencyP50Ms, 1),
        fixed(s.latencyP99Ms, 1),
        fixed(s.serverCpuPerRequestUs, 0),
        fixed(s.serverCoreShare * 100, 0),
      ]),
    )}`,
  );
  console.log('');
  for (const c of compared) {
    console.log(
      `${c.subject} / ${c.baseline}: throughput ${fixed(c.throughputRatio, 3)}, CPU efficiency ${fixed(c.cpuEfficiencyRatio, 3)} ` +
        `(${c.subject} spends ${fixed(c.extraCpuPerRequestUs, 0)} us more server CPU per request)`,
    );
  }
  for (const c of targeted) {
    console.log(
      `target ${c.subject} >= ${c.atLeast} x ${c.baseline} in throughput and CPU per request: ` +
        verdict(c.pass === true, `${fixed(c.throughputRatio, 3)} and ${fixed(c.cpuEfficiencyRatio, 3)}`),
    );
  }
  // When the server is not saturated (srv CPU % well below 100), req/s reflects the machine more than the
  // server; the CPU ratio is what the throughput ratio tends to on a server-bound machine.
  if (targeted.length > 0)
    console.log(
      '  (when srv CPU % is well below 100, trust the CPU efficiency ratio over the throughput one)',
    );
  if (failures > 0) {
    console.log(`\n${failures} errors, non-2xx answers or body mismatches: figures are not valid`);
    for (const m of measurements.filter((m) => Object.keys(m.statuses).length > 0))
      console.log(`  ${m.target} round ${m.round}: ${JSON.stringify(m.statuses)}`);
  }

  const file = writeResults('api-throughput', {
    benchmark: 'api-throughput',
    date: new Date().toISOString(),
    machine,
    loadAverageAfter: machineInfo().loadAverage,
    options,
    query: MENU_QUERY,
    responseBytes: Buffer.byteLength(body),
    targets: TARGETS,
    pass,
    summaries,
    comparisons: compared,
    measurements,
  });
  console.log(`\nresults: ${file}`);
  if (failures > 0 || (options.check && pass === false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
