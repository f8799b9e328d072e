/**
 * The hostile run of issue 12, measured: the built server (apps/server/dist/main.js) on a fresh database
 * (SQLite always; PostgreSQL too with --pg or DATABASE_URL), attacked one way after another while
 * `/healthz` is polled every 10 ms and the server's resident memory is sampled from /proc.
 *
 * Attacks (each bounded in count and in time by --attack-seconds; every request by --request-timeout):
 * fragment chains (each fragment spreads the next twice, n = 20..30, ending in an unknown fragment, a new
 * operation name each time), deep, wide and alias documents the limits must refuse, a document the cost
 * limit lets through that runs 90 searches, a 60,000-character playlist name (create,
 * then rename), NUL bytes in sign-in, events and slotsWithTags, `Content-Type: application/graphql` with
 * a JSON body, a 200-way parallel wrong-password burst on one account, 30 parallel reset requests for one
 * address, cross-site posts, and a body and headers trickled a byte at a time.
 *
 * After each attack the run waits (at most --settle-seconds) until the server answers `/healthz` again,
 * so one attack's stall is not charged to the next.
 *
 * Figures per engine: requests tried, 5xx answers (goal 0), longest /healthz stall (goal < 100 ms), peak
 * memory / idle (goal < 2), passwords checked in the 200-way burst (goal <= 5), reset mails for one address
 * (goal <= 3, the recovery limit), cross-site posts accepted (goal 0), trickled connections still open at
 * the end of their budget (goal 0), and the load average.
 *
 * Needs `npm run build -w @member/server` (the web build is not used: the server answers its fallback page).
 * Traffic goes to 127.0.0.1 only. Usage:
 *   npm run bench:hostile -- [--pg] [--database-url postgres://…] [--attack-seconds 10]
 *     [--request-timeout 10] [--settle-seconds 120] [--playlist-chars 60000] [--trickle-seconds 75] [--check]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { createDb } from '../apps/server/src/db/database';
import { REPO_ROOT, fixed, formatTable, machineInfo, verdict, writeResults } from './lib/report';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'attack-seconds': { type: 'string', default: '10' },
    'request-timeout': { type: 'string', default: '10' },
    'settle-seconds': { type: 'string', default: '120' },
    'playlist-chars': { type: 'string', default: '60000' },
    // The server's defaults cut a trickled body at 60 s and headers at 15 s (REQUEST_TIMEOUT_SECONDS,
    // HEADERS_TIMEOUT_SECONDS); a trickle is held longer than that before it counts as held.
    'trickle-seconds': { type: 'string', default: '75' },
    'server-entry': { type: 'string', default: resolve(REPO_ROOT, 'apps/server/dist/main.js') },
    check: { type: 'boolean', default: false },
  },
});

const bounded = (value: string | undefined, low: number, high: number) =>
  Math.max(low, Math.min(high, Number(value)));
const ATTACK_MS = bounded(args['attack-seconds'], 1, 300) * 1000;
const REQUEST_TIMEOUT_MS = bounded(args['request-timeout'], 1, 300) * 1000;
const SETTLE_MS = bounded(args['settle-seconds'], 1, 600) * 1000;
const PLAYLIST_CHARS = bounded(args['playlist-chars'], 1, 64_000);
const TRICKLE_MS = bounded(args['trickle-seconds'], 1, 300) * 1000;
const HEALTH_INTERVAL_MS = 10;
const RSS_INTERVAL_MS = 20;
const POSTGRES_URL =
  args['database-url'] ??
  process.env.DATABASE_URL ??
  (args.pg ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);

const HOST = 'streamhub.localhost';
const PASSWORD = 'demo-pass-2026';
const PLAYLIST_MEMBER = 'active@streamhub.demo';
const CROSS_SITE_MEMBER = 'free@streamhub.demo';
const BURST_ACCOUNT = 'test@streamhub.demo';
const RECOVERY_ACCOUNT = 'canceled@streamhub.demo';
const BURST_SIZE = 200;
const RECOVERY_SIZE = 30;

const GOALS = {
  fiveXx: 0,
  stallMs: 100,
  memoryRatio: 2,
  passwordsChecked: 5,
  resetMails: 3,
  crossSite: 0,
  trickles: 0,
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------------
// HTTP to the server under attack

interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
  ms: number;
  outcome: 'answered' | 'timeout' | 'error';
}

interface AttackStats {
  name: string;
  requests: number;
  fiveXx: number;
  timeouts: number;
  errors: number;
  statuses: Record<string, number>;
  maxLatencyMs: number;
  stallMs: number;
  peakRssKb: number;
  skipped: number;
  notes: string[];
}

function newStats(name: string): AttackStats {
  return {
    name,
    requests: 0,
    fiveXx: 0,
    timeouts: 0,
    errors: 0,
    statuses: {},
    maxLatencyMs: 0,
    stallMs: 0,
    peakRssKb: 0,
    skipped: 0,
    notes: [],
  };
}

interface Target {
  port: number;
  attackAgent: Agent;
  healthAgent: Agent;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  agent?: Agent;
}

/** One request; never rejects: a timeout or a broken connection is an outcome of its own. */
function send(target: Target, stats: AttackStats | null, call: Call): Promise<Answer> {
  const started = performance.now();
  return new Promise((done) => {
    const finish = (answer: Omit<Answer, 'ms'>) => {
      const ms = performance.now() - started;
      if (stats) {
        stats.requests += 1;
        if (answer.outcome === 'timeout') stats.timeouts += 1;
        if (answer.outcome === 'error') stats.errors += 1;
        if (answer.status >= 500) stats.fiveXx += 1;
        const key = answer.outcome === 'answered' ? String(answer.status) : answer.outcome;
        stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
        stats.maxLatencyMs = Math.max(stats.maxLatencyMs, ms);
      }
      done({ ...answer, ms });
    };
    const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8');
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: call.method,
        path: call.path,
        agent: call.agent ?? target.attackAgent,
        headers: {
          host: HOST,
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...call.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          finish({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            outcome: 'answered',
          });
        });
        res.on('error', () => {
          clearTimeout(timer);
          finish({ status: 0, headers: {}, body: '', outcome: 'error' });
        });
      },
    );
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
    }, call.timeoutMs ?? REQUEST_TIMEOUT_MS);
    req.on('error', () => {
      clearTimeout(timer);
      finish({ status: 0, headers: {}, body: '', outcome: timedOut ? 'timeout' : 'error' });
    });
    req.end(body);
  });
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

function graphql(
  target: Target,
  stats: AttackStats,
  query: string,
  options: {
    variables?: Record<string, unknown>;
    token?: string;
    cookie?: string;
    operationName?: string;
  } = {},
) {
  const payload = json({
    query,
    variables: options.variables ?? {},
    ...(options.operationName ? { operationName: options.operationName } : {}),
  });
  return send(target, stats, {
    method: 'POST',
    path: '/membergraphapi/graphql',
    headers: {
      ...payload.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: payload.body,
  });
}

/** Runs `count` calls at most `width` at a time, starting none after the deadline. */
async function parallel(
  count: number,
  width: number,
  deadline: number,
  call: (index: number) => Promise<unknown>,
) {
  let next = 0;
  let skipped = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      if (Date.now() > deadline) {
        skipped += 1;
        continue;
      }
      await call(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return skipped;
}

// ---------------------------------------------------------------------------------------------------
// The server process, its health and its memory

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => {
        done(port);
      });
    });
  });
}

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Polls /healthz one request at a time, 10 ms apart, and keeps the longest answer per attack. */
class HealthPoller {
  label = 'start-up';
  longest = { ms: 0, label: '' };
  polls = 0;
  failures = 0;
  private running = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: Target,
    private readonly onSample: (label: string, ms: number) => void,
  ) {}

  start() {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const label = this.label;
        const answer = await send(this.target, null, {
          method: 'GET',
          path: '/healthz',
          agent: this.target.healthAgent,
          timeoutMs: SETTLE_MS + 60_000,
        });
        this.polls += 1;
        if (answer.status !== 200) this.failures += 1;
        if (answer.ms > this.longest.ms) this.longest = { ms: answer.ms, label };
        this.onSample(label, answer.ms);
        await sleep(HEALTH_INTERVAL_MS);
      }
    })();
  }

  async stop() {
    this.running = false;
    await this.loop;
  }
}

interface Started {
  child: ChildProcess;
  port: number;
  logFile: string;
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Started> {
  const port = await freePort();
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [args['server-entry']], {
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH ?? '',
      // A deployed, non-production server: production settings apart from the sandbox payments.
      APP_ENV: 'STAGING',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      BILLING_JOB_INTERVAL_SECONDS: '0',
      // The per-address sign-in limit (20 a minute) would hide the per-account lockout under test.
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  closeSync(log);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${String(child.exitCode)}; see ${logFile}`);
    const answer = await new Promise<number>((done) => {
      const req = request({ host: '127.0.0.1', port, path: '/healthz', timeout: 2000 }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', () => {
        done(0);
      });
      req.on('timeout', () => req.destroy());
      req.end();
    });
    if (answer === 200) return { child, port, logFile };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 300 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      done();
    }),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------
// Attacks

interface Context {
  target: Target;
  visitor: string;
  /** Per attack: stop starting requests after this moment. */
  deadline: number;
}

async function signIn(target: Target, stats: AttackStats, email: string): Promise<string> {
  const answer = await send(target, stats, {
    method: 'POST',
    path: '/membergraphapi/api/auth/login',
    ...json({ email, password: PASSWORD }),
  });
  const cookie = (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => /^(__Host-)?mb-jwt=/.test(pair));
  if (!cookie)
    throw new Error(`sign-in of ${email} failed: ${String(answer.status)} ${answer.body.slice(0, 200)}`);
  return cookie;
}

/** Each fragment spreads the next twice; the last spreads one that does not exist. */
function fragmentChain(n: number, operation: string): string {
  const fragments = Array.from({ length: n }, (_, i) =>
    i === n - 1
      ? `fragment F${String(i)} on Query { ...Missing }`
      : `fragment F${String(i)} on Query { ...F${String(i + 1)} ...F${String(i + 1)} }`,
  );
  return `query ${operation} { ...F0 }\n${fragments.join('\n')}`;
}

async function attackFragmentChains(ctx: Context, stats: AttackStats) {
  // One request at a time, n growing: stop at the first that the client gives up on (the server may
  // still be working on it; the settle step waits for it).
  for (let n = 20; n <= 30; n += 2) {
    if (Date.now() > ctx.deadline) {
      stats.skipped += 1;
      continue;
    }
    const operation = `Chain${String(n)}_${randomBytes(4).toString('hex')}`;
    const query = fragmentChain(n, operation);
    const answer = await graphql(ctx.target, stats, query, { operationName: operation });
    stats.notes.push(
      `n=${String(n)} (${String(query.length)} B): ${answer.outcome === 'answered' ? String(answer.status) : answer.outcome} in ${fixed(answer.ms, 0)} ms`,
    );
    if (answer.outcome !== 'answered') break;
  }
}

/** Sends named documents as the visitor, three at a time, and notes each answer. */
async function sendDocuments(ctx: Context, stats: AttackStats, documents: [string, string][]) {
  await parallel(documents.length, 3, ctx.deadline, async (index) => {
    const [name, query] = documents[index] ?? ['', ''];
    const answer = await graphql(ctx.target, stats, query, { token: ctx.visitor });
    stats.notes.push(
      `${name} (${fixed(query.length / 1000, 1)} kB): ${answer.outcome === 'answered' ? String(answer.status) : answer.outcome} in ${fixed(answer.ms, 0)} ms`,
    );
  });
}

/** Documents the limits must refuse at once: too deep, too many fields, too many aliases. */
async function attackDeepWideAliases(ctx: Context, stats: AttackStats) {
  const aliases = Array.from({ length: 1500 }, (_, i) => `a${String(i)}: menuItems(brandId: 1) { title }`);
  await sendDocuments(ctx, stats, [
    [
      'depth 200',
      `query Deep { content { media(mediaType: "audiobook", id: 1) { ${'chapters { '.repeat(200)}id${' }'.repeat(200)} } } }`,
    ],
    [
      '3000 nested inline fragments',
      `query Nested { ${'... on Query { '.repeat(3000)}__typename${' }'.repeat(3000)} }`,
    ],
    ['5000 fields', `query Wide { ${'__typename '.repeat(5000)}}`],
    ['1500 aliases', `query Aliases { content { ${aliases.join(' ')} } }`],
  ]);
}

/** A document the cost limit lets through (271 fields) that asks for 90 searches at once, twice. */
async function attackAliasedSearches(ctx: Context, stats: AttackStats) {
  const words = ['the', 'light', 'har', 'sil'];
  const searches = Array.from(
    { length: 90 },
    (_, i) =>
      `s${String(i)}: search(query: "${words[i % words.length] ?? 'the'}", first: 10) { items { id } }`,
  );
  const query = `query Searches { content { ${searches.join(' ')} } }`;
  await sendDocuments(ctx, stats, [
    ['90 aliased searches', query],
    ['90 aliased searches', query],
  ]);
}

async function attackLongPlaylistName(ctx: Context, stats: AttackStats) {
  const cookie = await signIn(ctx.target, stats, PLAYLIST_MEMBER);
  const name = 'a'.repeat(PLAYLIST_CHARS);
  const create = await graphql(
    ctx.target,
    stats,
    'mutation Create($name: String!) { content { createPlaylist(input: { name: $name }) { responseResult { succeeded slug } } } }',
    { cookie, variables: { name } },
  );
  stats.notes.push(
    `create: ${create.outcome === 'answered' ? `${String(create.status)} ${create.body.slice(0, 90)}` : create.outcome} in ${fixed(create.ms, 0)} ms`,
  );
  if (Date.now() > ctx.deadline) {
    stats.skipped += 1;
    stats.notes.push('rename: skipped (the attack budget was spent)');
    return;
  }
  const made = await graphql(
    ctx.target,
    stats,
    'mutation { content { createPlaylist(input: { name: "hostile" }) { playlist { id } } } }',
    { cookie },
  );
  const id = /"id":(\d+)/.exec(made.body)?.[1];
  if (!id) {
    stats.notes.push(`rename: no playlist to rename (${String(made.status)})`);
    return;
  }
  const rename = await graphql(
    ctx.target,
    stats,
    'mutation Rename($id: Int!, $name: String!) { content { renamePlaylist(input: { playlistId: $id, name: $name }) { responseResult { succeeded slug } } } }',
    { cookie, variables: { id: Number(id), name } },
  );
  stats.notes.push(
    `rename: ${rename.outcome === 'answered' ? `${String(rename.status)} ${rename.body.slice(0, 90)}` : rename.outcome} in ${fixed(rename.ms, 0)} ms`,
  );
}

async function attackNulBytes(ctx: Context, stats: AttackStats) {
  const asVisitor = { 'content-type': 'application/json', authorization: `Bearer ${ctx.visitor}` };
  const query = (text: string, variables: Record<string, unknown>) => ({
    method: 'POST' as const,
    path: '/membergraphapi/graphql',
    headers: asVisitor,
    body: JSON.stringify({ query: text, variables }),
  });
  const calls: [string, Call][] = [
    [
      'sign-in, NUL in email',
      {
        method: 'POST',
        path: '/membergraphapi/api/auth/login',
        ...json({ email: `nul\u0000@streamhub.demo`, password: 'x\u0000y' }),
      },
    ],
    [
      'sign-in, NUL in password',
      {
        method: 'POST',
        path: '/membergraphapi/api/auth/login',
        ...json({ email: 'active@streamhub.demo', password: 'pass\u0000word' }),
      },
    ],
    [
      'event',
      {
        method: 'POST',
        path: '/membergraphapi/api/event',
        headers: asVisitor,
        body: JSON.stringify({
          namespace: 'members',
          browser_language: 'en\u0000',
          extras: { page: 'home\u0000' },
        }),
      },
    ],
    [
      'slotsWithTags',
      query('query($t: [String!]!) { content { slotsWithTags(tags: $t) { slug } } }', {
        t: ['new_\u0000releases'],
      }),
    ],
    [
      'search',
      query('query($q: String!) { content { search(query: $q) { mediaType } } }', { q: 'a\u0000b' }),
    ],
  ];
  await parallel(calls.length, 5, ctx.deadline, async (index) => {
    const [name, call] = calls[index] ?? [];
    if (!name || !call) return;
    const answer = await send(ctx.target, stats, call);
    stats.notes.push(`${name}: ${String(answer.status)}`);
  });
}

async function attackContentTypes(ctx: Context, stats: AttackStats) {
  const body = JSON.stringify({ query: '{ __typename }' });
  const types = [
    'application/graphql',
    'application/graphql; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'application/json',
  ];
  await parallel(types.length, 6, ctx.deadline, async (index) => {
    const type = types[index] ?? '';
    const answer = await send(ctx.target, stats, {
      method: 'POST',
      path: '/membergraphapi/graphql',
      headers: { 'content-type': type, authorization: `Bearer ${ctx.visitor}` },
      body: type === 'application/json' ? '{"query": "{ __typename }"' : body,
    });
    stats.notes.push(`${type}: ${String(answer.status)}`);
  });
}

interface BurstResult {
  /** 401 invalid_credentials answers: only a checked password answers so (the lockout answers 429). */
  checked: number;
  refused: number;
  /** Failed attempts the server recorded for the account, read once the server is idle again. */
  failureRows: number | null;
}

async function attackPasswordBurst(ctx: Context, stats: AttackStats): Promise<BurstResult> {
  const answers: Answer[] = [];
  const skipped = await parallel(BURST_SIZE, BURST_SIZE, ctx.deadline, async (index) => {
    answers.push(
      await send(ctx.target, stats, {
        method: 'POST',
        path: '/membergraphapi/api/auth/login',
        ...json({ email: BURST_ACCOUNT, password: `wrong-password-${String(index)}` }),
        // Every answer is needed to count the checks: wait as long as the settle step would.
        timeoutMs: SETTLE_MS,
      }),
    );
  });
  stats.skipped += skipped;
  const checked = answers.filter(
    (answer) => answer.status === 401 && answer.body.includes('invalid_credentials'),
  ).length;
  const refused = answers.filter((answer) => answer.status === 429).length;
  return { checked, refused, failureRows: null };
}

async function attackRecovery(ctx: Context, stats: AttackStats): Promise<void> {
  const skipped = await parallel(RECOVERY_SIZE, RECOVERY_SIZE, ctx.deadline, async () => {
    await send(ctx.target, stats, {
      method: 'POST',
      path: '/membergraphapi/api/auth/forgot-password',
      ...json({ email: RECOVERY_ACCOUNT }),
      timeoutMs: SETTLE_MS,
    });
  });
  stats.skipped += skipped;
}

/** Posts a browser would send from another site; "accepted" means the server acted on it. */
async function attackCrossSite(ctx: Context, stats: AttackStats): Promise<number> {
  const cookie = await signIn(ctx.target, stats, CROSS_SITE_MEMBER);
  const checkout = await graphql(
    ctx.target,
    stats,
    'mutation { member { buyCoins(packId: "coins-100") { url } } }',
    { cookie },
  );
  const checkoutPath = /"url":"(\/paymentflow\/checkout\/[\w-]+)"/.exec(checkout.body)?.[1];
  const crossSite = {
    origin: 'https://evil.example',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    referer: 'https://evil.example/',
  };
  const cases: { name: string; call: Call; accepted: (answer: Answer) => boolean }[] = [
    {
      name: 'logout, empty body',
      call: { method: 'POST', path: '/membergraphapi/api/auth/logout', headers: { ...crossSite, cookie } },
      accepted: (answer) => answer.status >= 200 && answer.status < 300,
    },
    {
      name: 'GraphQL mutation as text/plain',
      call: {
        method: 'POST',
        path: '/membergraphapi/graphql',
        headers: { ...crossSite, cookie, 'content-type': 'text/plain' },
        body: JSON.stringify({
          query: 'mutation { member { setLanguage(language: "fr-ca") { responseResult { succeeded } } } }',
        }),
      },
      accepted: (answer) => answer.status >= 200 && answer.status < 300,
    },
    {
      name: 'GraphQL mutation as a form',
      call: {
        method: 'POST',
        path: '/membergraphapi/graphql',
        headers: { ...crossSite, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'query=mutation%20%7B%20member%20%7B%20refreshToken%20%7B%20jwt%20%7D%20%7D%20%7D',
      },
      accepted: (answer) => answer.status >= 200 && answer.status < 300,
    },
    {
      name: 'forgot-password as a form',
      call: {
        method: 'POST',
        path: '/membergraphapi/api/auth/forgot-password',
        headers: { ...crossSite, 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${encodeURIComponent(CROSS_SITE_MEMBER)}`,
      },
      accepted: (answer) => answer.status >= 200 && answer.status < 300,
    },
    ...(checkoutPath
      ? [
          {
            name: 'hosted payment form, test card',
            call: {
              method: 'POST' as const,
              path: checkoutPath,
              headers: { ...crossSite, cookie, 'content-type': 'application/x-www-form-urlencoded' },
              body: 'cardnumber=4242424242424242&expiry=12%2F34&cvc=123&name=Evil',
            },
            // Anything but a refusal (403) means the card was taken.
            accepted: (answer: Answer) => answer.status !== 403 && answer.status < 500,
          },
        ]
      : []),
  ];
  let accepted = 0;
  for (const item of cases) {
    if (Date.now() > ctx.deadline) {
      stats.skipped += 1;
      continue;
    }
    const answer = await send(ctx.target, stats, item.call);
    const taken = item.accepted(answer);
    if (taken) accepted += 1;
    stats.notes.push(`${item.name}: ${String(answer.status)}${taken ? ' ACCEPTED' : ''}`);
  }
  if (!checkoutPath) stats.notes.push(`no checkout to post to (${String(checkout.status)})`);
  return accepted;
}

/** A body, and headers, sent a byte at a time: does the server close the connection before the budget? */
async function attackTrickle(ctx: Context, stats: AttackStats): Promise<number> {
  // Its own budget, not --attack-seconds: the server is judged against its own default timeouts.
  const budget = TRICKLE_MS;
  const trickle = (head: string, drip: () => string, name: string) =>
    new Promise<boolean>((done) => {
      const started = performance.now();
      const socket = connect({ host: '127.0.0.1', port: ctx.target.port });
      let closedByServer = false;
      let finished = false;
      let timer: NodeJS.Timeout | undefined;
      const end = () => {
        if (finished) return;
        finished = true;
        clearInterval(timer);
        const held = (performance.now() - started) / 1000;
        stats.requests += 1;
        stats.notes.push(
          `${name}: ${closedByServer ? `closed by the server after ${fixed(held, 1)} s` : `still open after ${fixed(held, 1)} s (budget)`}`,
        );
        socket.destroy();
        done(!closedByServer);
      };
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => socket.write(drip()), 500);
      });
      socket.on('data', () => undefined);
      socket.on('close', () => {
        if (finished) return;
        closedByServer = true;
        end();
      });
      socket.on('error', () => undefined);
      setTimeout(() => {
        if (!socket.destroyed) end();
      }, budget);
    });
  const results = await Promise.all([
    trickle(
      `POST /membergraphapi/api/event HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      () => ' ',
      'body trickle',
    ),
    trickle(`GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\n`, () => 'X', 'header trickle'),
  ]);
  return results.filter(Boolean).length;
}

// ---------------------------------------------------------------------------------------------------
// One engine

interface EngineResult {
  engine: 'sqlite' | 'postgres';
  attacks: AttackStats[];
  requests: number;
  fiveXx: number;
  timeouts: number;
  longestStall: { ms: number; label: string };
  healthPolls: number;
  idleRssMb: number;
  peakRssMb: number;
  peakRssLabel: string;
  memoryRatio: number;
  burst: BurstResult;
  resetMails: number | null;
  crossSiteAccepted: number;
  tricklesHeld: number;
  /** Error lines (pino level 50) in the server's log. */
  serverErrors: number;
  loadAverage: { start: number[]; end: number[] };
  serverLog: string;
}

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<EngineResult> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-hostile-${engine}-`));
  let adminUrl: string | null = null;
  let databaseName: string | null = null;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    if (!POSTGRES_URL) throw new Error('no PostgreSQL URL');
    adminUrl = POSTGRES_URL;
    databaseName = `hostile_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const loadStart = loadavg().map((value) => Math.round(value * 100) / 100);
  const started = await startServer(dataDir, databaseUrl);
  const pid = started.child.pid ?? 0;
  const target: Target = {
    port: started.port,
    attackAgent: new Agent({ keepAlive: true, maxSockets: 256 }),
    healthAgent: new Agent({ keepAlive: true, maxSockets: 1 }),
  };
  const reader = createDb(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', file: join(dataDir, 'member-area.sqlite') },
  );
  const attacks: AttackStats[] = [];
  let current: AttackStats | null = null;
  /** What the server is going through, for the memory samples: idle, an attack, or after. */
  let phase = 'idle';
  const rssByLabel = new Map<string, number>();
  const rssTimer = setInterval(() => {
    const kb = rssKb(pid);
    const label = current?.name ?? phase;
    rssByLabel.set(label, Math.max(rssByLabel.get(label) ?? 0, kb));
    if (current) current.peakRssKb = Math.max(current.peakRssKb, kb);
  }, RSS_INTERVAL_MS);
  const poller = new HealthPoller(target, (label, ms) => {
    const attack = attacks.find((candidate) => candidate.name === label);
    if (attack) attack.stallMs = Math.max(attack.stallMs, ms);
  });
  try {
    // Warm up (first sign-in, first GraphQL call), then take the idle figure.
    const warm = newStats('warm-up');
    const tokenAnswer = await send(target, warm, {
      method: 'POST',
      path: '/membergraphapi/api/auth/token/generic',
    });
    const visitor = (JSON.parse(tokenAnswer.body) as { token?: string }).token ?? '';
    await graphql(target, warm, 'query { content { menuItems(brandId: 1) { title } } }', { token: visitor });
    await signIn(target, warm, PLAYLIST_MEMBER);
    poller.label = 'idle';
    poller.start();
    await sleep(1500);
    const idleSamples: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      idleSamples.push(rssKb(pid));
      await sleep(50);
    }
    idleSamples.sort((a, b) => a - b);
    const idleKb = idleSamples[Math.floor(idleSamples.length / 2)] ?? 0;

    /** One attack, then the settle step; a failed attack is noted and answers `fallback`. */
    const run = async <T>(
      name: string,
      attack: (ctx: Context, stats: AttackStats) => Promise<T>,
      fallback: T,
    ): Promise<T> => {
      const stats = newStats(name);
      attacks.push(stats);
      current = stats;
      poller.label = name;
      process.stdout.write(`  ${engine}: ${name}…`);
      const ctx: Context = { target, visitor, deadline: Date.now() + ATTACK_MS };
      const t0 = performance.now();
      let result = fallback;
      try {
        result = await attack(ctx, stats);
      } catch (error) {
        stats.notes.push(`attack failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        // Settle: wait until the server answers again, so one attack's stall is not the next one's.
        const settleDeadline = Date.now() + SETTLE_MS;
        while (Date.now() < settleDeadline) {
          const health = await send(target, null, {
            method: 'GET',
            path: '/healthz',
            timeoutMs: Math.max(1000, settleDeadline - Date.now()),
          });
          if (health.status === 200 && health.ms < 1000) break;
        }
        await sleep(100);
        process.stdout.write(` ${fixed((performance.now() - t0) / 1000, 1)} s\n`);
      }
      return result;
    };

    const readFailureRows = async () => {
      const row = await reader.kysely
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email', '=', BURST_ACCOUNT)
        .where('succeeded', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const readResetMails = async () => {
      const row = await reader.kysely
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('to_address', '=', RECOVERY_ACCOUNT)
        .where('kind', '=', 'password_reset')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    await run('fragment chains', attackFragmentChains, undefined);
    await run('deep, wide, aliases', attackDeepWideAliases, undefined);
    await run('aliased searches (allowed)', attackAliasedSearches, undefined);
    await run(`playlist name ${String(PLAYLIST_CHARS)} chars`, attackLongPlaylistName, undefined);
    await run('NUL bytes', attackNulBytes, undefined);
    await run('content types', attackContentTypes, undefined);
    const crossSiteAccepted = await run('cross-site posts', attackCrossSite, Number.NaN);
    const tricklesHeld = await run('trickled body and headers', attackTrickle, Number.NaN);
    const burstName = `${String(BURST_SIZE)}-way password burst`;
    const burst = await run(burstName, attackPasswordBurst, {
      checked: Number.NaN,
      refused: Number.NaN,
      failureRows: null,
    });
    // Read once the server is idle again: rows of requests the client stopped waiting for count too.
    burst.failureRows = await readFailureRows().catch(() => null);
    attacks
      .find((attack) => attack.name === burstName)
      ?.notes.push(
        `401 invalid_credentials: ${String(burst.checked)}, 429: ${String(burst.refused)}, login_attempts failure rows: ${String(burst.failureRows)}`,
      );
    const resetsName = `${String(RECOVERY_SIZE)} parallel resets`;
    await run(resetsName, attackRecovery, undefined);
    const resetMails = await readResetMails().catch(() => null);
    attacks
      .find((attack) => attack.name === resetsName)
      ?.notes.push(`password_reset mails to ${RECOVERY_ACCOUNT}: ${String(resetMails)}`);
    current = null;
    phase = 'after the attacks';
    poller.label = 'end';
    await poller.stop();
    clearInterval(rssTimer);

    const requests = attacks.reduce((sum, attack) => sum + attack.requests, 0);
    const fiveXx = attacks.reduce((sum, attack) => sum + attack.fiveXx, 0);
    const timeouts = attacks.reduce((sum, attack) => sum + attack.timeouts, 0);
    // Resident memory rarely shrinks once grown: the peak is charged to the first phase that reached it.
    const peakKb = Math.max(idleKb, ...rssByLabel.values());
    const peakLabel = [...rssByLabel.entries()].find(([, kb]) => kb >= peakKb * 0.95)?.[0] ?? 'idle';
    const serverLog = existsSync(started.logFile) ? readFileSync(started.logFile, 'utf8') : '';
    return {
      engine,
      attacks,
      requests,
      fiveXx,
      timeouts,
      longestStall: poller.longest,
      healthPolls: poller.polls,
      idleRssMb: idleKb / 1024,
      peakRssMb: peakKb / 1024,
      peakRssLabel: peakLabel,
      memoryRatio: idleKb > 0 ? peakKb / idleKb : Number.NaN,
      burst,
      resetMails,
      crossSiteAccepted,
      tricklesHeld,
      loadAverage: { start: loadStart, end: loadavg().map((value) => Math.round(value * 100) / 100) },
      serverErrors: serverLog.split('\n').filter((line) => line.includes('"level":50')).length,
      serverLog: serverLog.slice(-4000),
    };
  } finally {
    clearInterval(rssTimer);
    await poller.stop();
    target.attackAgent.destroy();
    target.healthAgent.destroy();
    await reader.destroy();
    await stopServer(started.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }
}

function report(result: EngineResult) {
  console.log(`\n${result.engine}: attacks`);
  console.log(
    formatTable(
      ['attack', 'requests', '5xx', 'timeouts', 'answers', 'max ms', 'healthz ms', 'peak MB'],
      result.attacks.map((attack) => [
        attack.name,
        String(attack.requests),
        String(attack.fiveXx),
        String(attack.timeouts),
        Object.entries(attack.statuses)
          .map(([status, count]) => `${status}×${String(count)}`)
          .join(' '),
        fixed(attack.maxLatencyMs, 0),
        fixed(attack.stallMs, 0),
        fixed(attack.peakRssKb / 1024, 0),
      ]),
    ),
  );
  for (const attack of result.attacks) {
    if (attack.notes.length > 0) console.log(`  ${attack.name}: ${attack.notes.join('; ')}`);
  }
  const rows = [
    ['requests tried', String(result.requests), `${String(result.timeouts)} given up by the client`],
    [
      '5xx answers',
      String(result.fiveXx),
      verdict(result.fiveXx <= GOALS.fiveXx, `<= ${String(GOALS.fiveXx)}`),
    ],
    [
      'longest /healthz stall',
      `${fixed(result.longestStall.ms, 0)} ms`,
      `${verdict(result.longestStall.ms < GOALS.stallMs, `< ${String(GOALS.stallMs)} ms`)} during ${result.longestStall.label}`,
    ],
    [
      'peak memory / idle',
      fixed(result.memoryRatio, 2),
      `${verdict(result.memoryRatio < GOALS.memoryRatio, `< ${String(GOALS.memoryRatio)}`)} ${fixed(result.peakRssMb, 0)} / ${fixed(result.idleRssMb, 0)} MB, during ${result.peakRssLabel}`,
    ],
    [
      `passwords checked, ${String(BURST_SIZE)}-way burst`,
      String(result.burst.checked),
      `${verdict(result.burst.checked <= GOALS.passwordsChecked, `<= ${String(GOALS.passwordsChecked)}`)} 401 answers; ${String(result.burst.refused)} refused (429); ${String(result.burst.failureRows)} login_attempts failure rows`,
    ],
    [
      `reset mails, ${String(RECOVERY_SIZE)} parallel requests`,
      String(result.resetMails),
      verdict(
        result.resetMails !== null && result.resetMails <= GOALS.resetMails,
        `<= ${String(GOALS.resetMails)}`,
      ),
    ],
    [
      'cross-site posts accepted',
      String(result.crossSiteAccepted),
      verdict(result.crossSiteAccepted <= GOALS.crossSite, '0'),
    ],
    [
      'trickled connections held to the end',
      String(result.tricklesHeld),
      verdict(result.tricklesHeld <= GOALS.trickles, '0, of 2'),
    ],
    [
      'load average (1, 5, 15 min)',
      result.loadAverage.start.join(' '),
      `at the end: ${result.loadAverage.end.join(' ')}`,
    ],
  ];
  console.log(`\n${result.engine}: summary`);
  console.log(formatTable(['figure', 'value', 'goal'], rows, ['left', 'right', 'left']));
  if (result.serverErrors > 0)
    console.log(
      `  server log: ${String(result.serverErrors)} error lines (the last 4 kB are in the results file)`,
    );
}

function passed(result: EngineResult): boolean {
  return (
    result.fiveXx <= GOALS.fiveXx &&
    result.longestStall.ms < GOALS.stallMs &&
    result.memoryRatio < GOALS.memoryRatio &&
    result.burst.checked <= GOALS.passwordsChecked &&
    result.resetMails !== null &&
    result.resetMails <= GOALS.resetMails &&
    result.crossSiteAccepted <= GOALS.crossSite &&
    result.tricklesHeld <= GOALS.trickles
  );
}

async function main(): Promise<void> {
  if (!existsSync(args['server-entry'])) {
    throw new Error(`${args['server-entry']} is missing: run npm run build -w @member/server first`);
  }
  const engines: ('sqlite' | 'postgres')[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(
    `hostile run: ${engines.join(' and ')}; attack budget ${String(ATTACK_MS / 1000)} s, request timeout ${String(REQUEST_TIMEOUT_MS / 1000)} s, settle at most ${String(SETTLE_MS / 1000)} s`,
  );
  const results: EngineResult[] = [];
  for (const engine of engines) {
    const result = await runEngine(engine);
    results.push(result);
    report(result);
  }
  const file = writeResults('security-hostile', {
    machine: machineInfo(),
    options: {
      attackMs: ATTACK_MS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      settleMs: SETTLE_MS,
      playlistChars: PLAYLIST_CHARS,
    },
    goals: GOALS,
    results,
  });
  console.log(`\nresults: ${file}`);
  if (args.check && !results.every(passed)) process.exitCode = 1;
}

await main();
