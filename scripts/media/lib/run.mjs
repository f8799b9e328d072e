// Process and file helpers shared by the demo media builders: run ffmpeg/ffprobe/zip with fixed
// arguments, hash files, write text with stable line endings, pin file times for reproducible zips.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Every generated file gets this modification time, so zips (EPUB, software) are byte-stable. */
export const FIXED_DATE = new Date('2024-01-01T00:00:00Z');

/** Flags that keep ffmpeg from writing its version, dates or random ids into the outputs. */
export const BITEXACT = ['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'];

export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const FONTS = {
  sans: `${FONT_DIR}/DejaVuSans.ttf`,
  bold: `${FONT_DIR}/DejaVuSans-Bold.ttf`,
  serif: `${FONT_DIR}/DejaVuSerif.ttf`,
  serifBold: `${FONT_DIR}/DejaVuSerif-Bold.ttf`,
  mono: `${FONT_DIR}/DejaVuSansMono-Bold.ttf`,
};

let fontsChecked;
/** True when the DejaVu fonts drawtext needs are installed (package fonts-dejavu-core). */
export function haveFonts() {
  if (fontsChecked === undefined) {
    fontsChecked = Object.values(FONTS).every((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
  }
  return fontsChecked;
}

export function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: options.encoding ?? 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    cwd: options.cwd,
    input: options.input,
    env: { ...process.env, LC_ALL: 'C', TZ: 'UTC', SOURCE_DATE_EPOCH: '1704067200' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const tail = String(result.stderr ?? '')
      .split('\n')
      .slice(-25)
      .join('\n');
    throw new Error(`${command} ${args.join(' ')}\nexited with ${result.status}\n${tail}`);
  }
  return result.stdout;
}

/** ffmpeg, quiet, overwriting, bit-exact, two threads at most (the build machine has two cores). */
export function ffmpeg(args) {
  return run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);
}

export function ffprobe(file, args = ['-show_format', '-show_streams', '-show_chapters']) {
  const out = run('ffprobe', ['-v', 'error', '-of', 'json', ...args, file]);
  return JSON.parse(out);
}

export function toolVersion(command, args = ['-version']) {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).split('\n')[0].trim();
  } catch {
    return null;
  }
}

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function writeText(file, text) {
  ensureDir(dirname(file));
  writeFileSync(file, text.replace(/\r\n/g, '\n'));
  return file;
}

export function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Files below `dir`, recursively, as sorted POSIX relative paths. */
export function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else out.push(relative(base, full).split(sep).join('/'));
  }
  return out.sort();
}

/** Pins the modification time of every file and folder below `dir` (zip stores it). */
export function pinTimes(dir) {
  for (const rel of listFiles(dir)) utimesSync(join(dir, rel), FIXED_DATE, FIXED_DATE);
  const dirs = [dir];
  while (dirs.length > 0) {
    const d = dirs.pop();
    utimesSync(d, FIXED_DATE, FIXED_DATE);
    for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) dirs.push(join(d, e.name));
  }
}

/** Escapes text for XML/XHTML element content and attribute values. */
export function xml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function slugify(text) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function round(value, digits = 3) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
