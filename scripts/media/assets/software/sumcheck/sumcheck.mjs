#!/usr/bin/env node
// sumcheck: print or verify file checksums (SHA-256 by default), compatible with sha256sum's format.
// Usage: sumcheck [-a sha256|sha512|sha1|md5] FILE...   |   sumcheck -c CHECKSUM_FILE

import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ALGORITHMS = ['sha256', 'sha512', 'sha1', 'md5'];

function usage(code) {
  const text = `sumcheck - print or verify file checksums

Usage: sumcheck [-a ALGORITHM] FILE...
       sumcheck -c [-a ALGORITHM] CHECKSUM_FILE

  -a ALGORITHM   sha256 (default), sha512, sha1 or md5
  -c             read "<hex>  <file>" lines (the sha256sum format) and verify each file

Exit codes: 0 all good, 1 a mismatch or unreadable file, 2 bad arguments.
`;
  (code === 0 ? process.stdout : process.stderr).write(text);
  process.exit(code);
}

function digest(file, algorithm) {
  return new Promise((resolve, reject) => {
    const hash = createHash(algorithm);
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

const args = process.argv.slice(2);
let algorithm = 'sha256';
let check = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '-h' || arg === '--help') usage(0);
  else if (arg === '-c' || arg === '--check') check = true;
  else if (arg === '-a' || arg === '--algorithm') {
    algorithm = String(args[++i]).toLowerCase();
    if (!ALGORITHMS.includes(algorithm)) {
      process.stderr.write(`sumcheck: unsupported algorithm ${args[i]}\n`);
      process.exit(2);
    }
  } else files.push(arg);
}
if (files.length === 0) usage(2);

let failures = 0;
if (check) {
  for (const list of files) {
    let text;
    try {
      text = readFileSync(list, 'utf8');
    } catch (error) {
      process.stderr.write(`sumcheck: ${list}: ${error instanceof Error ? error.message : String(error)}\n`);
      failures++;
      continue;
    }
    for (const line of text.split(/\r?\n/)) {
      const match = /^([0-9a-fA-F]+)\s+\*?(.+)$/.exec(line.trim());
      if (!match) continue;
      const [, expected, name] = match;
      const target = join(dirname(list), name);
      try {
        const actual = await digest(target, algorithm);
        const ok = actual === expected.toLowerCase();
        if (!ok) failures++;
        process.stdout.write(`${name}: ${ok ? 'OK' : 'FAILED'}\n`);
      } catch {
        failures++;
        process.stdout.write(`${name}: FAILED open or read\n`);
      }
    }
  }
} else {
  for (const file of files) {
    try {
      process.stdout.write(`${await digest(file, algorithm)}  ${file}\n`);
    } catch (error) {
      failures++;
      process.stderr.write(`sumcheck: ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}
process.exit(failures > 0 ? 1 : 0);
