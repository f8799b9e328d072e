import { randomBytes } from 'node:crypto';
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app';
import { buildBrand, buildMember } from '../test/factories';
import { ENGINES, type TestDb, createTestDb, testConfig } from '../test/harness';
import { graphql, login } from '../test/http';
import { type Db, createDb, isDatabaseUnavailable } from './database';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP proxy between the server and PostgreSQL that the test takes down and brings back: down, it
 * cuts every connection and holds new ones without an answer (a failover in progress, a dead network),
 * so the server meets both a lost connection and a connect that never completes.
 */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!up) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    down: () => {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    up: () => {
      // Connections held while down stay unanswered; their connects time out on the server's side.
      for (const socket of sockets) socket.destroy();
      up = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}

describe('isDatabaseUnavailable', () => {
  const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it('recognises a database that is away, restarting or too busy', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '53300']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(coded('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isDatabaseUnavailable(coded('SQLITE_BUSY', 'database is locked'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('start-up failed', { cause: coded('ECONNREFUSED') }))).toBe(true);
  });

  it('leaves errors of the query itself alone', () => {
    for (const code of ['23505', '42P01', '22P02', 'SQLITE_CONSTRAINT_UNIQUE']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Not found'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

// Issue 15, item 1: a restart, a failover or a killed connection ended every server on an unhandled
// pool error. Now the server stays up, answers 503 while the database is away and recovers by itself.
describe.skipIf(!ENGINES.includes('postgres'))('PostgreSQL faults', () => {
  const applicationName = `faults-${randomBytes(4).toString('hex')}`;
  let base: TestDb;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let db: Db;
  let app: FastifyInstance;
  let admin: pg.Client;
  const lost: Error[] = [];
  let host: string;
  let cookie: string;

  beforeAll(async () => {
    if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
    base = await createTestDb('postgres');
    const brand = await buildBrand(base);
    const member = await buildMember(base, brand.id);
    const target = new URL(postgresUrl);
    proxy = await startProxy(target);
    const viaProxy = new URL(postgresUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    db = createDb({
      kind: 'postgres',
      url: viaProxy.toString(),
      ...(base.schema ? { schema: base.schema } : {}),
      pool: { applicationName, size: 4, connectTimeoutMs: 500, statementTimeoutMs: 2_000 },
    });
    db.onConnectionError((error) => lost.push(error));
    app = await buildApp({
      config: testConfig(),
      db,
      logger: false,
      errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
    });
    await app.ready();
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    host = brand.hostname;
    const signedIn = await login(app, host, member.email, member.password);
    cookie = signedIn.cookie ?? '';
    expect(cookie).not.toBe('');
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    await admin.end();
    await proxy.close();
    await base.cleanup();
  });

  const memberInfo = () => graphql<unknown>(app, { host, cookie }, '{ member { info { email } } }');

  /** Ends every connection of this server, from the database's side, as a restart does. */
  async function killConnections(): Promise<number> {
    const { rows } = await admin.query<{ killed: boolean }>(
      'select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return rows.filter((row) => row.killed).length;
  }

  it('survives its connections being killed mid-traffic and serves again at once', async () => {
    // Open several connections, so that idle ones and busy ones are both killed.
    await Promise.all(Array.from({ length: 8 }, () => memberInfo()));
    const traffic = Array.from({ length: 40 }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 5));
      return memberInfo();
    });
    const killed = killConnections();
    const answers = await Promise.all(traffic);
    expect(await killed).toBeGreaterThan(0);
    // Each request was served, or refused as retryable: never a 500.
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer.status).toBe(503);
      expect(answer.errors?.[0]?.extensions.code).toBe('DATABASE_UNAVAILABLE');
    }
    // The idle connections' errors reached the pool's handler rather than ending the process.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lost.length).toBeGreaterThan(0);
    const after = await memberInfo();
    expect(after.status).toBe(200);
  });

  it('survives a connection killed while a transaction holds it between two statements', async () => {
    const before = lost.length;
    await db.kysely.connection().execute(async (connection) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      // No query is waiting on the connection when the error arrives: only its own listener hears it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(sql`select 1`.execute(connection)).rejects.toSatisfy(isDatabaseUnavailable);
    });
    expect(lost.length).toBeGreaterThan(before);
    expect((await memberInfo()).status).toBe(200);
  });

  it('answers 503 database_unavailable while the database is away, and recovers when it is back', async () => {
    proxy.down();
    try {
      const started = performance.now();
      const away = await memberInfo();
      expect(away.status).toBe(503);
      expect(away.errors?.[0]?.extensions.code).toBe('DATABASE_UNAVAILABLE');
      // Within the connect timeout (0.5 s here), not after the client gave up.
      expect(performance.now() - started).toBeLessThan(3_000);

      const rest = await app.inject({
        method: 'POST',
        url: '/membergraphapi/api/auth/login',
        headers: { host },
        payload: { email: 'someone@example.com', password: 'whatever it is' },
      });
      expect(rest.statusCode).toBe(503);
      expect(rest.json()).toEqual({
        error: { code: 'database_unavailable', message: expect.any(String) },
      });
      expect(rest.headers['retry-after']).toBe('5');

      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'error', reason: 'database_unavailable' });
      // Liveness asks no database: the orchestrator does not restart a server that waits for it.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      proxy.up();
    }
    expect((await memberInfo()).status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('cancels a statement past the statement timeout and reports it as unavailable', async () => {
    await expect(sql`select pg_sleep(5)`.execute(db.kysely)).rejects.toSatisfy(isDatabaseUnavailable);
  });
});
