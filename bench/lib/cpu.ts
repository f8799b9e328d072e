/**
 * How fast and how quiet the machine is while a browser benchmark runs (issue 19): Lighthouse's own
 * benchmark index, taken in the Chromium the benchmark drives, and the load average. Figures taken on a
 * busy machine, or while its CPU speed moved, are reported but not judged.
 */
import { cpus, loadavg } from 'node:os';

import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Page } from 'playwright-core';

import { fixed } from './report';

/** Samples of the benchmark index taken before the runs (each takes about a second). */
const SAMPLES = 5;
/** The samples must lie within this fraction of their median. */
export const MAX_INDEX_SPREAD = 0.15;
/** Above this 1-minute load average per core the machine is not quiet. */
export const MAX_LOAD_PER_CORE = 0.75;

export interface CpuReading {
  samples: number[];
  /** The median of the samples (Lighthouse: 1,000+ is a desktop-class machine, 125+ a mid-tier phone). */
  index: number;
  /** (max - min) / median of the samples. */
  spread: number;
  /** The 1-minute load average just before the samples. */
  load1: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Lighthouse's `computeBenchmarkIndex`, several times in `page` (the first, warming V8 up, not counted). */
export async function readCpu(page: Page): Promise<CpuReading> {
  const load1 = loadavg()[0] ?? 0;
  const script = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  await page.evaluate(script);
  const samples: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) samples.push(Number(await page.evaluate(script)));
  const index = median(samples);
  return {
    samples,
    index,
    spread: (Math.max(...samples) - Math.min(...samples)) / index,
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
      `the benchmark index's samples spread ${fixed(reading.spread * 100, 1)}% (at most ${MAX_INDEX_SPREAD * 100}%)`,
    );
  return reasons;
}

export function describeCpu(reading: CpuReading): string {
  return (
    `benchmark index ${fixed(reading.index, 0)} (samples ${reading.samples.map((v) => fixed(v, 0)).join(', ')}; ` +
    `spread ${fixed(reading.spread * 100, 1)}%), load ${fixed(reading.load1, 2)}`
  );
}
