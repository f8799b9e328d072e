#!/usr/bin/env node
// unitconv: convert between common units of length, mass, volume, speed, data and temperature.
// Usage: unitconv <value> <from> <to>   e.g. unitconv 10 km mi, unitconv 72 F C, unitconv --list

const UNITS = {
  length: {
    m: 1,
    km: 1000,
    cm: 0.01,
    mm: 0.001,
    mi: 1609.344,
    yd: 0.9144,
    ft: 0.3048,
    in: 0.0254,
    nmi: 1852,
  },
  mass: { kg: 1, g: 0.001, mg: 0.000001, t: 1000, lb: 0.45359237, oz: 0.028349523125, st: 6.35029318 },
  volume: {
    l: 1,
    ml: 0.001,
    m3: 1000,
    gal: 3.785411784,
    qt: 0.946352946,
    pt: 0.473176473,
    cup: 0.2365882365,
    floz: 0.0295735295625,
  },
  speed: { 'm/s': 1, 'km/h': 1 / 3.6, mph: 0.44704, kn: 1852 / 3600, 'ft/s': 0.3048 },
  data: {
    b: 1,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    tb: 1e12,
    kib: 1024,
    mib: 1024 ** 2,
    gib: 1024 ** 3,
    tib: 1024 ** 4,
  },
};
const TEMPERATURE = {
  c: { toK: (v) => v + 273.15, fromK: (k) => k - 273.15 },
  f: { toK: (v) => ((v - 32) * 5) / 9 + 273.15, fromK: (k) => ((k - 273.15) * 9) / 5 + 32 },
  k: { toK: (v) => v, fromK: (k) => k },
};

function usage(code) {
  const lines = [
    'unitconv - convert between common units',
    '',
    'Usage: unitconv <value> <from> <to>',
    '       unitconv --list',
    '',
    'Examples:',
    '  unitconv 10 km mi',
    '  unitconv 72 F C',
    '  unitconv 1.5 GiB MB',
  ];
  (code === 0 ? process.stdout : process.stderr).write(lines.join('\n') + '\n');
  process.exit(code);
}

function kindOf(unit) {
  const u = unit.toLowerCase();
  if (u in TEMPERATURE) return 'temperature';
  return Object.entries(UNITS).find(([, table]) => u in table)?.[0];
}

export function convert(value, from, to) {
  const unknown = [from, to].filter((u) => !kindOf(u));
  if (unknown.length > 0) throw new Error(`unknown unit: ${unknown.join(', ')} (see --list)`);
  const [kf, kt] = [kindOf(from), kindOf(to)];
  if (kf !== kt) throw new Error(`cannot convert ${from} (${kf}) to ${to} (${kt})`);
  const f = from.toLowerCase();
  const t = to.toLowerCase();
  if (kf === 'temperature') return TEMPERATURE[t].fromK(TEMPERATURE[f].toK(value));
  return (value * UNITS[kf][f]) / UNITS[kf][t];
}

function format(n) {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e12 || abs < 1e-6)) return n.toExponential(6);
  return String(Number(n.toPrecision(10)));
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) usage(0);
if (args.includes('--list')) {
  for (const [kind, table] of Object.entries(UNITS))
    process.stdout.write(`${kind}: ${Object.keys(table).join(' ')}\n`);
  process.stdout.write('temperature: C F K\n');
  process.exit(0);
}
if (args.length !== 3) usage(2);
const value = Number(args[0]);
if (!Number.isFinite(value)) {
  process.stderr.write(`unitconv: not a number: ${args[0]}\n`);
  process.exit(2);
}
try {
  process.stdout.write(`${format(convert(value, args[1], args[2]))} ${args[2]}\n`);
} catch (error) {
  process.stderr.write(`unitconv: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
