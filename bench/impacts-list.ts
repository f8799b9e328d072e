/**
 * The impacts list (issue 18): `query { impacts { listCategories { … } } }` over GraphQL against its REST
 * equivalent, side by side in one run, as api-throughput.ts compares the menu query with a plain route.
 *
 * The real server (`buildApp`, production settings: no introspection, errors masked, silent logs) runs
 * on a fresh SQLite file with the demo seed (4 impact projects in 4 categories per brand). Through
 * `extendApi` it gets `GET /membergraphapi/bench/impacts`, inside the API scope, so the REST route passes
 * the same hooks as GraphQL (brand from the Host header, caller from the login cookie) and calls the same
 * service, `services.impacts.listCategories(viewer)`, writing the fields in the selection's order: both
 * answer byte-identical bodies, checked before any load. A signed-in demo member calls both (the query
 * is a member's: it carries the member's own targets and funded units).
 *
 * Unlike api-throughput.ts the server runs in this process (autocannon shares its core), so the figures
 * are the ratio of the two targets in one run, not absolute capacity; the CPU time per request is the
 * whole process's.
 *
 * Usage: npx tsx bench/impacts-list.ts [--duration 10] [--warmup 2] [--connections 10] [--rounds 2]
 * Figures go to results/impacts-list.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { unauthenticated } from '../apps/server/src/errors';
import type { ImpactCategory } from '../apps/server/src/modules/impacts/impacts.service';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/seed/demo';
import type { Services } from '../apps/server/src/services';
import { localRequest } from './lib/http';
import { fixed, formatTable, machineInfo, writeResults } from './lib/report';

const HOST = 'streamhub.localhost';
const MEMBER_EMAIL = 'active@streamhub.demo';
const REST_PATH = '/membergraphapi/bench/impacts';
const GRAPHQL_PATH = '/membergraphapi/graphql';

/** The list screen's fields, in the selection's order (the REST route writes them in this order). */
const ITEM_FIELDS = [
  'id',
  'slug',
  'name',
  'unit',
  'unitPlural',
  'price_per_unit',
  'target_quantity',
  'member_target',
  'images',
  'funded',
  'percent',
  'reached',
  'memberFunded',
] as const;
const QUERY = `query Impacts { impacts { listCategories { id slug name items { ${ITEM_FIELDS.join(' ')} } } } }`;
const BODY = JSON.stringify({ query: QUERY, operationName: 'Impacts' });

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
  },
});
const int = (name: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be an integer from ${String(min)} to ${String(max)}`);
  return value;
};
const options = {
  duration: int('duration', values.duration, 1, 120),
  warmup: int('warmup', values.warmup, 0, 60),
  connections: int('connections', values.connections, 1, 256),
  rounds: int('rounds', values.rounds, 1, 10),
};

/** The REST equivalent: the same service call and caller rule, the fields in the selection's order. */
async function restImpacts(request: FastifyRequest, services: Services) {
  const auth = request.ctx.auth;
  if (auth.kind !== 'member') throw unauthenticated('Sign in first');
  const categories: ImpactCategory[] = await services.impacts.listCategories({
    brandId: request.ctx.brand.config.id,
    memberId: auth.claims.id,
    language: auth.claims.language,
  });
  const listCategories = categories.map((category) => ({
    id: category.id,
    slug: category.slug,
    name: category.name,
    items: category.items.map((item) => Object.fromEntries(ITEM_FIELDS.map((field) => [field, item[field]]))),
  }));
  return { data: { impacts: { listCategories } } };
}

function extendApi(api: FastifyInstance, services: Services): void {
  api.get(REST_PATH.replace('/membergraphapi', ''), async (request) => restImpacts(request, services));
}

interface Row {
  target: string;
  round: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  cpuPerRequestUs: number;
  errors: number;
  mismatches: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'member-bench-impacts-'));
  const config = loadConfig({
    APP_ENV: 'PROD',
    ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SEED_DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  });
  const db = createDb(config.database);
  const app = await (async () => {
    await migrateToLatest(db.kysely, db.dialect);
    await seedDemoData(db);
    return buildApp({ config, db, logger: false, extendApi });
  })();
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
    const port = address.port;

    // Signed in as a demo member: the login cookie, sent back as a browser would.
    const login = await localRequest({
      port,
      method: 'POST',
      path: '/membergraphapi/api/auth/login',
      headers: { host: HOST, 'content-type': 'application/json' },
      body: JSON.stringify({ email: MEMBER_EMAIL, password: DEMO_PASSWORD }),
    });
    const cookie = (login.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    if (login.status !== 200 || cookie === '') throw new Error(`login failed: ${String(login.status)}`);

    const targets = [
      {
        name: 'graphql',
        method: 'POST' as const,
        path: GRAPHQL_PATH,
        body: BODY,
        headers: { host: HOST, cookie, 'content-type': 'application/json' },
      },
      { name: 'rest', method: 'GET' as const, path: REST_PATH, headers: { host: HOST, cookie } },
    ];

    // Both answer the same bytes, a real list, or the comparison means nothing.
    const answers = await Promise.all(
      targets.map((target) =>
        localRequest({
          port,
          method: target.method,
          path: target.path,
          headers: target.headers,
          body: target.body,
        }),
      ),
    );
    const [graphqlAnswer, restAnswer] = answers;
    if (!graphqlAnswer || !restAnswer) throw new Error('no answers');
    const reference = graphqlAnswer.body.toString('utf8');
    if (graphqlAnswer.status !== 200 || !reference.startsWith('{"data":{"impacts":{"listCategories":[{'))
      throw new Error(`GraphQL did not answer a list: ${reference.slice(0, 300)}`);
    if (!restAnswer.body.equals(graphqlAnswer.body))
      throw new Error(`REST differs from GraphQL:\n${reference}\n${restAnswer.body.toString('utf8')}`);

    const rows: Row[] = [];
    for (let round = 0; round <= options.rounds; round += 1) {
      const seconds = round === 0 ? options.warmup : options.duration;
      if (seconds === 0) continue;
      for (const target of targets) {
        const cpuBefore = process.cpuUsage();
        const result = await autocannon({
          url: `http://127.0.0.1:${String(port)}${target.path}`,
          method: target.method,
          headers: { ...target.headers },
          body: target.body,
          connections: options.connections,
          duration: seconds,
          expectBody: reference,
        });
        const cpu = process.cpuUsage(cpuBefore);
        rows.push({
          target: target.name,
          round,
          requestsPerSecond: result.requests.average,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          cpuPerRequestUs: result.requests.total > 0 ? (cpu.user + cpu.system) / result.requests.total : 0,
          errors: result.errors + result.timeouts + result.non2xx,
          mismatches: result.mismatches,
        });
      }
    }
    const measured = rows.filter((row) => row.round > 0);
    const mean = (name: string) => {
      const of = measured.filter((row) => row.target === name);
      return of.reduce((sum, row) => sum + row.requestsPerSecond, 0) / Math.max(1, of.length);
    };
    const ratio = mean('graphql') / Math.max(1, mean('rest'));
    process.stdout.write(
      `${formatTable(
        ['target', 'round', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'errors', 'mismatches'],
        rows.map((row) => [
          row.target,
          row.round === 0 ? 'warm-up' : String(row.round),
          fixed(row.requestsPerSecond, 0),
          fixed(row.latencyP50Ms, 1),
          fixed(row.latencyP99Ms, 1),
          fixed(row.cpuPerRequestUs, 0),
          String(row.errors),
          String(row.mismatches),
        ]),
      )}\nGraphQL / REST throughput: ${fixed(ratio, 2)} (body ${String(graphqlAnswer.body.length)} bytes)\n`,
    );
    writeResults('impacts-list', {
      machine: machineInfo(),
      options,
      bodyBytes: graphqlAnswer.body.length,
      rows,
      graphqlOverRest: ratio,
    });
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
