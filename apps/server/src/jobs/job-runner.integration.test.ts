import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Db } from '../db/database';
import { ENGINES, openSharedTestDb } from '../test/harness';
import { DEFAULT_LEASE_MS, type Job, type JobLog, createJobRunner } from './job-runner';
import { createJobsRepository } from './jobs.repository';

const INTERVAL_MS = 60_000;
const START = Date.parse('2026-05-01T00:00:00.000Z');

/** A log that keeps its error lines, so a test can read what a failed run said. */
function recordingLog() {
  const errors: Record<string, unknown>[] = [];
  const log: JobLog = {
    info: () => undefined,
    error: (details) => {
      errors.push(details);
    },
  };
  return { log, errors };
}

/** A promise the test settles by hand: a run that lasts until the test says it is over. */
function gate() {
  let open: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

/*
 * Issue 13, item 5 (decision 017): two servers on one database, each with its own runner and the same
 * job, share one schedule. The clock is the test's, so "once per interval" is counted exactly.
 */
describe.each(ENGINES)('job runner on two servers (%s)', (engine) => {
  let shared: { first: Db; second: Db; close: () => Promise<void> };
  let clock: number;
  const now = () => new Date(clock);
  /** Each test schedules a job of its own name, so the tests share one database. */
  let name = '';
  let tests = 0;

  beforeAll(async () => {
    shared = await openSharedTestDb(engine);
  });
  afterAll(async () => {
    await shared.close();
  });
  beforeEach(() => {
    clock = START;
    tests += 1;
    name = `draw-${tests}`;
  });

  function twoServers(job: Omit<Job, 'name' | 'intervalMs'> & Partial<Pick<Job, 'intervalMs'>>) {
    const { log, errors } = recordingLog();
    const runners = [shared.first, shared.second].map((db, index) => {
      const runner = createJobRunner({
        repository: createJobsRepository(db.kysely),
        log,
        node: `server-${index}`,
        now,
      });
      runner.schedule({ name, intervalMs: INTERVAL_MS, ...job });
      return runner;
    });
    const [a, b] = runners as [ReturnType<typeof createJobRunner>, ReturnType<typeof createJobRunner>];
    return { a, b, errors };
  }

  it('runs a job once per interval, whichever server asks and however often', async () => {
    let runs = 0;
    const { a, b } = twoServers({
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    });
    // First due one interval after the schedule is first written, as a timer would be.
    expect([...(await a.runDue()), ...(await b.runDue())]).toEqual([]);
    for (let interval = 1; interval <= 5; interval += 1) {
      clock = START + interval * INTERVAL_MS;
      // Both ask at the same moment, twice: one of them runs it, once.
      const ran = await Promise.all([a.runDue(), b.runDue(), b.runDue(), a.runDue()]);
      expect(ran.flat()).toEqual([name]);
      clock += INTERVAL_MS / 2;
      expect([...(await a.runDue()), ...(await b.runDue())]).toEqual([]);
    }
    expect(runs).toBe(5);
  });

  it('never runs a job on two servers at once, even when a run outlasts its interval', async () => {
    const slow = gate();
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    const { a, b } = twoServers({
      run: async () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await slow.closed;
        inFlight -= 1;
      },
    });
    await a.runDue();
    clock = START + INTERVAL_MS;
    const first = a.runIfDue(name);
    await expect.poll(() => runs).toBe(1);
    // Two intervals later the run still holds its lease: the other server leaves the job alone.
    clock = START + 3 * INTERVAL_MS;
    expect(await b.runIfDue(name)).toBe(false);
    slow.open();
    expect(await first).toBe(true);
    // The next run is one interval after the last one started, already past: due now.
    expect(await b.runIfDue(name)).toBe(true);
    expect(most).toBe(1);
    expect(runs).toBe(2);
  });

  it('logs a failed run, and the next interval runs again', async () => {
    let runs = 0;
    const { a, b, errors } = twoServers({
      run: () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('the draw broke')) : Promise.resolve();
      },
    });
    await a.runDue();
    clock = START + INTERVAL_MS;
    expect(await a.runDue()).toEqual([name]);
    expect(errors).toEqual([expect.objectContaining({ job: name, err: new Error('the draw broke') })]);
    const row = await shared.first.kysely
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: null, leased_until: null, last_error: 'the draw broke' });
    clock = START + 2 * INTERVAL_MS;
    expect(await b.runDue()).toEqual([name]);
    expect(runs).toBe(2);
  });

  it('lets another server take over a job whose server died mid-run, once the lease is over', async () => {
    const never = gate();
    let runs = 0;
    const { a, b, errors } = twoServers({
      run: async () => {
        runs += 1;
        // The first run's server "dies": its run never ends.
        if (runs === 1) await never.closed;
      },
    });
    await a.runDue();
    clock = START + INTERVAL_MS;
    void a.runIfDue(name);
    await expect.poll(() => runs).toBe(1);
    clock = START + INTERVAL_MS + DEFAULT_LEASE_MS - 1;
    expect(await b.runIfDue(name)).toBe(false);
    clock = START + INTERVAL_MS + DEFAULT_LEASE_MS + 1;
    expect(await b.runIfDue(name)).toBe(true);
    expect(runs).toBe(2);
    // The dead run, had it come back, could not write over the lease another server took.
    never.open();
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toMatchObject({ job: name });
  });

  // Issue 15, item 5: the metrics count each run with its outcome and duration.
  it('tells onRun of each run it made, with its outcome', async () => {
    const { log } = recordingLog();
    const told: { job: string; ok: boolean; seconds: number }[] = [];
    const runner = createJobRunner({
      repository: createJobsRepository(shared.first.kysely),
      log,
      onRun: (job, ok, seconds) => told.push({ job, ok, seconds }),
      now: () => new Date(clock),
    });
    let clock = Date.now();
    let fail = false;
    runner.schedule({
      name,
      intervalMs: 1,
      run: () => (fail ? Promise.reject(new Error('boom')) : Promise.resolve()),
    });
    await runner.runIfDue(name); // the first call makes the job's row, due one interval later
    clock += 10_000;
    expect(await runner.runIfDue(name)).toBe(true);
    fail = true;
    clock += 10_000;
    expect(await runner.runIfDue(name)).toBe(true);
    expect(told.map(({ job, ok }) => ({ job, ok }))).toEqual([
      { job: name, ok: true },
      { job: name, ok: false },
    ]);
    expect(told.every(({ seconds }) => seconds >= 0)).toBe(true);
  });

  it('polls on its own once started, and stops on shutdown after the run in progress', async () => {
    const { log } = recordingLog();
    const runner = createJobRunner({
      repository: createJobsRepository(shared.first.kysely),
      log,
      pollMs: 20,
    });
    let runs = 0;
    const release = gate();
    runner.schedule({
      name,
      intervalMs: 20,
      run: async () => {
        runs += 1;
        if (runs === 2) await release.closed;
      },
    });
    runner.start();
    await expect.poll(() => runs, { timeout: 5_000 }).toBe(2);
    const stopped = runner.stop();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(done).toBe(false);
    release.open();
    await stopped;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(2);
    const row = await shared.first.kysely
      .selectFrom('job_leases')
      .select('holder')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row.holder).toBeNull();
  });

  it('refuses a second job of the same name and an interval of zero', () => {
    const runner = createJobRunner({
      repository: createJobsRepository(shared.first.kysely),
      log: recordingLog().log,
    });
    const job = { name, intervalMs: INTERVAL_MS, run: () => Promise.resolve() };
    runner.schedule(job);
    expect(() => {
      runner.schedule(job);
    }).toThrow(/already scheduled/);
    expect(() => {
      runner.schedule({ ...job, name: 'other', intervalMs: 0 });
    }).toThrow(/above zero/);
  });
});
