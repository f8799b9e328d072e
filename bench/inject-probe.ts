import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/seed/demo';
import { BENCH_HOST, GENERIC_TOKEN_PATH, GRAPHQL_BODY, GRAPHQL_URL_PATH, PLAIN_URL_PATH, PLAIN_ROUTE } from './lib/protocol';
const config = loadConfig({ APP_ENV: 'PROD', ALLOW_SANDBOX_PAYMENTS_IN_PROD: 'true', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'xperf-')), JWT_SECRET: randomBytes(48).toString('base64url'), SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0' });
const db = createDb(config.database);
await migrateToLatest(db.kysely, db.dialect);
await seedDemoData(db);
const app = await buildApp({ config, db, logger: false, extendApi: (api, services) => {
  api.get(PLAIN_ROUTE, (request, reply) => reply.send({ data: { content: { menuItems: services.menu.menuItems(request.ctx, 1) } } }));
  api.post(PLAIN_ROUTE, (request, reply) => reply.send({ data: { content: { menuItems: services.menu.menuItems(request.ctx, 1) } } }));
} });
const token = (await app.inject({ method: 'POST', url: GENERIC_TOKEN_PATH, headers: { host: BENCH_HOST } })).json<{ token: string }>().token;
const auth = { host: BENCH_HOST, authorization: `Bearer ${token}` };
const targets = {
  'plain-get': { method: 'GET' as const, url: PLAIN_URL_PATH, headers: auth },
  'plain-post': { method: 'POST' as const, url: PLAIN_URL_PATH, headers: { ...auth, 'content-type': 'application/json' }, payload: GRAPHQL_BODY },
  graphql: { method: 'POST' as const, url: GRAPHQL_URL_PATH, headers: { ...auth, 'content-type': 'application/json' }, payload: GRAPHQL_BODY },
  'graphql-br': { method: 'POST' as const, url: GRAPHQL_URL_PATH, headers: { ...auth, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' }, payload: GRAPHQL_BODY },
};
const N = Number(process.argv[2] ?? 3000);
for (let round = 0; round < 3; round++) for (const [name, t] of Object.entries(targets)) {
  const r = await app.inject(t); if (r.statusCode !== 200) throw new Error(name + r.body);
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) await app.inject(t);
  const u = process.cpuUsage(before);
  if (round > 0) console.log(round, name, ((u.user + u.system) / N).toFixed(1), 'us/req');
}
await app.close(); await db.destroy();
