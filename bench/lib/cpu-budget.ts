/**
 * A fixed CPU budget for a server process, as a container's CPU limit gives each replica in production:
 * a Linux control group with a CFS quota (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us`). The scale-out
 * benchmark gives each app node the same budget so that "members per core" is measured per core of
 * budget, and the rest of the machine (PostgreSQL, Redis, the proxy, the load generator) never competes
 * with the nodes for the cores they are measured on.
 *
 * The process is started inside its group (a shell writes its own pid to `cgroup.procs`, then `exec`s
 * the command), so every thread it ever has (V8's, libuv's) counts against the budget.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The quota's accounting period. Short, so that a node that spends its quota early in a period waits
 * at most this long (the kernel's default of 100 ms would add up to 50 ms to a request at half a core).
 */
const PERIOD_US = 10_000;

export interface BudgetStat {
  usedMicros: number;
  periods: number;
  throttledPeriods: number;
}

/** Reads `name value` lines of a cgroup stat file. */
function statLines(file: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [key, value] = line.split(' ');
    if (key && value) values.set(key, Number(value));
  }
  return values;
}

export interface CpuBudget {
  /** Cores of CPU time per second of wall time the group may use. */
  cores: number;
  /** `cgroup v1` or `cgroup v2`, and the group's folder. */
  describe: string;
  /** The argv that starts `command` inside the group. */
  wrap(command: string, args: readonly string[]): { command: string; args: string[] };
  /** CPU time the group has used, and its accounting periods: all, and those in which it ran out. */
  stat(): BudgetStat;
  /** Removes the group (once its processes have exited). */
  remove(): void;
}

const V2_ROOT = '/sys/fs/cgroup';
const V1_CPU_ROOT = '/sys/fs/cgroup/cpu';

function v2Available(): boolean {
  const controllers = join(V2_ROOT, 'cgroup.controllers');
  return existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu');
}

/** Makes a group with the budget, or says why it cannot (not Linux, no cpu controller, not root). */
export function createCpuBudget(name: string, cores: number): CpuBudget {
  if (!(cores > 0)) throw new Error('a CPU budget must be more than 0 cores');
  const quota = Math.round(cores * PERIOD_US);
  if (v2Available()) {
    const dir = join(V2_ROOT, name);
    const subtree = join(V2_ROOT, 'cgroup.subtree_control');
    if (!readFileSync(subtree, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(subtree, '+cpu');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    return budget(cores, `cgroup v2 ${dir}`, dir, () => {
      const stat = statLines(join(dir, 'cpu.stat'));
      return {
        usedMicros: stat.get('usage_usec') ?? Number.NaN,
        periods: stat.get('nr_periods') ?? Number.NaN,
        throttledPeriods: stat.get('nr_throttled') ?? Number.NaN,
      };
    });
  }
  if (existsSync(join(V1_CPU_ROOT, 'cpu.cfs_quota_us'))) {
    const dir = join(V1_CPU_ROOT, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
    // cpuacct is mounted apart on v1; the group's usage is read from it when it is there.
    const accounting = join('/sys/fs/cgroup/cpuacct', name);
    mkdirSync(accounting, { recursive: true });
    return budget(
      cores,
      `cgroup v1 ${dir}`,
      dir,
      () => {
        const stat = statLines(join(dir, 'cpu.stat'));
        return {
          usedMicros: Number(readFileSync(join(accounting, 'cpuacct.usage'), 'utf8')) / 1_000,
          periods: stat.get('nr_periods') ?? Number.NaN,
          throttledPeriods: stat.get('nr_throttled') ?? Number.NaN,
        };
      },
      accounting,
    );
  }
  throw new Error(
    'no writable cgroup cpu controller here (needs Linux and root); run with --node-cpu 0 for no budget',
  );
}

function budget(
  cores: number,
  describe: string,
  dir: string,
  stat: () => BudgetStat,
  accounting?: string,
): CpuBudget {
  const groups = [dir, ...(accounting ? [accounting] : [])];
  return {
    cores,
    describe,
    wrap(command, args) {
      const joins = groups.map((g) => `echo $$ > '${join(g, 'cgroup.procs')}'`).join(' && ');
      return { command: '/bin/sh', args: ['-c', `${joins} && exec "$0" "$@"`, command, ...args] };
    },
    stat,
    remove() {
      for (const group of groups) {
        try {
          rmdirSync(group);
        } catch {
          // Still has a process (a node that did not exit): the kernel keeps it until it does.
        }
      }
    },
  };
}
