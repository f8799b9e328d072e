/**
 * The real member-area server, run alone in a child process by api-throughput.ts so that its CPU time
 * can be read without the load generator's (autocannon runs in the parent).
 *
 * It builds the production app on a fresh SQLite file in a temporary folder, migrates and seeds the demo
 * brands, adds the plain comparison route through `extendApi` (inside the `/membergraphapi` scope, so it
 * passes the same brand and caller hooks as GraphQL), listens on 127.0.0.1 on a free port, and then
 * answers the parent's CPU-usage questions over IPC until told to stop.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { MenuItem } from '@member/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/seed/demo';
import { badInput, unauthenticated } from '../apps/server/src/errors';
import type { Services } from '../apps/server/src/services';
import { PLAIN_ROUTE, type ServerMessage, isParentMessage } from './lib/protocol';

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

function extendApi(api: FastifyInstance, services: Services): void {
  // GET is what a plain JSON route would naturally be; the POST twin receives the GraphQL request's JSON
  // body (parsed by Fastify and ignored) to show how much of the gap is body parsing rather than GraphQL.
  // Synchronous handlers: Fastify sends the returned object, as it does for an async handler's result.
  api.get<PlainRoute>(PLAIN_ROUTE, (request, reply) => reply.send(plainMenu(request, services)));
  api.post<PlainRoute>(PLAIN_ROUTE, (request, reply) => reply.send(plainMenu(request, services)));
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
  });
  const db = createDb(config.database);
  await migrateToLatest(db.kysely, db.dialect);
  await seedDemoData(db);
  const app = await buildApp({ config, db, logger: false, extendApi });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
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
  send({ type: 'ready', port: address.port });
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
