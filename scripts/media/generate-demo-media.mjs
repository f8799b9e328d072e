#!/usr/bin/env node
// Generates the small set of real, playable demo media that the catalogue seed reuses across thousands
// of titles, into apps/server/media/demo/ (committed; `npm start` never needs ffmpeg). Run by hand:
//
//   node scripts/media/generate-demo-media.mjs                 # everything, then verify
//   node scripts/media/generate-demo-media.mjs --only music,games
//   node scripts/media/generate-demo-media.mjs --verify        # only check what is on disk
//   node scripts/media/generate-demo-media.mjs --thumbnail-sizes  # only the posters' narrower copies
//
// Needs Debian's ffmpeg (with ffprobe), zip and unzip; espeak-ng for the narration and fonts-dejavu-core
// for drawn text are optional. See scripts/media/README.md.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildAudiobooks } from './build/audiobooks.mjs';
import { captionsBeside, writeCaptions } from './build/captions.mjs';
import { buildEbooks } from './build/ebooks.mjs';
import { buildGames } from './build/games.mjs';
import { buildLive } from './build/live.mjs';
import { buildMusic } from './build/music.mjs';
import { buildSoftware } from './build/software.mjs';
import { HLS_INIT, buildVideos } from './build/video.mjs';
import { writeDemoReadme } from './lib/readme.mjs';
import {
  ensureDir,
  ffprobe,
  haveFonts,
  listFiles,
  round,
  run,
  sha256,
  toolVersion,
  which,
  writeText,
} from './lib/run.mjs';
import { isThumbnailVariant, poster, thumbnailVariants } from './lib/thumbnails.mjs';
import { verify } from './lib/verify.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const OUT = join(root, 'apps', 'server', 'media', 'demo');
const SOURCES = join(here, 'assets');

const PLACEHOLDERS = [
  { mediaType: 'audiobook', title: 'Audiobook', colors: ['0x3d405b', '0xe07a5f'] },
  { mediaType: 'ebook', title: 'Ebook', colors: ['0x2b2d42', '0x8d99ae'] },
  { mediaType: 'music', title: 'Music', colors: ['0x264653', '0x2a9d8f'] },
  { mediaType: 'movie', title: 'Movie', colors: ['0x14213d', '0xfca311'] },
  { mediaType: 'game', title: 'Game', colors: ['0x240046', '0x9d4edd'] },
  { mediaType: 'stream', title: 'Sports', colors: ['0x1b4332', '0x52b788'] },
  { mediaType: 'software', title: 'Software', colors: ['0x212529', '0x6c757d'] },
];

function buildPlaceholders({ tmp, thumbs }) {
  ensureDir(join(thumbs, 'placeholders'));
  return PLACEHOLDERS.map((p, i) => {
    poster({
      out: join(thumbs, 'placeholders', `${p.mediaType}.webp`),
      tmp,
      mediaType: p.mediaType,
      title: p.title,
      subtitle: 'No cover yet',
      colors: p.colors,
      seed: 200 + i,
    });
    return {
      id: `placeholder-${p.mediaType}`,
      mediaType: p.mediaType,
      kind: 'placeholder-thumbnail',
      title: `${p.title} placeholder`,
      entry: `thumbnails/placeholders/${p.mediaType}.webp`,
      thumbnail: `thumbnails/placeholders/${p.mediaType}.webp`,
      durationSeconds: null,
    };
  });
}

const AREAS = {
  music: { build: buildMusic, dirs: ['music', 'thumbnails/music'] },
  audiobooks: { build: buildAudiobooks, dirs: ['audiobooks', 'thumbnails/audiobooks'] },
  video: { build: buildVideos, dirs: ['video', 'thumbnails/video'] },
  live: { build: buildLive, dirs: ['live', 'thumbnails/live'] },
  ebooks: { build: buildEbooks, dirs: ['ebooks', 'thumbnails/ebooks'] },
  games: { build: buildGames, dirs: ['games', 'thumbnails/games'] },
  software: { build: buildSoftware, dirs: ['software', 'thumbnails/software'] },
  placeholders: { build: buildPlaceholders, dirs: ['thumbnails/placeholders'] },
  // Only the films' WebVTT captions (text files; the videos stay as they are).
  captions: { build: buildCaptionsOnly, dirs: [] },
};

function buildCaptionsOnly({ out }) {
  for (const slug of ['fractal-tides', 'colony', 'rule-110'])
    writeCaptions(out, slug, { progressive: existsSync(join(out, 'video', `${slug}.mp4`)) });
  return [];
}
const AREA_OF_ITEM = (item) =>
  item.kind === 'placeholder-thumbnail'
    ? 'placeholders'
    : {
        music: 'music',
        audiobook: 'audiobooks',
        movie: 'video',
        stream: 'live',
        ebook: 'ebooks',
        game: 'games',
        software: 'software',
      }[item.mediaType];

const MIME = {
  mp3: 'audio/mpeg',
  m4b: 'audio/mp4',
  mp4: 'video/mp4',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  m3u8: 'application/vnd.apple.mpegurl',
  json: 'application/json',
  epub: 'application/epub+zip',
  html: 'text/html; charset=utf-8',
  zip: 'application/zip',
  sha256: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  webp: 'image/webp',
  md: 'text/markdown; charset=utf-8',
  gitattributes: 'text/plain; charset=utf-8',
};

/** What a file under `video/` is, by its extension (an HLS segment otherwise; `init.mp4` apart). */
const VIDEO_KINDS = { mp4: 'progressive-video', m3u8: 'hls-vod-playlist', vtt: 'captions' };

const TYPE_OF_FOLDER = {
  music: 'music',
  audiobooks: 'audiobook',
  video: 'movie',
  live: 'stream',
  ebooks: 'ebook',
  games: 'game',
  software: 'software',
};

/** Describes one file for the manifest: kind, media type, MIME type, size, hash, duration and so on. */
function describe(rel, items) {
  const abs = join(OUT, rel);
  const ext = rel.split('.').pop();
  const parts = rel.split('/');
  let mediaType = TYPE_OF_FOLDER[parts[0]] ?? null;
  let kind = 'other';
  if (parts[0] === 'thumbnails') {
    kind = isThumbnailVariant(rel) ? 'thumbnail-size' : 'thumbnail';
    mediaType =
      parts[1] === 'placeholders' ? parts[2].replace(/(-w\d+)?\.webp$/, '') : TYPE_OF_FOLDER[parts[1]];
  } else if (parts[0] === 'music') kind = 'audio-track';
  else if (parts[0] === 'audiobooks') kind = 'audiobook';
  else if (parts[0] === 'video')
    kind = parts[parts.length - 1] === HLS_INIT ? 'hls-init-segment' : (VIDEO_KINDS[ext] ?? 'hls-segment');
  else if (parts[0] === 'live')
    kind = ext === 'json' ? 'live-descriptor' : ext === 'm3u8' ? 'hls-loop-playlist' : 'live-segment';
  else if (parts[0] === 'ebooks') kind = 'ebook';
  else if (parts[0] === 'games') kind = 'html5-game';
  else if (parts[0] === 'software') kind = ext === 'sha256' ? 'checksum' : 'software-download';
  else if (rel === 'README.md') kind = 'readme';
  else if (rel === '.gitattributes') kind = 'git-attributes';
  const entry = {
    path: rel,
    kind,
    mediaType,
    mimeType: MIME[ext] ?? 'application/octet-stream',
    bytes: statSync(abs).size,
    sha256: sha256(abs),
  };
  if (parts[0] === 'thumbnails') {
    // The widths let the server answer Thumbnail.sizes for demo titles (srcset) without opening images.
    const { width, height } = ffprobe(abs, ['-show_streams']).streams[0];
    Object.assign(entry, { width, height });
    if (kind === 'thumbnail-size') entry.variantOf = rel.replace(/-w\d+\.webp$/, '.webp');
  }
  if (['mp3', 'm4b', 'mp4', 'ts'].includes(ext)) {
    const p = ffprobe(abs, ['-show_format']);
    entry.durationSeconds = round(Number(p.format.duration), 3);
  }
  const item = items.find((i) => i.entry === rel);
  if (item?.chapters) entry.chapters = item.chapters;
  if (ext === 'm3u8') {
    const lines = readFileSync(abs, 'utf8').split('\n');
    const base = rel.replace(/[^/]+$/, '');
    entry.segments = [];
    lines.forEach((l, i) => {
      const m = /^#EXTINF:([\d.]+)/.exec(l);
      if (m) entry.segments.push({ uri: base + lines[i + 1].trim(), durationSeconds: Number(m[1]) });
    });
    entry.durationSeconds = round(
      entry.segments.reduce((s, x) => s + x.durationSeconds, 0),
      3,
    );
  }
  if (kind === 'live-descriptor') {
    const d = JSON.parse(readFileSync(abs, 'utf8'));
    entry.durationSeconds = d.loopSeconds;
    entry.segments = d.segments.map((s) => ({
      uri: rel.replace(/[^/]+$/, '') + s.uri,
      durationSeconds: s.durationSeconds,
    }));
  }
  return entry;
}

function tools() {
  return {
    ffmpeg: toolVersion('ffmpeg'),
    espeakNg: toolVersion('espeak-ng', ['--version']),
    zip: /This is (Zip [\d.]+)/.exec(run('zip', ['-v']))?.[1] ?? null,
    node: process.version,
    fonts: haveFonts() ? 'DejaVu (fonts-dejavu-core)' : null,
  };
}

function printRows(rows) {
  const width = Math.max(...rows.map((r) => r.file.length));
  for (const r of rows)
    process.stdout.write(
      `${r.ok ? 'ok  ' : 'FAIL'} ${r.area.padEnd(9)} ${r.file.padEnd(width)}  ${r.detail}\n`,
    );
  const failed = rows.filter((r) => !r.ok);
  process.stdout.write(`\n${rows.length - failed.length}/${rows.length} checks passed\n`);
  return failed.length === 0;
}

function main() {
  const args = process.argv.slice(2);
  const verifyOnly = args.includes('--verify');
  // Only the posters' narrower copies, from the posters on disk (no other file is rebuilt).
  const sizesOnly = args.includes('--thumbnail-sizes');
  const keepTmp = args.includes('--keep-tmp');
  const onlyArg = args.find((a) => a.startsWith('--only'));
  const only = onlyArg
    ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : args[args.indexOf(onlyArg) + 1]).split(',')
    : null;
  if (only)
    for (const a of only)
      if (!AREAS[a]) throw new Error(`unknown area ${a}; one of ${Object.keys(AREAS).join(', ')}`);

  for (const t of ['ffmpeg', 'ffprobe', 'zip', 'unzip']) {
    if (!which(t)) {
      process.stderr.write(
        `missing ${t}: apt-get update && apt-get install -y --no-install-recommends ffmpeg zip unzip\n`,
      );
      process.exit(1);
    }
  }
  if (!which('espeak-ng'))
    process.stderr.write('warning: espeak-ng not found; audiobooks get a tone bed instead of narration\n');
  if (!haveFonts())
    process.stderr.write('warning: DejaVu fonts not found; posters and title cards are drawn without text\n');

  const manifestPath = join(OUT, 'manifest.json');
  let items = [];
  if (!verifyOnly) {
    const tmp = mkdtempSync(join(tmpdir(), 'demo-media-'));
    const areas = sizesOnly ? [] : (only ?? Object.keys(AREAS));
    if (sizesOnly) {
      items = JSON.parse(readFileSync(manifestPath, 'utf8')).items;
      for (const file of listFiles(join(OUT, 'thumbnails'))) {
        if (!isThumbnailVariant(file)) thumbnailVariants(join(OUT, 'thumbnails', file));
      }
    } else if (only && existsSync(manifestPath)) {
      items = JSON.parse(readFileSync(manifestPath, 'utf8')).items.filter(
        (i) => !only.includes(AREA_OF_ITEM(i)),
      );
    }
    if (!only && !sizesOnly) rmSync(OUT, { recursive: true, force: true });
    ensureDir(OUT);
    const ctx = { out: OUT, tmp, thumbs: join(OUT, 'thumbnails'), sourceDir: SOURCES };
    try {
      for (const area of areas) {
        for (const d of AREAS[area].dirs) rmSync(join(OUT, d), { recursive: true, force: true });
        for (const d of AREAS[area].dirs) ensureDir(join(OUT, d));
        const started = Date.now();
        process.stdout.write(`building ${area} ... `);
        items.push(...AREAS[area].build(ctx));
        process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      }
    } finally {
      if (!keepTmp) rmSync(tmp, { recursive: true, force: true });
      else process.stdout.write(`kept ${tmp}\n`);
    }
    // Every film lists its caption files (build/captions.mjs), its progressive copy's too.
    for (const item of items) {
      if (item.mediaType !== 'movie' || item.kind === 'series') continue;
      item.captions = captionsBeside(OUT, item.entry);
      if (item.progressive) item.progressiveCaptions = captionsBeside(OUT, item.progressive);
    }
    const order = Object.keys(AREAS);
    items.sort(
      (a, b) =>
        order.indexOf(AREA_OF_ITEM(a)) - order.indexOf(AREA_OF_ITEM(b)) ||
        a.entry.localeCompare(b.entry) ||
        a.id.localeCompare(b.id),
    );
    writeText(
      join(OUT, '.gitattributes'),
      '# Generated binaries (scripts/media/generate-demo-media.mjs); .ts here is MPEG-TS, not TypeScript.\n* -text\n*.ts binary linguist-generated\n*.m4s binary\n*.mp3 binary\n*.m4b binary\n*.mp4 binary\n*.webp binary\n*.epub binary\n*.zip binary\n*.m3u8 text eol=lf\n*.json text eol=lf\n*.md text eol=lf\n*.html text eol=lf\n*.sha256 text eol=lf\n*.vtt text eol=lf\n',
    );
    writeDemoReadme(OUT, items);
    const files = listFiles(OUT)
      .filter((f) => f !== 'manifest.json')
      .map((f) => describe(f, items));
    const manifest = {
      schemaVersion: 1,
      description:
        'Demo media generated for the member-area catalogue seed; every path is relative to this folder.',
      generator: 'scripts/media/generate-demo-media.mjs',
      license: 'CC0-1.0 (software downloads: MIT)',
      // Only the copies were made: the other files are still those of the tools that made them.
      tools: sizesOnly ? JSON.parse(readFileSync(manifestPath, 'utf8')).tools : tools(),
      totals: { files: files.length, bytes: files.reduce((s, f) => s + f.bytes, 0) },
      items,
      files,
    };
    writeText(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
  }

  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  process.stdout.write('\nverifying ...\n');
  const ok = printRows(verify(OUT, manifest));
  if (!ok) process.exit(1);
}

main();
