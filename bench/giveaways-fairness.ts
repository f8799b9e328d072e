/*
 * Fairness of the giveaway draw (issue 16, docs/decisions/023): 100,000 simulated draws over one pool
 * of entrants with different numbers of entries, each from its own seed, exactly as the server draws
 * (packages/domain drawWinners with Node's SHA-256 for the pool hash). A chi-square test of the win
 * counts against the entries-proportional expectation must give p > 0.01.
 *
 *   npx tsx giveaways-fairness.ts [--draws 100000]
 *
 * CPU only (no database, no server); about 1 to 3 minutes on the 2-core machines.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';

import { drawWinners } from '../packages/domain/src/sweeps';
import { formatTable, machineInfo, verdict, writeResults } from './lib/report';

const { values } = parseArgs({ options: { draws: { type: 'string', default: '100000' } } });
const draws = Number(values.draws);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// 20 entrants holding 1, 2, ..., 20 entries (210 in all).
const pool = Array.from({ length: 20 }, (_, i) => ({
  entrant: `E-${String(i + 1).padStart(2, '0')}`,
  entries: i + 1,
}));
const total = pool.reduce((sum, line) => sum + line.entries, 0);
const wins = new Map(pool.map((line) => [line.entrant, 0]));

const started = performance.now();
for (let i = 0; i < draws; i++) {
  const winner = drawWinners('S-BENCH', '2026-01', pool, `seed-${i}`, 1, sha256).rounds[0]?.entrant ?? '';
  wins.set(winner, (wins.get(winner) ?? 0) + 1);
}
const seconds = (performance.now() - started) / 1000;

let chi = 0;
const rows = pool.map((line) => {
  const expected = (draws * line.entries) / total;
  const observed = wins.get(line.entrant) ?? 0;
  chi += (observed - expected) ** 2 / expected;
  return [line.entrant, String(line.entries), expected.toFixed(0), String(observed)];
});

/** Upper tail of the chi-square distribution (Wilson-Hilferty approximation; good for 19 degrees). */
function chiSquareP(x: number, k: number): number {
  const z = (Math.cbrt(x / k) - (1 - 2 / (9 * k))) / Math.sqrt(2 / (9 * k));
  // Standard normal upper tail (Abramowitz-Stegun 26.2.17).
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989423 * Math.exp((-z * z) / 2);
  const tail = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return z >= 0 ? tail : 1 - tail;
}
const p = chiSquareP(chi, pool.length - 1);

console.log(
  formatTable(['entrant', 'entries', 'expected wins', 'wins'], rows, ['left', 'right', 'right', 'right']),
);
console.log(
  `\n${draws} draws in ${seconds.toFixed(1)} s; chi-square ${chi.toFixed(2)} (19 df), p = ${p.toFixed(3)}`,
);
console.log(verdict(p > 0.01, 'p > 0.01: wins proportional to entries'));
writeResults('giveaways-fairness', {
  machine: machineInfo(),
  draws,
  chi,
  p,
  seconds,
  wins: Object.fromEntries(wins),
});
