/**
 * The real member-area server, run alone in a child process by api-throughput.ts so that its CPU time
 * can be read without the load generator's (autocannon runs in the parent). Beside it, on a port of its
 * own, a bare Fastify instance with one route that sends the same answer: the baseline of what any
 * Fastify route costs (only one target is loaded at a time, so the child's CPU time is that target's).
 *
 * It builds the production app on a fresh SQLite file in a temporary folder, migrates and seeds the demo
 * brands, adds the plain comparison routes through `extendApi` (inside the `/membergraphapi` scope, so
 * they pass the same brand and caller hooks as GraphQL): the menu's (api-throughput.ts) and the
 * marketplace home's (marketplace-home.ts), listens on 127.0.0.1 on a free port, and then
 * answers the parent's CPU-usage questions over IPC until told to stop.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { MenuItem } from '@member/domain';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';

import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/seed/demo';
import { badInput, forbidden, unauthenticated } from '../apps/server/src/errors';
import type { Services } from '../apps/server/src/services';
import {
  MARKETPLACE_CATEGORY_FIELDS,
  MARKETPLACE_HOME_ROUTE,
  MARKETPLACE_PRODUCT_FIELDS,
  MARKETPLACE_PRODUCTS_LIMIT,
  BARE_URL_PATH,
  BENCH_HOST,
  GENERIC_TOKEN_PATH,
  GRAPHQL_BODY,
  GRAPHQL_URL_PATH,
  PLAIN_ROUTE,
  type ServerMessage,
  isParentMessage,
} from './lib/protocol';

/** The child never outlives a benchmark run, even if the parent dies without closing the IPC channel. */
const MAX_LIFETIME_MS = 15 * 60 * 1000;

function send(message: ServerMessage): void {
  process.send?.(message);
}

interface PlainRoute {
  Querystring: { brandId?: string };
}

/**
 * The plain route answers exactly what the GraphQL query answers: the same service call, the same
 * caller rule as the resolver (`requireCaller`: a visitor or member token), and an object whose keys are
 * in the selection-set order, serialized by Fastify's default JSON serializer (mercurius also hands its
 * result object to Fastify). An explicit projection (rather than sending the service's objects) is what a hand-written REST route
 * would do, and keeps the bytes equal if the domain type ever grows a field.
 */
function plainMenu(request: FastifyRequest<PlainRoute>, services: Services) {
  const id = Number(request.query.brandId);
  if (!Number.isInteger(id)) throw badInput('brandId must be an integer');
  if (request.ctx.auth.kind === 'anonymous') throw unauthenticated('A visitor or member token is required');
  const items = services.menu.menuItems(request.ctx, id).map((item): MenuItem => ({
    type: item.type,
    title: item.title,
    display_area_slug: item.display_area_slug,
    icon: item.icon,
    color: item.color,
    lightColor: item.lightColor,
    subTextColor: item.subTextColor,
    mainTextColor: item.mainTextColor,
    secondaryColor: item.secondaryColor,
    submenu_type: item.submenu_type,
  }));
  return { data: { content: { menuItems: items } } };
}

/** The fields `keys` of `source`, in that order (the GraphQL selection's), as a new object. */
function project<K extends string>(source: Record<K, unknown>, keys: readonly K[]): Record<K, unknown> {
  const out = {} as Record<K, unknown>;
  for (const key of keys) out[key] = source[key];
  return out;
}

/**
 * The REST twin of the web's `MarketplaceHome` query (bench-only: the product has no REST route for it):
 * the same caller rule as the resolvers (`requireMember`, and the marketplace's own brand check inside
 * the service), the same two service calls, run side by side as GraphQL runs sibling fields, and the
 * same selection order, so the bytes are the same.
 */
async function plainMarketplaceHome(request: FastifyRequest, services: Services) {
  const auth = request.ctx.auth;
  if (auth.kind === 'anonymous') throw unauthenticated('Sign in first');
  if (auth.kind !== 'member') throw forbidden('Members only', 'member_required');
  const [categories, products] = await Promise.all([
    services.marketplace.listCategories(request.ctx, auth),
    services.marketplace.listProducts(request.ctx, auth, { limit: MARKETPLACE_PRODUCTS_LIMIT }),
  ]);
  return {
    data: {
      ecommerce: {
        listCategories: categories.map((category) => project(category, MARKETPLACE_CATEGORY_FIELDS)),
        products: products.map((product) => project(product, MARKETPLACE_PRODUCT_FIELDS)),
      },
    },
  };
}

function extendApi(api: FastifyInstance, services: Services): void {
  api.get(MARKETPLACE_HOME_ROUTE, (request) => plainMarketplaceHome(request, services));
  // GET is what a plain JSON route would naturally be; the POST twin receives the GraphQL request's JSON
  // body (parsed by Fastify and ignored) to show how much of the gap is body parsing rather than GraphQL.
  // Synchronous handlers: Fastify sends the returned object, as it does for an async handler's result.
  api.get<PlainRoute>(PLAIN_ROUTE, (request, reply) => reply.send(plainMenu(request, services)));
  api.post<PlainRoute>(PLAIN_ROUTE, (request, reply) => reply.send(plainMenu(request, services)));
}

/**
 * The object the bare route sends: the real server's GraphQL answer to the menu query, asked once
 * through `inject` with a visitor token, so the three targets send byte-identical bodies.
 */
async function menuAnswer(app: FastifyInstance): Promise<unknown> {
  const tokenResponse = await app.inject({
    method: 'POST',
    url: GENERIC_TOKEN_PATH,
    headers: { host: BENCH_HOST },
  });
  const { token } = tokenResponse.json<{ token: string }>();
  const answer = await app.inject({
    method: 'POST',
    url: GRAPHQL_URL_PATH,
    headers: { host: BENCH_HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: GRAPHQL_BODY,
  });
  if (answer.statusCode !== 200)
    throw new Error(`the menu query answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<unknown>();
}

/** A Fastify instance with defaults only (no logger, no plugin, no hook) and the one bare route. */
function bareApp(body: unknown): FastifyInstance {
  const bare = Fastify({ logger: false });
  bare.get(BARE_URL_PATH, (_request, reply) => reply.send(body));
  return bare;
}

/** Fresh SQLite folder for this run, removed on every way out. */
const dataDir = mkdtempSync(join(tmpdir(), 'member-bench-'));

async function main(): Promise<void> {
  const lifetime = setTimeout(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(2);
  }, MAX_LIFETIME_MS);
  lifetime.unref();

  // Production settings (no introspection, production error masking), silent logs so that logging
  // cost is not part of the figure, and a fresh database each run.
  const config = loadConfig({
    APP_ENV: 'PROD',
    // The sandbox takes the payments; production refuses it unless allowed (issue 12).
    ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SEED_DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    // No cap on requests per connection: past the cap (1,000 by default) Node marks its answer
    // `Connection: close`, and autocannon, which keeps sending on the connection, gets 503 from Node
    // for every later request (a browser or proxy opens a new connection instead).
    MAX_REQUESTS_PER_SOCKET: '0',
    // media-nginx.ts gives nginx and this server the same media key.
    ...(process.env.BENCH_MEDIA_URL_SECRET ? { MEDIA_URL_SECRET: process.env.BENCH_MEDIA_URL_SECRET } : {}),
  });
  const db = createDb(config.database);
  await migrateToLatest(db.kysely, db.dialect);
  await seedDemoData(db);
  const app = await buildApp({ config, db, logger: false, extendApi });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const bare = bareApp(await menuAnswer(app));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = bare.server.address();
  if (bareAddress === null || typeof bareAddress === 'string')
    throw new Error('bare server has no TCP address');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await bare.close();
      await app.close();
      await db.destroy();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };

  process.on('message', (message: unknown) => {
    if (!isParentMessage(message)) return;
    if (message.type === 'stop') {
      void stop();
      return;
    }
    send({ type: 'cpu', id: message.id, usage: process.cpuUsage(), rssBytes: process.memoryUsage.rss() });
  });
  // The parent went away (crash, Ctrl-C): stop too rather than keep listening.
  process.on('disconnect', () => void stop());
  send({ type: 'ready', port: address.port, barePort: bareAddress.port });
}

main().catch((error: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  const message: ServerMessage = {
    type: 'failed',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
  // Exit once the message is flushed to the parent (or at once when run by hand without IPC).
  if (process.send) process.send(message, () => process.exit(1));
  else {
    console.error(message.message);
    process.exit(1);
  }
});
