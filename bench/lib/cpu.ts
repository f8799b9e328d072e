/**
 * How fast and how quiet the machine is while a browser benchmark runs (issue 19): Lighthouse's own
 * benchmark index, taken in the Chromium the benchmark drives, and the load average. Figures taken on a
 * busy machine, or while its CPU speed moved, are reported but not judged.
 */
import { cpus, loadavg } from 'node:os';

import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';

import { fixed, median } from './report';

/**
 * Samples of the benchmark index taken before the runs, each in a browser just started, as Lighthouse
 * takes its own at the start of a run (each takes about two seconds). A warmed-up page reads about twice
 * as fast on this kind of machine (3,000 against 1,500): it is the cold figure that Lighthouse's guidance
 * (and its reports) speak of.
 */
const SAMPLES = 7;
/** The samples' interquartile range must be within this fraction of their median. */
export const MAX_INDEX_SPREAD = 0.2;
/** Above this 1-minute load average per core the machine is not quiet. */
export const MAX_LOAD_PER_CORE = 0.75;

export interface CpuReading {
  samples: number[];
  /** The median of the samples (Lighthouse: 1,000+ is a desktop-class machine, 125+ a mid-tier phone). */
  index: number;
  /** The interquartile range of the samples over their median. */
  spread: number;
  /** The 1-minute load average just before the samples. */
  load1: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}

/** Lighthouse's `computeBenchmarkIndex`, once in each of several freshly started Chromiums. */
export async function readCpu(executablePath: string): Promise<CpuReading> {
  const load1 = loadavg()[0] ?? 0;
  const script = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  const samples: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    try {
      const page = await browser.newPage();
      samples.push(Math.round(Number(await page.evaluate(script))));
    } finally {
      await browser.close();
    }
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const index = median(samples);
  return {
    samples,
    index,
    spread: (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / index,
    load1: Math.round(load1 * 100) / 100,
  };
}

/** Why figures taken with this reading cannot be trusted; empty when they can. */
export function noiseReasons(reading: CpuReading): string[] {
  const reasons: string[] = [];
  const maxLoad = MAX_LOAD_PER_CORE * cpus().length;
  if (reading.load1 > maxLoad)
    reasons.push(`load average ${fixed(reading.load1, 2)} before the runs (at most ${fixed(maxLoad, 2)})`);
  if (reading.spread > MAX_INDEX_SPREAD)
    reasons.push(
      `the benchmark index's samples spread ${fixed(reading.spread * 100, 1)}% between quartiles (at most ${MAX_INDEX_SPREAD * 100}%)`,
    );
  return reasons;
}

export function describeCpu(reading: CpuReading): string {
  return (
    `benchmark index ${fixed(reading.index, 0)} (samples ${reading.samples.map((v) => fixed(v, 0)).join(', ')}; ` +
    `interquartile spread ${fixed(reading.spread * 100, 1)}%), load ${fixed(reading.load1, 2)}`
  );
}
