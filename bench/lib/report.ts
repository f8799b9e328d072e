/** Printing and saving of benchmark figures, shared by the scripts of this folder. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(BENCH_DIR, '..');
export const RESULTS_DIR = resolve(BENCH_DIR, 'results');

export interface MachineInfo {
  node: string;
  platform: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  /** 1, 5 and 15 minute load averages when the run started: other work on the machine skews figures. */
  loadAverage: number[];
  gitCommit: string | null;
  gitDirty: boolean | null;
}

/** Where and on what the figures were taken, saved beside them so runs can be compared honestly. */
export function machineInfo(): MachineInfo {
  const cpuList = cpus();
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    gitCommit: git(['rev-parse', '--short', 'HEAD']),
    gitDirty: ((status) => (status === null ? null : status.length > 0))(git(['status', '--porcelain'])),
  };
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Writes `results/<name>.json` and returns its path. */
export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export type Align = 'left' | 'right';

/** A plain-text table: first column left-aligned, the others right-aligned unless told. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align?: Align[],
): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const alignOf = (column: number): Align => align?.[column] ?? (column === 0 ? 'left' : 'right');
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return alignOf(column) === 'left' ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** PASS or FAIL with the comparison spelled out, e.g. `PASS (0.91 >= 0.85)`. */
export function verdict(pass: boolean, detail: string): string {
  return `${pass ? 'PASS' : 'FAIL'} (${detail})`;
}
