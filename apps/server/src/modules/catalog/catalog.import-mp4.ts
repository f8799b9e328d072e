import { type FileHandle, open } from 'node:fs/promises';

import {
  ChapterError,
  MAX_CHAPTERS,
  MAX_HEADER_BYTES,
  type RawChapter,
  readExactly,
} from './catalog.import-chapters';

/*
 * The MP4 reader of the import (MP4, M4A, M4B, M4V), bounded in what it reads: the box structure,
 * the chapters of an audio file and the movie header's duration.
 *
 * Chapters: the QuickTime chapter track (`tref/chap` of the audio track names a text track whose
 * samples are the chapter titles and whose sample durations are the chapters' lengths), else the Nero
 * `moov/udta/chpl` list (start times in 100 ns units and titles). music-metadata 11.2 reads none of
 * the demo files' chapters: its MP4 reader wants one chapter sample per chunk.
 */

/** Largest chapter title sample read from an MP4 chapter track. */
const MAX_TITLE_BYTES = 4_096;

interface Box {
  type: string;
  /** Payload start and end, in the buffer the box was read from. */
  start: number;
  end: number;
}

/** The boxes between `start` and `end` of `data`; a box running past `end` is malformed. */
function boxes(data: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) throw new ChapterError(`malformed MP4 box "${type}"`);
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) throw new ChapterError(`malformed MP4 box "${type}"`);
    out.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return out;
}

const child = (data: Buffer, parent: Box | undefined, type: string) =>
  parent ? boxes(data, parent.start, parent.end).find((box) => box.type === type) : undefined;

/** Follows a path of box types from `parent`. */
function descend(data: Buffer, parent: Box | undefined, ...path: string[]): Box | undefined {
  let box = parent;
  for (const type of path) box = child(data, box, type);
  return box;
}

/** Where a top-level box of an MP4 file lies. */
interface TopLevelBox {
  offset: number;
  length: number;
  headerLength: number;
}

/**
 * Finds the first top-level box of a type (e.g. `moov`) by walking box headers; null when the file has
 * none within its first thousand boxes, or a box header is malformed or runs past the end of the file.
 */
async function findTopLevelBox(file: FileHandle, wanted: string): Promise<TopLevelBox | null> {
  const { size } = await file.stat();
  const header = Buffer.alloc(16);
  let offset = 0;
  for (let count = 0; offset + 8 <= size && count < 1_000; count += 1) {
    await file.read(header, 0, 16, offset);
    let length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerLength = 8;
    if (length === 1) {
      length = Number(header.readBigUInt64BE(8));
      headerLength = 16;
    } else if (length === 0) length = size - offset;
    if (length < headerLength || offset + length > size) return null;
    if (type === wanted) return { offset, length, headerLength };
    offset += length;
  }
  return null;
}

/** Reads the top-level `moov` box; null when the file has none within its first thousand boxes. */
async function readMoov(file: FileHandle): Promise<Buffer | null> {
  const moov = await findTopLevelBox(file, 'moov');
  if (!moov) return null;
  if (moov.length > MAX_HEADER_BYTES) throw new ChapterError('the MP4 movie header is too large');
  // The box's own header is kept so that offsets are relative to a box list starting at 0.
  return readExactly(file, moov.offset, moov.length);
}

interface Track {
  id: number;
  handler: string;
  timescale: number;
  chapterTrackIds: number[];
  stbl: Box | undefined;
}

function readTrack(moov: Buffer, trak: Box): Track {
  const tkhd = child(moov, trak, 'tkhd');
  if (!tkhd || tkhd.start + 4 > tkhd.end) throw new ChapterError('an MP4 track has no header');
  // Version, flags, then creation and modification times (32-bit in version 0, 64-bit in 1), then the id.
  const idAt = tkhd.start + 4 + (moov.readUInt8(tkhd.start) === 1 ? 16 : 8);
  if (idAt + 4 > tkhd.end) throw new ChapterError('malformed MP4 track header');
  const chap = descend(moov, trak, 'tref', 'chap');
  const chapterTrackIds: number[] = [];
  if (chap) {
    if ((chap.end - chap.start) % 4 !== 0) throw new ChapterError('malformed MP4 chapter reference');
    for (let at = chap.start; at < chap.end; at += 4) chapterTrackIds.push(moov.readUInt32BE(at));
  }
  const mdia = child(moov, trak, 'mdia');
  const hdlr = child(moov, mdia, 'hdlr');
  const mdhd = child(moov, mdia, 'mdhd');
  let timescale = 0;
  if (mdhd) {
    const version = moov.readUInt8(mdhd.start);
    const at = mdhd.start + 4 + (version === 1 ? 16 : 8);
    if (at + 4 > mdhd.end) throw new ChapterError('malformed MP4 media header');
    timescale = moov.readUInt32BE(at);
  }
  const handler =
    hdlr && hdlr.start + 12 <= hdlr.end ? moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) : '';
  return {
    id: moov.readUInt32BE(idAt),
    handler,
    timescale,
    chapterTrackIds,
    stbl: descend(moov, mdia, 'minf', 'stbl'),
  };
}

/** Counted u32 entries of a sample table box, each `width` u32 wide, bounded by MAX_CHAPTERS. */
function tableEntries(moov: Buffer, box: Box | undefined, name: string, width: number, skip = 0): number[][] {
  if (!box) throw new ChapterError(`the chapter track has no ${name} table`);
  const countAt = box.start + 4 + skip;
  if (countAt + 4 > box.end) throw new ChapterError(`malformed ${name} table`);
  const count = moov.readUInt32BE(countAt);
  if (count > MAX_CHAPTERS) throw new ChapterError(`more than ${String(MAX_CHAPTERS)} chapters`);
  const first = countAt + 4;
  const bytes = name === 'co64' ? 8 : 4;
  if (first + count * width * bytes > box.end) throw new ChapterError(`malformed ${name} table`);
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: width }, (_unused, j) => {
      const at = first + (i * width + j) * bytes;
      return bytes === 8 ? Number(moov.readBigUInt64BE(at)) : moov.readUInt32BE(at);
    }),
  );
}

/** The chapters of a QuickTime chapter track: one text sample per chapter. */
async function chapterTrack(file: FileHandle, moov: Buffer, track: Track): Promise<RawChapter[]> {
  const { stbl } = track;
  if (track.timescale <= 0) throw new ChapterError('the chapter track has no time scale');
  const find = (type: string) => child(moov, stbl, type);

  const stsz = find('stsz');
  if (!stsz || stsz.start + 12 > stsz.end) throw new ChapterError('the chapter track has no stsz table');
  const fixedSize = moov.readUInt32BE(stsz.start + 4);
  const sampleCount = moov.readUInt32BE(stsz.start + 8);
  if (sampleCount > MAX_CHAPTERS) throw new ChapterError(`more than ${String(MAX_CHAPTERS)} chapters`);
  const sizes =
    fixedSize > 0
      ? Array.from({ length: sampleCount }, () => fixedSize)
      : tableEntries(moov, stsz, 'stsz', 1, 4).map(([size = 0]) => size);
  if (sizes.length !== sampleCount) throw new ChapterError('malformed stsz table');

  const durations: number[] = [];
  for (const [count = 0, delta = 0] of tableEntries(moov, find('stts'), 'stts', 2)) {
    if (durations.length + count > sampleCount)
      throw new ChapterError('the chapter times do not match the chapter titles');
    for (let i = 0; i < count; i += 1) durations.push(delta);
  }
  if (durations.length !== sampleCount)
    throw new ChapterError('the chapter times do not match the chapter titles');

  const co64 = find('co64');
  const chunkOffsets = (
    co64 ? tableEntries(moov, co64, 'co64', 1) : tableEntries(moov, find('stco'), 'stco', 1)
  ).map(([offset = 0]) => offset);
  const stsc = tableEntries(moov, find('stsc'), 'stsc', 3);

  // Where each sample lies: chunks in order, `samplesPerChunk` samples each (stsc runs), back to back.
  const offsets: number[] = [];
  stsc.forEach(([firstChunk = 0, perChunk = 0], run) => {
    const lastChunk = (stsc[run + 1]?.[0] ?? chunkOffsets.length + 1) - 1;
    if (firstChunk < 1 || lastChunk > chunkOffsets.length || perChunk > MAX_CHAPTERS)
      throw new ChapterError('malformed stsc table');
    for (let chunk = firstChunk; chunk <= lastChunk && offsets.length < sampleCount; chunk += 1) {
      let at = chunkOffsets[chunk - 1] ?? 0;
      for (let i = 0; i < perChunk && offsets.length < sampleCount; i += 1) {
        offsets.push(at);
        at += sizes[offsets.length - 1] ?? 0;
      }
    }
  });
  if (offsets.length !== sampleCount) throw new ChapterError('the chapter titles are not all in the file');

  const { size: fileSize } = await file.stat();
  const chapters: RawChapter[] = [];
  let time = 0;
  for (let i = 0; i < sampleCount; i += 1) {
    const offset = offsets[i] ?? 0;
    const size = sizes[i] ?? 0;
    const duration = durations[i] ?? 0;
    if (size < 2 || size > MAX_TITLE_BYTES || offset + size > fileSize)
      throw new ChapterError(`the title of chapter ${String(i + 1)} lies outside the file`);
    const sample = await readExactly(file, offset, size);
    const length = sample.readUInt16BE(0);
    if (length + 2 > size) throw new ChapterError(`malformed title of chapter ${String(i + 1)}`);
    const text = sample.subarray(2, 2 + length);
    const title =
      text[0] === 0xfe && text[1] === 0xff
        ? new TextDecoder('utf-16be').decode(text.subarray(2))
        : new TextDecoder('utf-8').decode(text);
    chapters.push({ title, start: time / track.timescale, end: (time + duration) / track.timescale });
    time += duration;
  }
  return chapters;
}

/** Nero chapters: `chpl` = version, flags, [reserved u32 when version 1], count u8, then (u64 start, u8 length, title). */
function neroChapters(moov: Buffer, chpl: Box): RawChapter[] {
  const chapters: RawChapter[] = [];
  let at = chpl.start;
  const need = (bytes: number) => {
    if (at + bytes > chpl.end) throw new ChapterError('malformed chpl chapter list');
  };
  need(5);
  const version = moov.readUInt8(at);
  at += 4;
  if (version === 1) {
    need(5);
    at += 4;
  }
  const count = moov.readUInt8(at);
  at += 1;
  for (let i = 0; i < count; i += 1) {
    need(9);
    const start = Number(moov.readBigUInt64BE(at)) / 10_000_000;
    const length = moov.readUInt8(at + 8);
    at += 9;
    need(length);
    chapters.push({ title: moov.toString('utf8', at, at + length), start, end: null });
    at += length;
  }
  return chapters;
}

/** The chapters of an MP4 audio file, as the file states them; empty when it has none. */
export async function readMp4Chapters(file: FileHandle): Promise<RawChapter[]> {
  const moov = await readMoov(file);
  if (!moov) return [];
  const [root] = boxes(moov, 0, moov.length);
  if (!root) return [];
  const tracks = boxes(moov, root.start, root.end)
    .filter((box) => box.type === 'trak')
    .map((trak) => readTrack(moov, trak));
  const referring = tracks.find((track) => track.chapterTrackIds.length > 0);
  if (referring) {
    const target = tracks.find((track) => referring.chapterTrackIds.includes(track.id));
    if (!target) throw new ChapterError('the chapter reference names a track the file does not have');
    if (target.handler !== 'text' && target.handler !== 'sbtl')
      throw new ChapterError('the chapter track is not a text track');
    const chapters = await chapterTrack(file, moov, target);
    if (chapters.length > 0) return chapters;
  }
  const chpl = descend(moov, root, 'udta', 'chpl');
  return chpl ? neroChapters(moov, chpl) : [];
}

/**
 * The movie header's duration (`moov/mvhd`) of an MP4, in seconds: music-metadata takes durations
 * from audio tracks only, and a film without sound has none. Null when there is no readable header.
 */
export async function readMp4MovieDuration(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const box = await findTopLevelBox(file, 'moov');
    if (!box) return null;
    const moov = Buffer.alloc(Math.min(box.length - box.headerLength, 64 * 1024 * 1024));
    await file.read(moov, 0, moov.length, box.offset + box.headerLength);
    return mvhdDuration(moov);
  } finally {
    await file.close();
  }
}

function mvhdDuration(moov: Buffer): number | null {
  let at = 0;
  while (at + 8 <= moov.length) {
    const length = moov.readUInt32BE(at);
    const type = moov.toString('latin1', at + 4, at + 8);
    if (length < 8) return null;
    if (type === 'mvhd' && at + length <= moov.length) {
      const version = moov.readUInt8(at + 8);
      const body = at + 12;
      const timescale = version === 1 ? moov.readUInt32BE(body + 16) : moov.readUInt32BE(body + 8);
      const duration = version === 1 ? Number(moov.readBigUInt64BE(body + 20)) : moov.readUInt32BE(body + 12);
      return timescale > 0 && duration > 0 ? duration / timescale : null;
    }
    at += length;
  }
  return null;
}

/** One track of an MP4: its handler (`vide`, `soun`, `text`…) and its first sample entry's format. */
export interface Mp4Track {
  handler: string;
  codec: string;
}

/**
 * The tracks of an MP4 with the codec of each (`moov/trak/mdia/hdlr` and the first entry of
 * `mdia/minf/stbl/stsd`), for the import's browser-playability check. Null when the file has no
 * readable movie box; a malformed box inside it throws.
 */
export async function readMp4Tracks(path: string): Promise<Mp4Track[] | null> {
  const file = await open(path, 'r');
  try {
    const box = await findTopLevelBox(file, 'moov');
    if (!box) return null;
    const length = box.length - box.headerLength;
    if (length > MAX_HEADER_BYTES) throw new ChapterError('the movie header is too large');
    return mp4Tracks(await readExactly(file, box.offset + box.headerLength, length));
  } finally {
    await file.close();
  }
}

/** The tracks of a movie box's payload (exported for tests). */
export function mp4Tracks(moov: Buffer): Mp4Track[] {
  return boxes(moov, 0, moov.length)
    .filter((box) => box.type === 'trak')
    .map((trak) => {
      const mdia = child(moov, trak, 'mdia');
      const hdlr = child(moov, mdia, 'hdlr');
      // A full box: version and flags (4), pre_defined (4), then the handler type.
      const handler =
        hdlr && hdlr.end - hdlr.start >= 12 ? moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) : '';
      const stsd = descend(moov, mdia, 'minf', 'stbl', 'stsd');
      // A full box: version and flags (4), entry count (4), then the sample entries, each a box.
      const first =
        stsd && stsd.end - stsd.start >= 16 ? boxes(moov, stsd.start + 8, stsd.end)[0] : undefined;
      return { handler, codec: first?.type ?? '' };
    });
}
