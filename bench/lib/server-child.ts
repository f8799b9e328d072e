/**
 * The benchmarks' server child (server-process.ts) and the little IPC protocol to read its CPU time:
 * the real server runs alone in its own process so that its CPU time per request can be read without
 * the load generator's. Used by api-throughput.ts and marketplace-home.ts.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';

import { type ParentMessage, isServerMessage } from './protocol';
import { BENCH_DIR, RESULTS_DIR } from './report';

const SERVER_START_TIMEOUT_MS = 120_000;
const IPC_TIMEOUT_MS = 5_000;
const SERVER_STOP_TIMEOUT_MS = 15_000;

/** The server child and the little IPC protocol to read its CPU time. */
export class ServerChild {
  private nextId = 1;
  private readonly pending = new Map<number, (usage: NodeJS.CpuUsage) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    /** The bare Fastify instance's port, beside the product's server in the same child. */
    readonly barePort: number,
  ) {
    child.on('message', (message: unknown) => {
      if (!isServerMessage(message) || message.type !== 'cpu') return;
      this.pending.get(message.id)?.(message.usage);
      this.pending.delete(message.id);
    });
  }

  static start(cpuProf: boolean): Promise<ServerChild> {
    const execArgv = ['--import', 'tsx'];
    if (cpuProf) execArgv.push('--cpu-prof', `--cpu-prof-dir=${resolve(RESULTS_DIR, 'profiles')}`);
    // cwd is bench/ so that `--import tsx` resolves tsx from bench's (or the repo's) node_modules.
    const child = fork(resolve(BENCH_DIR, 'server-process.ts'), [], {
      cwd: BENCH_DIR,
      execArgv,
      stdio: 'inherit',
    });
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`the server child did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`));
      }, SERVER_START_TIMEOUT_MS);
      const onMessage = (message: unknown) => {
        if (!isServerMessage(message)) return;
        if (message.type === 'ready') {
          cleanup();
          resolvePromise(new ServerChild(child, message.port, message.barePort));
        } else if (message.type === 'failed') {
          cleanup();
          reject(new Error(`the server child failed to start:\n${message.message}`));
        }
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`the server child exited during start-up (code ${String(code)})`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }

  /** The child's own user + system CPU time so far (microseconds). */
  cpuUsage(): Promise<NodeJS.CpuUsage> {
    const id = this.nextId++;
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('the server child did not report its CPU usage'));
      }, IPC_TIMEOUT_MS);
      this.pending.set(id, (usage) => {
        clearTimeout(timer);
        resolvePromise(usage);
      });
      this.send({ type: 'cpu', id });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolvePromise) => {
      this.child.once('exit', () => {
        resolvePromise();
      });
    });
    this.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  private send(message: ParentMessage): void {
    this.child.send(message);
  }
}
