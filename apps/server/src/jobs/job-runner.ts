import { randomBytes } from 'node:crypto';

import { isoNow } from '../db/json';
import type { JobsRepository } from './jobs.repository';

/** A job any module can schedule: a name unique on the server, how often it runs, and its work. */
export interface Job {
  name: string;
  /** From the start of one run to the start of the next, across every node. */
  intervalMs: number;
  /**
   * How long one run holds the job before another node may take it over (its node is taken for dead).
   * Longer than any run should take; DEFAULT_LEASE_MS when absent.
   */
  leaseMs?: number;
  /** The work, with the server's log for what it has to say; an error it throws is logged for it. */
  run: (log: JobLog) => Promise<void>;
}

export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface JobRunnerDeps {
  repository: JobsRepository;
  log: JobLog;
  /** This node's name in the leases it holds; a random one by default. */
  node?: string;
  /** How often each job's row is asked whether it is due (at most the job's own interval). */
  pollMs?: number;
  now?: () => Date;
  /** Told of each run this node made: the job, whether it succeeded, how long it took (metrics). */
  onRun?: (job: string, ok: boolean, seconds: number) => void;
}

/** A run outlasting this is taken for dead, and the job for another node's to take over. */
export const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const DEFAULT_POLL_MS = 5_000;

/**
 * Runs scheduled jobs on this node, at most one node at a time per job (docs/decisions/017). Each
 * job's row in `job_leases` says when it is due; a node polls it and runs the job only once it takes
 * the row's lease, then sets the next run one interval after this run's start. So two nodes never run
 * a job at once, and the job runs once per interval however many nodes there are. A failed run is
 * logged and the next one still comes; `stop` ends the polls and waits for the runs in progress.
 */
export function createJobRunner({
  repository,
  log,
  node = randomBytes(6).toString('hex'),
  pollMs = DEFAULT_POLL_MS,
  now = () => new Date(),
  onRun,
}: JobRunnerDeps) {
  const jobs = new Map<string, Job>();
  const ensured = new Set<string>();
  const running = new Map<string, Promise<boolean>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  /** Adds a job; before `start` only, once per name. */
  function schedule(job: Job): void {
    if (jobs.has(job.name)) throw new Error(`A job named "${job.name}" is already scheduled`);
    if (!(job.intervalMs > 0)) throw new Error(`The job "${job.name}" needs an interval above zero`);
    jobs.set(job.name, job);
  }

  async function attempt(job: Job): Promise<boolean> {
    const startedAt = now();
    if (!ensured.has(job.name)) {
      await repository.ensure(job.name, isoNow(new Date(startedAt.getTime() + job.intervalMs)));
      ensured.add(job.name);
    }
    const holder = `${node}:${randomBytes(6).toString('hex')}`;
    const until = new Date(startedAt.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS));
    if (!(await repository.claim(job.name, holder, isoNow(startedAt), isoNow(until)))) return false;
    let error: string | null = null;
    try {
      await job.run(log);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      log.error({ job: job.name, err: caught }, 'job failed');
    }
    onRun?.(job.name, error === null, (now().getTime() - startedAt.getTime()) / 1000);
    const finished = await repository.finish(job.name, holder, {
      nextRunAt: isoNow(new Date(startedAt.getTime() + job.intervalMs)),
      finishedAt: isoNow(now()),
      error: error?.slice(0, 1000) ?? null,
    });
    if (!finished) log.error({ job: job.name }, 'job outlived its lease; another node took it over');
    return true;
  }

  /**
   * Runs the job if it is due and no node holds it; true when this node ran it. A second call while
   * this node runs it waits for that run rather than asking the database.
   */
  async function runIfDue(name: string): Promise<boolean> {
    const job = jobs.get(name);
    if (!job) throw new Error(`No job named "${name}" is scheduled`);
    if (stopped) return false;
    const current = running.get(name);
    if (current) return current.then(() => false);
    const run = attempt(job).finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  /** One poll of every job: the names of those this node ran. */
  async function runDue(): Promise<string[]> {
    const names = [...jobs.keys()];
    const ran = await Promise.all(names.map((name) => runIfDue(name)));
    return names.filter((_name, index) => ran[index]);
  }

  /** Starts polling each job (timers that keep no process alive). */
  function start(): void {
    if (stopped) throw new Error('A stopped job runner cannot start again');
    for (const job of jobs.values()) {
      const timer = setInterval(
        () => {
          runIfDue(job.name).catch((error: unknown) => {
            // The database could not be asked (down, or closing): the next poll asks again.
            log.error({ job: job.name, err: error }, 'job poll failed');
          });
        },
        Math.min(pollMs, job.intervalMs),
      );
      timer.unref();
      timers.push(timer);
    }
  }

  /** Stops polling and waits for the runs in progress to finish (their results are still recorded). */
  async function stop(): Promise<void> {
    stopped = true;
    for (const timer of timers.splice(0)) clearInterval(timer);
    await Promise.allSettled(running.values());
  }

  return { schedule, start, stop, runIfDue, runDue };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
