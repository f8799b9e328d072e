/**
 * VPN certificate generation per second (issue 18): how many member client certificates (ECDSA P-256
 * key pair + X.509 signed by the brand's CA, PEM out) one server process issues per second, one after
 * another and with several in flight, plus the revocation list's signing time for a list of a given
 * size. In-process, on the real module (apps/server/src/modules/vpn/vpn.pki.ts); no database.
 *
 * Not run in the issue's session (the machine was shared): run it on a quiet machine.
 *
 * Usage: npm run bench:vpn -- [--count 500] [--concurrency 8] [--revoked 10000]
 * Figures go to results/vpn-certificates.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import {
  createAuthority,
  createRevocationList,
  issueCertificate,
  loadAuthority,
  newSerialNumber,
} from '../apps/server/src/modules/vpn/vpn.pki';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '8' },
    revoked: { type: 'string', default: '10000' },
  },
});
const count = Number(values.count);
const concurrency = Number(values.concurrency);
const revokedCount = Number(values.revoked);

async function main(): Promise<void> {
  const authority = await loadAuthority(await createAuthority('Bench brand'));

  // Warm-up: the first signatures load the crypto code paths.
  for (let i = 0; i < 20; i += 1) await issueCertificate(authority, 'warm-up', 'client', 365);

  let started = performance.now();
  for (let i = 0; i < count; i += 1) await issueCertificate(authority, `member-${String(i)}`, 'client', 365);
  const sequentialPerSecond = count / ((performance.now() - started) / 1000);

  started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await issueCertificate(authority, `member-${String(next)}`, 'client', 365);
      }
    }),
  );
  const concurrentPerSecond = count / ((performance.now() - started) / 1000);

  const entries = Array.from({ length: revokedCount }, () => ({
    serialNumber: newSerialNumber(),
    revokedAt: new Date(),
  }));
  started = performance.now();
  const crl = await createRevocationList(authority, entries);
  const crlMs = performance.now() - started;

  const figures = {
    at: new Date().toISOString(),
    node: process.version,
    count,
    concurrency,
    certificatesPerSecondSequential: Math.round(sequentialPerSecond),
    certificatesPerSecondConcurrent: Math.round(concurrentPerSecond),
    crl: { entries: revokedCount, ms: Math.round(crlMs), bytes: crl.length },
  };
  console.log(JSON.stringify(figures, null, 2));
  const folder = resolve(import.meta.dirname, 'results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(resolve(folder, 'vpn-certificates.json'), `${JSON.stringify(figures, null, 2)}\n`);
}

await main();
