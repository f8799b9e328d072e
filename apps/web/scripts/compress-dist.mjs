// Writes a Brotli (`.br`, highest quality) and a gzip (`.gz`, level 9) copy beside every compressible file
// of a web build, so that the server sends them precompressed (apps/server/src/http/spa.ts: `preCompressed`)
// instead of compressing on each request or not at all.
//
//   node scripts/compress-dist.mjs [outDir]      (default: $WEB_DIST_DIR, else `dist`, from apps/web)
//
// Files under 1 KB are skipped (the headers cost more than is saved), and a copy is only kept when it is at
// least 10% smaller than the file. HTML is skipped: the server fills index.html in per request. Source
// maps are skipped: only developer tools fetch them. Copies newer than their file (the Vite config's own
// precompress plugin writes them for the bundle) are kept as they are, so a second pass costs only a stat.
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|json|webmanifest|svg|txt|xml|wasm)$/;
const MIN_BYTES = 1024;
/** A copy must be at most this fraction of the file's size to be worth a second representation. */
const MAX_RATIO = 0.9;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const ENCODINGS = [
  {
    ext: '.br',
    compress: (content) =>
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
  },
  { ext: '.gz', compress: (content) => gzipAsync(content, { level: 9 }) },
];

/** Every file under `dir`, skipping dot folders (`.vite/manifest.json` is for tools, not browsers). */
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* walk(path);
    } else if (entry.isFile()) {
      yield path;
    }
  }
}

async function statOrNull(path) {
  try {
    return await stat(path);
  } catch (error) {
    if (error?.code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes (or keeps, or removes) the copies of one file; returns what was done for the summary. */
async function compressFile(path) {
  const source = await stat(path);
  if (source.size < MIN_BYTES) return { rawBytes: 0, kept: [] };
  let content = null;
  const kept = [];
  for (const { ext, compress } of ENCODINGS) {
    const target = `${path}${ext}`;
    const existing = await statOrNull(target);
    if (existing && existing.mtimeMs >= source.mtimeMs) {
      if (existing.size <= source.size * MAX_RATIO) {
        kept.push({ ext, bytes: existing.size });
      } else {
        await rm(target);
      }
      continue;
    }
    content ??= await readFile(path);
    const compressed = await compress(content);
    if (compressed.length <= content.length * MAX_RATIO) {
      await writeFile(target, compressed);
      kept.push({ ext, bytes: compressed.length });
    } else if (existing) {
      await rm(target);
    }
  }
  return { rawBytes: source.size, kept };
}

export async function compressDist(outDir) {
  const files = [];
  for await (const path of walk(outDir)) {
    if (COMPRESSIBLE.test(path)) files.push(path);
  }
  const results = await Promise.all(files.map((path) => compressFile(path)));
  return files.map((path, i) => ({ file: relative(outDir, path), ...results[i] }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const appDir = resolve(fileURLToPath(import.meta.url), '../..');
  const outDir = resolve(appDir, process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'dist');
  const stats = await statOrNull(outDir);
  if (!stats?.isDirectory()) {
    console.error(`compress-dist: ${outDir} is not a folder; build the web app first.`);
    process.exit(1);
  }
  const results = (await compressDist(outDir)).filter((r) => r.kept.length > 0);
  const total = (ext) => results.reduce((sum, r) => sum + (r.kept.find((k) => k.ext === ext)?.bytes ?? 0), 0);
  const raw = results.reduce((sum, r) => sum + r.rawBytes, 0);
  const kB = (bytes) => (bytes / 1000).toFixed(1);
  console.log(
    `compress-dist: ${String(results.length)} files in ${relative(process.cwd(), outDir) || '.'}, ` +
      `${kB(raw)} kB -> ${kB(total('.br'))} kB br, ${kB(total('.gz'))} kB gzip`,
  );
}
