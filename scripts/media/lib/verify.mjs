// Checks the generated demo media the way a player would meet it: codecs, sizes, durations, tags,
// chapters, keyframes at every HLS segment start, continuous live timestamps, EPUB container rules,
// game and download rules, thumbnail sizes. Returns a list of { area, file, ok, detail } rows.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { checkGame } from '../build/games.mjs';
import { ffprobe, listFiles, run, sha256, which } from './run.mjs';

const near = (a, b, tol) => Math.abs(a - b) <= tol;

function firstVideoFrame(file) {
  const j = ffprobe(file, [
    '-select_streams',
    'v:0',
    '-read_intervals',
    '%+#1',
    '-show_frames',
    '-show_entries',
    'frame=key_frame,pict_type,pts_time',
  ]);
  return j.frames?.[0];
}

function keyframeTimes(file) {
  const j = ffprobe(file, [
    '-select_streams',
    'v:0',
    '-skip_frame',
    'nokey',
    '-show_frames',
    '-show_entries',
    'frame=pts_time',
  ]);
  return (j.frames ?? []).map((f) => Number(f.pts_time));
}

function parsePlaylist(text) {
  const lines = text.split('\n').map((l) => l.trim());
  const segments = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]);
    if (m) segments.push({ uri: lines[i + 1], duration: Number(m[1]) });
  }
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]);
  return {
    segments,
    map: /^#EXT-X-MAP:URI="([^"]+)"/m.exec(text)?.[1] ?? null,
    target,
    vod: text.includes('#EXT-X-PLAYLIST-TYPE:VOD'),
    endlist: text.includes('#EXT-X-ENDLIST'),
  };
}

/** Top-level MP4 boxes in order, to confirm moov comes before mdat (fast start). */
function topBoxes(file) {
  const buf = readFileSync(file);
  const boxes = [];
  let pos = 0;
  while (pos + 8 <= buf.length) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(pos + 8));
    if (size < 8) break;
    boxes.push(type);
    pos += size;
  }
  return boxes;
}

/**
 * Probes one HLS segment: an MPEG-TS segment as it is, an fMP4 one (given its playlist's `init`, the
 * EXT-X-MAP file) joined after that initialization segment, as a player appends them.
 */
function checkSegment(out, rel, rows, area, expectAudio = true, init = null) {
  const joined = init ? join(tmpdir(), `verify-${process.pid}-${rel.replace(/\W/g, '_')}.mp4`) : null;
  if (joined)
    writeFileSync(joined, Buffer.concat([readFileSync(join(out, init)), readFileSync(join(out, rel))]));
  try {
    return probeSegment(joined ?? join(out, rel), rel, rows, area, expectAudio);
  } finally {
    if (joined) rmSync(joined, { force: true });
  }
}

function probeSegment(file, rel, rows, area, expectAudio) {
  const frame = firstVideoFrame(file);
  const probe = ffprobe(file, ['-show_streams', '-show_format']);
  const v = probe.streams.find((s) => s.codec_type === 'video');
  const a = probe.streams.find((s) => s.codec_type === 'audio');
  const errors = run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']).trim();
  const ok =
    frame?.key_frame === 1 &&
    frame.pict_type === 'I' &&
    v?.codec_name === 'h264' &&
    (!expectAudio || a?.codec_name === 'aac') &&
    errors === '';
  rows.push({
    area,
    file: rel,
    ok,
    detail: `first frame ${frame?.pict_type}${frame?.key_frame ? ' (key)' : ''} at ${Number(frame?.pts_time).toFixed(3)}s, ${v?.codec_name}/${a?.codec_name ?? '-'}, decodes standalone${errors ? ' WITH ERRORS: ' + errors.slice(0, 120) : ''}`,
  });
  return { start: Number(frame?.pts_time), duration: Number(probe.format.duration) };
}

export function verify(out, manifest) {
  const rows = [];
  const add = (area, file, ok, detail) => rows.push({ area, file, ok: Boolean(ok), detail });
  const items = manifest.items;

  for (const item of items.filter((i) => i.kind === 'track')) {
    const p = ffprobe(join(out, item.entry));
    const a = p.streams.find((s) => s.codec_type === 'audio');
    const pic = p.streams.find((s) => s.disposition?.attached_pic === 1);
    const tags = p.format.tags ?? {};
    const d = Number(p.format.duration);
    const missing = ['title', 'artist', 'album', 'track', 'genre', 'date'].filter((k) => !tags[k]);
    add(
      'music',
      item.entry,
      a.codec_name === 'mp3' &&
        a.sample_rate === '44100' &&
        a.channels === 2 &&
        a.bit_rate === '128000' &&
        d >= 20 &&
        d <= 40 &&
        missing.length === 0 &&
        pic,
      `${a.codec_name} ${a.bit_rate / 1000} kb/s ${a.sample_rate} Hz ${a.channels} ch, ${d.toFixed(1)} s, tags ${missing.length ? 'MISSING ' + missing.join(',') : 'title/artist/album/track/genre/date'}${pic ? ', cover art' : ''}`,
    );
  }

  for (const item of items.filter((i) => i.kind === 'audiobook')) {
    const p = ffprobe(join(out, item.entry));
    const a = p.streams.find((s) => s.codec_type === 'audio');
    const d = Number(p.format.duration);
    const ch = p.chapters ?? [];
    const titlesOk =
      ch.length === item.chapters.length &&
      ch.every(
        (c, i) =>
          c.tags?.title === item.chapters[i].title &&
          near(Number(c.start_time), item.chapters[i].startSeconds, 0.01),
      );
    add(
      'audiobook',
      item.entry,
      ['mp3', 'aac'].includes(a.codec_name) && d >= 120 && d <= 200 && ch.length >= 3 && titlesOk,
      `${a.codec_name} ${Math.round(a.bit_rate / 1000)} kb/s, ${d.toFixed(1)} s, ${ch.length} chapters in file${titlesOk ? ' matching the manifest' : ' NOT matching the manifest'} (${ch.map((c) => Number(c.start_time).toFixed(1)).join(', ')})`,
    );
  }

  for (const item of items.filter((i) => i.kind === 'movie-hls' || i.kind === 'episode-hls')) {
    const playlistPath = join(out, item.entry);
    const pl = parsePlaylist(readFileSync(playlistPath, 'utf8'));
    const total = pl.segments.reduce((s, x) => s + x.duration, 0);
    add(
      'video',
      item.entry,
      pl.vod &&
        pl.endlist &&
        pl.target === 4 &&
        near(total, item.durationSeconds, 0.1) &&
        pl.segments.every((s) => s.duration <= 4.0001),
      `VOD playlist, ${pl.segments.length} segments, target ${pl.target}s, total ${total.toFixed(2)}s, ENDLIST ${pl.endlist}`,
    );
    const dir = item.entry.replace(/index\.m3u8$/, '');
    // fMP4 segments (decision 047) after their initialization segment, which must exist.
    if (pl.map)
      add('video', dir + pl.map, existsSync(join(out, dir + pl.map)), 'initialization segment (EXT-X-MAP)');
    // The segment starts from the playlist's durations, where the progressive MP4 of the same encode
    // has its keyframes (the segments' own timestamps may start at an offset).
    const starts = pl.segments.map((_, i) => pl.segments.slice(0, i).reduce((sum, x) => sum + x.duration, 0));
    let expected = null;
    for (const s of pl.segments) {
      const { start } = checkSegment(out, dir + s.uri, rows, 'video', true, pl.map ? dir + pl.map : null);
      if (expected !== null && !near(start, expected, 0.05))
        add('video', dir + s.uri, false, `timestamp jump: starts ${start}, expected ${expected}`);
      expected = start + s.duration;
    }
    if (item.progressive) {
      const f = join(out, item.progressive);
      const p = ffprobe(f);
      const v = p.streams.find((s) => s.codec_type === 'video');
      const a = p.streams.find((s) => s.codec_type === 'audio');
      const boxes = topBoxes(f);
      const keys = keyframeTimes(f);
      const keysOk = keys.length === starts.length && keys.every((t, i) => near(t, starts[i] ?? -1, 0.05));
      add(
        'video',
        item.progressive,
        v.codec_name === 'h264' &&
          ['Main', 'Constrained Baseline', 'Baseline'].includes(v.profile) &&
          v.pix_fmt === 'yuv420p' &&
          v.width === 640 &&
          v.height === 360 &&
          a.codec_name === 'aac' &&
          a.channels === 2 &&
          boxes.indexOf('moov') < boxes.indexOf('mdat') &&
          keysOk,
        `${v.codec_name} ${v.profile} ${v.width}x${v.height} ${v.pix_fmt} ${v.r_frame_rate} + ${a.codec_name} ${a.channels} ch, ${Number(p.format.duration).toFixed(2)} s, boxes ${boxes.join('>')}, keyframes at ${keys.map((t) => String(Number(t.toFixed(2)))).join(',')} s`,
      );
    }
  }

  for (const item of items.filter((i) => i.kind === 'series')) {
    const ok = item.episodes.every((e) => existsSync(join(out, e.entry)));
    add(
      'video',
      item.id,
      ok,
      `${item.episodes.length} episodes: ${item.episodes.map((e) => e.entry).join(', ')}`,
    );
  }

  for (const item of items.filter((i) => i.kind === 'live-loop')) {
    const desc = JSON.parse(readFileSync(join(out, item.entry), 'utf8'));
    const dir = item.entry.replace(/live\.json$/, '');
    let expected = null;
    let continuous = true;
    let firstStart = 0;
    for (const [i, s] of desc.segments.entries()) {
      const { start, duration } = checkSegment(out, dir + s.uri, rows, 'live', true);
      if (i === 0) firstStart = start;
      if (expected !== null && !near(start, expected, 0.05)) continuous = false;
      if (!near(duration, s.durationSeconds, 0.1)) continuous = false;
      expected = start + s.durationSeconds;
    }
    const sum = desc.segments.reduce((t, s) => t + s.durationSeconds, 0);
    add(
      'live',
      item.entry,
      continuous &&
        near(sum, desc.loopSeconds, 0.01) &&
        desc.segments.every((s) => s.durationSeconds === desc.targetDurationSeconds),
      `${desc.segments.length} segments of ${desc.targetDurationSeconds}s = ${sum}s loop, timestamps continuous from ${firstStart.toFixed(3)}s to ${(expected ?? 0).toFixed(3)}s; wrap needs #EXT-X-DISCONTINUITY`,
    );
  }

  const epubcheck = ['/usr/share/java/epubcheck.jar'].find((j) => existsSync(j) && which('java'));
  for (const item of items.filter((i) => i.kind === 'ebook')) {
    const f = join(out, item.entry);
    const buf = readFileSync(f);
    const nameLen = buf.readUInt16LE(26);
    const extraLen = buf.readUInt16LE(28);
    const firstName = buf.toString('latin1', 30, 30 + nameLen);
    const method = buf.readUInt16LE(8);
    const mime = buf.toString('latin1', 30 + nameLen + extraLen, 30 + nameLen + extraLen + 20);
    const entries = run('unzip', ['-Z1', f]).trim().split('\n');
    const opf = run('unzip', ['-p', f, 'OEBPS/content.opf']);
    const nav = run('unzip', ['-p', f, 'OEBPS/nav.xhtml']);
    const dc = ['title', 'creator', 'language', 'identifier', 'date', 'publisher'].filter(
      (k) => !opf.includes(`<dc:${k}`),
    );
    const required = [
      'META-INF/container.xml',
      'OEBPS/content.opf',
      'OEBPS/nav.xhtml',
      'OEBPS/toc.ncx',
      'OEBPS/images/cover.jpg',
    ].filter((e) => !entries.includes(e));
    const chapters = entries.filter((e) => /chapter-\d+\.xhtml$/.test(e)).length;
    let check = 'epubcheck not installed';
    let checkOk = true;
    if (epubcheck) {
      try {
        const outText = run('java', ['-jar', epubcheck, '-q', f]);
        check =
          outText.trim() === ''
            ? 'epubcheck: no errors or warnings'
            : `epubcheck: ${outText.trim().split('\n')[0]}`;
      } catch (error) {
        checkOk = false;
        check = `epubcheck FAILED: ${String(error.message).split('\n').slice(-3).join(' ')}`;
      }
    }
    add(
      'ebook',
      item.entry,
      firstName === 'mimetype' &&
        method === 0 &&
        extraLen === 0 &&
        mime === 'application/epub+zip' &&
        dc.length === 0 &&
        required.length === 0 &&
        chapters >= 4 &&
        chapters <= 6 &&
        nav.includes('epub:type="toc"') &&
        checkOk,
      `mimetype first+stored, ${entries.length} entries, ${chapters} chapters, nav toc + NCX, dc ${dc.length ? 'MISSING ' + dc.join(',') : 'complete'}, ${item.metadata.words} words; ${check}`,
    );
  }

  for (const item of items.filter((i) => i.kind === 'html5-game')) {
    const html = readFileSync(join(out, item.entry), 'utf8');
    const problems = checkGame(html);
    add(
      'game',
      item.entry,
      problems.length === 0,
      `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB, ${problems.length ? problems.join('; ') : 'self-contained, title, instructions, game-ready/game-score, keyboard+pointer'}`,
    );
  }

  for (const item of items.filter((i) => i.kind === 'software-download')) {
    const f = join(out, item.entry);
    const entries = run('unzip', ['-Z1', f]).trim().split('\n');
    const line = readFileSync(join(out, item.checksum), 'utf8').trim();
    const [hex, name] = line.split(/\s+/);
    const size = statSync(f).size;
    const hasDocs =
      entries.some((e) => e.endsWith('/README.md')) && entries.some((e) => e.endsWith('/LICENSE'));
    add(
      'software',
      item.entry,
      size < 200 * 1024 && hasDocs && hex === sha256(f) && item.entry.endsWith(name),
      `${(size / 1024).toFixed(1)} KB, ${entries.length} entries incl. README.md + LICENSE, .sha256 ${hex === sha256(f) ? 'matches' : 'DOES NOT MATCH'}`,
    );
  }

  const thumbs = listFiles(join(out, 'thumbnails'));
  let thumbsOk = true;
  let largest = 0;
  const posters = thumbs.filter((t) => !/-w\d+\.webp$/.test(t));
  for (const t of thumbs) {
    const p = ffprobe(join(out, 'thumbnails', t), ['-show_streams']);
    const s = p.streams[0];
    const size = statSync(join(out, 'thumbnails', t)).size;
    largest = Math.max(largest, size);
    const dims = `${s.width}x${s.height}`;
    // A narrower copy (-w<width>) is that wide, in the poster's proportions (2:3 or 1:1).
    const copy = /-w(\d+)\.webp$/.exec(t);
    const shapeOk = copy
      ? s.width === Number(copy[1]) && [s.width, Math.round((s.width * 3) / 2)].includes(s.height)
      : ['320x480', '400x400'].includes(dims);
    if (!shapeOk || size >= 25 * 1024 || s.codec_name !== 'webp') {
      thumbsOk = false;
      add('thumbnail', `thumbnails/${t}`, false, `${s.codec_name} ${dims} ${size} bytes`);
    }
  }
  add(
    'thumbnail',
    'thumbnails/',
    thumbsOk,
    `${posters.length} WebP posters (320x480 or 400x400) and ${thumbs.length - posters.length} narrower copies, largest ${(largest / 1024).toFixed(1)} KB`,
  );

  const referenced = items.flatMap((i) =>
    [i.entry, i.thumbnail, i.progressive, i.checksum, i.loopPlaylist].filter(Boolean),
  );
  const missing = referenced.filter((r) => !existsSync(join(out, r)));
  add(
    'manifest',
    'manifest.json',
    missing.length === 0,
    missing.length ? `missing: ${missing.join(', ')}` : `${items.length} items, every referenced file exists`,
  );

  const total = manifest.files.reduce((s, f) => s + f.bytes, 0) + statSync(join(out, 'manifest.json')).size;
  add(
    'size',
    '.',
    total < 25e6,
    `${(total / 1e6).toFixed(2)} MB (${(total / 1024 / 1024).toFixed(2)} MiB) in ${manifest.files.length + 1} files (limit 25 MB)`,
  );
  return rows;
}
