import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Server, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from './cli/admin-command';
import { memoryOutput } from './cli/admin-output';
import { runAdmin } from './cli/admin-runner';
import { type Db, createDb } from './db/database';
import { createServices } from './services';
import { type SharedStore, createSharedStore } from './shared/shared-store';
import { buildBrand, buildMember, buildSubscription } from './test/factories';
import { testConfig } from './test/harness';

/*
 * Two real server processes on one PostgreSQL database and one Redis, behind a round-robin proxy
 * (issue 15, item 2; docs/decisions/027). Runs when TEST_DATABASE_URL and REDIS_URL are both set.
 * Bounded: the whole file gives up after two minutes, each wait after a few seconds.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = 'dist-two-node';

interface Node {
  port: number;
  process: ChildProcess;
  logs: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) =>
    server.close(() => {
      done();
    }),
  );
  return port;
}

/** Polls `check` until it holds, at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`Timed out after ${String(ms)} ms waiting for ${what}`);
}

/** The tiny balancer: each request to the next node in turn, headers (X-Forwarded-For) passed through. */
function roundRobin(ports: number[]): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const port = ports[next % ports.length] ?? 0;
    next += 1;
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
}

describe.skipIf(!postgresUrl || !redisUrl)('two servers on one PostgreSQL and Redis', () => {
  const database = `two_node_${randomBytes(5).toString('hex')}`;
  const keyPrefix = `two-node-${randomBytes(5).toString('hex')}:`;
  let admin: pg.Client;
  let databaseUrl = '';
  const nodes: Node[] = [];
  let proxy: Server | undefined;
  let proxyUrl = '';
  let db: Db | undefined;
  let shared: SharedStore | undefined;
  let brandId = 0;
  const member = async () => {
    if (!db) throw new Error('not set up');
    return buildMember(db, brandId, { email: `m${randomBytes(4).toString('hex')}@example.com` });
  };

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: serverRoot,
      env: { ...process.env, SERVER_OUT_DIR: OUT_DIR },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    const ports = [await freePort(), await freePort()];
    // Both start at once on the empty database: migrations, the JWT secret and the demo seed race.
    for (const port of ports) {
      const child = spawn(process.execPath, [resolve(serverRoot, OUT_DIR, 'main.js')], {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH ?? '',
          APP_ENV: 'LOCAL',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: keyPrefix,
          // The demo seed (5,000 titles) takes half a minute on a busy machine; the test makes its own rows.
          SEED_DEMO: 'false',
          TRUST_PROXY: 'true',
          LOGIN_RATE_LIMIT_PER_MINUTE: '6',
          BILLING_JOB_INTERVAL_SECONDS: '1',
          WEB_DIST_DIR: '/nonexistent-web-dist',
          DATA_DIR: `/tmp/${database}-${String(port)}`,
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const node: Node = { port, process: child, logs: [] };
      child.stdout.on('data', (chunk: Buffer) => node.logs.push(...chunk.toString().split('\n')));
      child.stderr.on('data', (chunk: Buffer) => node.logs.push(...chunk.toString().split('\n')));
      nodes.push(node);
    }
    for (const node of nodes) {
      await until(
        async () => (await fetch(`http://127.0.0.1:${String(node.port)}/readyz`)).status === 200,
        60_000,
        `node ${String(node.port)} to be ready (${node.logs.slice(-5).join(' | ')})`,
      );
    }
    proxy = roundRobin(ports);
    await new Promise<void>((done) => proxy?.listen(0, '127.0.0.1', done));
    proxyUrl = `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}`;
    db = createDb({ kind: 'postgres', url: databaseUrl });
    shared = await createSharedStore({ redisUrl: redisUrl ?? null, keyPrefix });
    // The brand of the proxy's own address, so plain fetches to 127.0.0.1 find it.
    const brand = await buildBrand(db, { slug: 'twonode', hostnames: ['127.0.0.1'] });
    brandId = brand.id;
  }, 120_000);

  afterAll(async () => {
    // Every step is bounded: on a loaded machine a graceful stop can take long, and a test's clean-up
    // must never be what fails it. The servers get SIGTERM, then SIGKILL after 15 s.
    await Promise.all(
      nodes.map(
        (node) =>
          new Promise<void>((done) => {
            if (node.process.exitCode !== null || node.process.signalCode !== null) {
              done();
              return;
            }
            const kill = setTimeout(() => node.process.kill('SIGKILL'), 15_000);
            node.process.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            node.process.kill('SIGTERM');
          }),
      ),
    );
    proxy?.closeAllConnections();
    await new Promise<void>((done) => {
      if (proxy)
        proxy.close(() => {
          done();
        });
      else done();
    });
    await shared?.close();
    await db?.destroy();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }, 90_000);

  const login = (email: string, password: string, address: string) =>
    fetch(`${proxyUrl}/membergraphapi/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
  const boot = async (base: string, cookie?: string) => {
    const response = await fetch(`${base}/membergraphapi/api/boot`, { headers: cookie ? { cookie } : {} });
    return (await response.json()) as { brand: { name: string } | null; member: { id: number } | null };
  };
  const nodeUrl = (index: number) => `http://127.0.0.1:${String(nodes[index]?.port ?? 0)}`;

  it('both came up together on the empty database, with one migration run and one JWT secret', async () => {
    if (!db) throw new Error('not set up');
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    const secrets = await db.kysely.selectFrom('server_secrets').selectAll().execute();
    expect(secrets).toHaveLength(1);
    for (const node of nodes) expect(node.process.exitCode).toBeNull();
  });

  it('a logout on one node ends the session on the other', async () => {
    const { email, password } = await member();
    const signedIn = await login(email, password, '10.20.0.1');
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await boot(nodeUrl(0), cookie)).member).not.toBeNull();
    expect((await boot(nodeUrl(1), cookie)).member).not.toBeNull();
    const out = await fetch(`${nodeUrl(0)}/membergraphapi/api/auth/logout`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(out.status).toBe(204);
    // The same token, replayed on the other node, no longer signs anyone in.
    expect((await boot(nodeUrl(1), cookie)).member).toBeNull();
  });

  it('counts a request limit across both nodes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await login(`nobody${String(i)}@example.com`, 'wrong-password', '10.20.0.2')).status);
    }
    // Six per minute per address in all, though each node saw only four.
    expect(statuses.slice(0, 6).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('counts a sign-in lockout across both nodes', async () => {
    const { email, password } = await member();
    for (let i = 0; i < 5; i += 1)
      expect((await login(email, 'wrong-password', '10.20.0.3')).status).toBe(401);
    // The right password, from the same address on either node, is refused now...
    const locked = await login(email, password, '10.20.0.3');
    expect(locked.status).toBe(429);
    // ...but not from another address.
    expect((await login(email, password, '10.20.0.4')).status).toBe(200);
  });

  it('a brand changed through the command line is seen by both nodes at once', async () => {
    // Both nodes have the brand cached (for five minutes with Redis).
    const before = (await boot(nodeUrl(0))).brand?.name;
    expect(before).toMatch(/^Brand /);
    expect((await boot(nodeUrl(1))).brand?.name).toBe(before);
    if (!db || !shared) throw new Error('not set up');
    const config = testConfig({ database: { kind: 'postgres', url: databaseUrl } });
    const context: AdminContext = {
      db,
      config,
      services: createServices(db, config, { invalidation: shared.invalidation }),
      out: memoryOutput(),
    };
    expect(await runAdmin(['brand:edit', '--brand', 'twonode', '--name', 'Two Nodes'], context)).toBe(0);
    const started = Date.now();
    await until(
      async () =>
        (await boot(nodeUrl(0))).brand?.name === 'Two Nodes' &&
        (await boot(nodeUrl(1))).brand?.name === 'Two Nodes',
      3_000,
      'both nodes to show the new name',
    );
    // Far inside the cache's lifetime: the message cleared it, not the clock.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('runs the billing job once for both nodes', async () => {
    if (!db) throw new Error('not set up');
    // A cancelled subscription whose period is over: the next run ends it and logs it, once.
    const { id: memberId } = await member();
    const subscription = await buildSubscription(db, brandId, memberId, {
      isCanceled: true,
      nextBillingDate: new Date(Date.now() - 60_000).toISOString(),
    });
    await until(
      async () =>
        (
          await db?.kysely
            .selectFrom('subscriptions')
            .select('is_active')
            .where('id', '=', subscription.id)
            .executeTakeFirstOrThrow()
        )?.is_active === 0,
      10_000,
      'the billing job to end the subscription',
    );
    // Two more intervals: neither node ends it again.
    await new Promise((done) => setTimeout(done, 2_500));
    const ended = nodes.flatMap((node) =>
      node.logs
        .filter((line) => line.includes('"msg":"billing job"'))
        .map((line) => (JSON.parse(line) as { billing: { ended: number } }).billing.ended),
    );
    expect(ended.reduce((sum, count) => sum + count, 0)).toBe(1);
  });
});
