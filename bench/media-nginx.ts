/**
 * Media through nginx (the shipped njs signed-URL check, nginx.conf.example) against the same files
 * through Node (the member area's /media route), side by side in one run (issue 15). Smoke-run only on
 * a shared machine; take figures on a quiet one.
 *
 * - Node: server-process.ts (the real app, production settings) in a child, with MEDIA_URL_SECRET set.
 * - nginx: Debian's nginx and its njs module (`apt-get install -y nginx libnginx-mod-http-js`), started by
 *   this script as its own master (never the system service) on a free port, with a temporary prefix and a
 *   config made from apps/server/src/modules/media/nginx/nginx.conf.example: the example's media
 *   location, njs check, types and headers as shipped; only the paths, the port (plain HTTP on
 *   127.0.0.1), the upstream (the Node child) and the process settings are replaced. One worker process,
 *   as Node serves on one thread.
 * - The same signed URLs (media.signing.ts, one hour) to both; before any load, both must answer 200 with
 *   byte-identical bodies, and both must refuse a forged signature with 403.
 *
 * Targets: `segment` (an HLS video segment, about 44 KB) and `track` (an MP3, about 520 KB), each through
 * nginx and through Node; warm-up, then rounds in mirrored order. Figures: req/s, MB/s, p50/p99, the
 * serving side's CPU per request (Node: process.cpuUsage over IPC; nginx: /proc of master and worker),
 * and nginx / Node throughput per file. Target: nginx at least 2 x Node.
 *
 * Load: wrk (`apt-get install -y wrk`), one thread, from this process's machine; `--generator autocannon`
 * uses the Node load generator instead, which reads at most about 60 MB/s here and so measures itself.
 *
 * Usage: npm run bench:media -- [--duration 10] [--warmup 3] [--connections 10] [--rounds 2]
 *                              [--files segment,track] [--generator wrk|autocannon] [--check]
 * Smoke: npm run bench:media -- --duration 2 --warmup 1 --rounds 1 --connections 2
 */
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { signedMediaPath } from '../apps/server/src/modules/media/media.signing';
import { localRequest } from './lib/http';
import { type ParentMessage, isServerMessage } from './lib/protocol';
import { BENCH_DIR, REPO_ROOT, fixed, formatTable, machineInfo, verdict, writeResults } from './lib/report';

const TARGET_RATIO = 2;
const NGINX_DIR = resolve(REPO_ROOT, 'apps/server/src/modules/media/nginx');
const MEDIA_DIR = resolve(REPO_ROOT, 'apps/server/media');
const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';
const START_TIMEOUT_MS = 120_000;

const FILES = {
  segment: { scope: ['video', 'colony'], file: ['video', 'colony', 'seg000.m4s'] },
  track: { scope: ['music'], file: ['music', '01-harbor-lights.mp3'] },
} as const;
type FileName = keyof typeof FILES;
type Server = 'nginx' | 'node';

interface Options {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  rounds: number;
  files: FileName[];
  /** The load generator: wrk (C, Debian's package) by default, autocannon (Node) as the fallback. */
  generator: Generator;
  check: boolean;
}

type Generator = 'wrk' | 'autocannon';

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '2' },
      files: { type: 'string', default: 'segment,track' },
      generator: { type: 'string', default: 'wrk' },
      check: { type: 'boolean', default: false },
    },
  });
  const int = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max}`);
    return value;
  };
  const files = values.files.split(',').map((f) => f.trim());
  for (const f of files)
    if (!(f in FILES)) throw new Error(`unknown file ${f}; choose from ${Object.keys(FILES).join(', ')}`);
  return {
    connections: int('connections', values.connections, 1, 256),
    warmupSeconds: int('warmup', values.warmup, 0, 60),
    durationSeconds: int('duration', values.duration, 1, 120),
    rounds: int('rounds', values.rounds, 1, 10),
    files: files as FileName[],
    generator: generatorOption(values.generator),
    check: values.check,
  };
}

function generatorOption(raw: string): Generator {
  if (raw === 'autocannon') return raw;
  if (raw !== 'wrk') throw new Error('--generator must be wrk or autocannon');
  if (spawnSync('wrk', ['--version']).error)
    throw new Error('wrk is not installed: apt-get install -y wrk (or --generator autocannon)');
  return raw;
}

// ---------------------------------------------------------------------------------------------------
// The load generator

interface Load {
  requests: number;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bad: number;
}

/**
 * wrk's summary as JSON, from its `done` hook (latencies in microseconds). wrk counts any answer that
 * is not 2xx or 3xx in `status`.
 */
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"bytes":%d,"micros":%d,"p50":%d,"p99":%d,"bad":%d}\\n',
    summary.requests, summary.bytes, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;

interface WrkReport {
  requests: number;
  bytes: number;
  micros: number;
  p50: number;
  p99: number;
  bad: number;
}

/**
 * Loads one URL for `seconds` with `connections` keep-alive connections. wrk is the default: written
 * in C, one thread, it reads what a server sends several times faster than autocannon, whose parsing in
 * JavaScript capped both servers at about 60 MB/s on this kind of machine and so hid the difference the
 * benchmark is for.
 */
async function generate(options: Options, url: string, seconds: number): Promise<Load> {
  if (options.generator === 'autocannon') {
    const result = await autocannon({ url, connections: options.connections, duration: seconds });
    return {
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / result.duration,
      megabytesPerSecond: result.throughput.total / result.duration / 1e6,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      bad: result.errors + result.timeouts + result.non2xx,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'report.lua');
    writeFileSync(script, WRK_REPORT);
    const args = ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url];
    const output = await new Promise<string>((resolvePromise, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolvePromise(text) : reject(new Error(`wrk exited with ${code}: ${text}`)),
      );
    });
    const line = output.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk gave no summary: ${output}`);
    const report = JSON.parse(line) as WrkReport;
    const elapsed = report.micros / 1e6;
    return {
      requests: report.requests,
      requestsPerSecond: report.requests / elapsed,
      megabytesPerSecond: report.bytes / elapsed / 1e6,
      p50Ms: report.p50 / 1000,
      p99Ms: report.p99 / 1000,
      bad: report.bad,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// ---------------------------------------------------------------------------------------------------
// Node: the real app in server-process.ts

class NodeServer {
  private nextId = 1;
  private readonly pending = new Map<number, (usage: NodeJS.CpuUsage) => void>();
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (message: unknown) => {
      if (!isServerMessage(message) || message.type !== 'cpu') return;
      this.pending.get(message.id)?.(message.usage);
      this.pending.delete(message.id);
    });
  }

  static start(secret: string): Promise<NodeServer> {
    const child = fork(resolve(BENCH_DIR, 'server-process.ts'), [], {
      cwd: BENCH_DIR,
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_MEDIA_URL_SECRET: secret },
      stdio: 'inherit',
    });
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error('the Node server did not start'));
      }, START_TIMEOUT_MS);
      child.on('message', (message: unknown) => {
        if (!isServerMessage(message)) return;
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolvePromise(new NodeServer(child, message.port));
        } else if (message.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(message.message));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the Node server exited (code ${String(code)})`));
      });
    });
  }

  /** User + system CPU time of the server so far, in microseconds. */
  cpuMicros(): Promise<number> {
    const id = this.nextId++;
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => reject(new Error('no CPU answer')), 5_000);
      this.pending.set(id, (usage) => {
        clearTimeout(timer);
        resolvePromise(usage.user + usage.system);
      });
      this.child.send({ type: 'cpu', id } satisfies ParentMessage);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((done) => this.child.once('exit', () => done()));
    this.child.send({ type: 'stop' } satisfies ParentMessage);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// nginx: its own master on a temporary prefix

/** The shipped example, made runnable here: only paths, port, upstream and process settings change. */
function nginxConfig(prefix: string, port: number, upstreamPort: number): string {
  const example = readFileSync(join(NGINX_DIR, 'nginx.conf.example'), 'utf8');
  const replace = (text: string, from: string, to: string) => {
    if (!text.includes(from))
      throw new Error(`nginx.conf.example changed: "${from}" is gone; update media-nginx.ts`);
    return text.split(from).join(to);
  };
  let config = example;
  config = replace(config, 'load_module modules/ngx_http_js_module.so;', `load_module ${NJS_MODULE};`);
  config = replace(config, 'js_path /etc/nginx/njs;', `js_path ${NGINX_DIR};`);
  config = replace(config, 'server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`);
  config = replace(config, 'listen 443 ssl;', `listen 127.0.0.1:${port};`);
  config = replace(config, '/srv/member-area/apps/server/media/', `${MEDIA_DIR}/`);
  config = replace(config, '/var/lib/member-area/media/', `${join(prefix, 'imported')}/`);
  config = replace(
    config,
    'http {',
    [
      'http {',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      `  client_body_temp_path ${prefix}/tmp/body;`,
      `  proxy_temp_path ${prefix}/tmp/proxy;`,
      `  fastcgi_temp_path ${prefix}/tmp/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/tmp/uwsgi;`,
      `  scgi_temp_path ${prefix}/tmp/scgi;`,
    ].join('\n'),
  );
  return [
    'daemon off;',
    'worker_processes 1;',
    // Workers keep the starting user (no switch to nobody), so they read the repository's files.
    'user root;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    // After the example's load_module, which must come before any block.
    config,
    'events { worker_connections 4096; }',
  ].join('\n');
}

interface Nginx {
  port: number;
  master: ChildProcess;
  prefix: string;
}

async function startNginx(secret: string, upstreamPort: number): Promise<Nginx> {
  const found = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (found.error) throw new Error('nginx is not installed: apt-get install -y nginx libnginx-mod-http-js');
  const prefix = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  try {
    return await startNginxIn(prefix, secret, upstreamPort);
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
}

async function startNginxIn(prefix: string, secret: string, upstreamPort: number): Promise<Nginx> {
  mkdirSync(join(prefix, 'tmp'));
  mkdirSync(join(prefix, 'imported'));
  const port = await freePort();
  writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, port, upstreamPort));
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')];
  const test = spawnSync('nginx', [...args, '-t'], {
    encoding: 'utf8',
    env: { ...process.env, MEDIA_URL_SECRET: secret },
  });
  if (test.status !== 0) throw new Error(`nginx refused the config:\n${test.stderr}`);
  const master = spawn('nginx', args, {
    env: { PATH: process.env.PATH ?? '', MEDIA_URL_SECRET: secret },
    stdio: 'inherit',
  });
  const end = Date.now() + 10_000;
  for (;;) {
    try {
      await localRequest({ port, method: 'GET', path: '/media/s/1/2/x/demo/x', headers: {} });
      break;
    } catch (error) {
      if (Date.now() > end || master.exitCode !== null) {
        master.kill('SIGKILL');
        throw error;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return { port, master, prefix };
}

async function stopNginx(nginx: Nginx): Promise<void> {
  if (nginx.master.exitCode === null && nginx.master.signalCode === null) {
    const exited = new Promise<void>((done) => nginx.master.once('exit', () => done()));
    nginx.master.kill('SIGQUIT');
    const timer = setTimeout(() => nginx.master.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(nginx.prefix, { recursive: true, force: true });
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time of nginx's master and its workers (children), in microseconds, from /proc. */
function nginxCpuMicros(nginx: Nginx): number {
  const master = nginx.master.pid;
  if (master === undefined) return Number.NaN;
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let ticks = 0;
  for (const pid of [String(master), ...children]) {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / TICKS_PER_SECOND) * 1_000_000;
}

// ---------------------------------------------------------------------------------------------------

interface Measurement {
  server: Server;
  file: FileName;
  round: number;
  requests: number;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuPerRequestUs: number;
  bad: number;
}

async function main(): Promise<void> {
  const options = parseOptions();
  const machine = machineInfo();
  console.log(
    `media-nginx: ${options.connections} connections, warm-up ${options.warmupSeconds} s, ${options.rounds} rounds x ${options.durationSeconds} s; ` +
      `${machine.cores} cores (${machine.cpuModel}), load average ${machine.loadAverage.join(' ')}`,
  );
  const secret = randomBytes(32).toString('base64url');
  const key = new TextEncoder().encode(secret);
  const node = await NodeServer.start(secret);
  let nginx: Nginx | null = null;
  const measurements: Measurement[] = [];
  try {
    nginx = await startNginx(secret, node.port);
    const running = nginx;
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const paths = Object.fromEntries(
      options.files.map((name) => {
        const { scope, file } = FILES[name];
        return [name, signedMediaPath(key, { root: 'demo', scope: [...scope], expires }, [...file])];
      }),
    ) as Record<FileName, string>;
    const portOf = (server: Server) => (server === 'nginx' ? running.port : node.port);

    // Same bytes from both, and both refuse a forged signature.
    for (const name of options.files) {
      const path = paths[name];
      const expected = readFileSync(join(MEDIA_DIR, 'demo', ...FILES[name].file));
      for (const server of ['nginx', 'node'] as const) {
        const answer = await localRequest({ port: portOf(server), method: 'GET', path, headers: {} });
        if (answer.status !== 200 || !answer.body.equals(expected))
          throw new Error(
            `${server} did not send ${name} as it is on disk: ${answer.status} ${answer.body.length} bytes`,
          );
        const forged = path.replace(
          /\/s\/(\d+)\/(\d+)\/([A-Za-z0-9_-])/,
          (_m, e: string, d: string, c: string) => `/s/${e}/${d}/${c === 'A' ? 'B' : 'A'}`,
        );
        const refused = await localRequest({
          port: portOf(server),
          method: 'GET',
          path: forged,
          headers: {},
        });
        if (refused.status !== 403)
          throw new Error(`${server} answered a forged link with ${refused.status}`);
      }
    }
    console.log(
      `identical bytes and refusals from nginx (port ${running.port}) and Node (port ${node.port})`,
    );

    const cpu = (server: Server) =>
      server === 'nginx' ? Promise.resolve(nginxCpuMicros(running)) : node.cpuMicros();
    const measure = async (server: Server, file: FileName, round: number, seconds: number) => {
      const before = await cpu(server);
      const load = await generate(options, `http://127.0.0.1:${portOf(server)}${paths[file]}`, seconds);
      const used = (await cpu(server)) - before;
      const m: Measurement = {
        server,
        file,
        round,
        ...load,
        cpuPerRequestUs: load.requests > 0 ? used / load.requests : Number.NaN,
      };
      measurements.push(m);
      return m;
    };
    const order = options.files.flatMap((file) =>
      (['nginx', 'node'] as const).map((server) => ({ server, file })),
    );
    if (options.warmupSeconds > 0)
      for (const t of order) await measure(t.server, t.file, 0, options.warmupSeconds);
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const t of round % 2 === 1 ? order : [...order].reverse()) {
        const m = await measure(t.server, t.file, round, options.durationSeconds);
        console.log(`  round ${round} ${t.file} via ${t.server}: ${fixed(m.requestsPerSecond, 0)} req/s`);
      }
    }
  } finally {
    if (nginx) await stopNginx(nginx);
    await node.stop();
  }

  const counted = measurements.filter((m) => m.round > 0);
  const total = (server: Server, file: FileName) => {
    const mine = counted.filter((m) => m.server === server && m.file === file);
    const requests = mine.reduce((n, m) => n + m.requests, 0);
    const seconds = mine.reduce((n, m) => n + m.requests / m.requestsPerSecond, 0);
    return {
      requests,
      requestsPerSecond: requests / seconds,
      cpuPerRequestUs: mine.reduce((n, m) => n + m.cpuPerRequestUs * m.requests, 0) / requests,
    };
  };
  console.log(
    `\n${formatTable(
      ['file', 'server', 'round', 'requests', 'req/s', 'MB/s', 'p50 ms', 'p99 ms', 'CPU us/req', 'bad'],
      measurements.map((m) => [
        m.file,
        m.server,
        m.round === 0 ? 'warm-up' : String(m.round),
        String(m.requests),
        fixed(m.requestsPerSecond, 0),
        fixed(m.megabytesPerSecond, 1),
        fixed(m.p50Ms, 0),
        fixed(m.p99Ms, 0),
        fixed(m.cpuPerRequestUs, 0),
        String(m.bad),
      ]),
    )}\n`,
  );
  const comparisons = options.files.map((file) => {
    const a = total('nginx', file);
    const b = total('node', file);
    const ratio = a.requestsPerSecond / b.requestsPerSecond;
    const cpuRatio = b.cpuPerRequestUs / a.cpuPerRequestUs;
    console.log(
      `${file}: nginx / Node throughput ${fixed(ratio, 2)}, CPU per request ${fixed(cpuRatio, 2)} x less; ` +
        `target nginx >= ${TARGET_RATIO} x Node: ${verdict(ratio >= TARGET_RATIO, fixed(ratio, 2))}`,
    );
    return { file, nginx: a, node: b, throughputRatio: ratio, cpuRatio, pass: ratio >= TARGET_RATIO };
  });
  const bad = counted.reduce((n, m) => n + m.bad, 0);
  if (bad > 0) console.log(`${bad} errors or non-2xx answers: figures are not valid`);
  const file = writeResults('media-nginx', {
    benchmark: 'media-nginx',
    date: new Date().toISOString(),
    machine,
    loadAverageAfter: machineInfo().loadAverage,
    options,
    target: { nginxOverNode: TARGET_RATIO },
    comparisons,
    measurements,
  });
  console.log(`results: ${file}`);
  if (bad > 0 || (options.check && comparisons.some((c) => !c.pass))) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
