import { type FileHandle, open } from 'node:fs/promises';

/*
 * Chapter lists of imported audio (issue 3, part 5), read from the file itself: music-metadata 11.2
 * reads none of the demo files' chapters (its MP4 reader wants one chapter sample per chunk and it has
 * no ID3 chapter frames), so this small reader does, bounded in what it reads:
 *
 * - MP4 / M4A / M4B: the QuickTime chapter track (`tref/chap` of the audio track names a text track
 *   whose samples are the chapter titles and whose sample durations are the chapters' lengths), else
 *   the Nero `moov/udta/chpl` list (start times in 100 ns units and titles).
 * - MP3: ID3v2.3 / 2.4 `CHAP` frames (start and end in milliseconds, title in an embedded `TIT2`),
 *   limited to the chapters a top-level `CTOC` names when there is one.
 *
 * A file whose chapter data is inconsistent (a box or frame that runs past its parent, a chapter
 * starting after the audio ends, two chapters at the same time, a table of contents naming a chapter
 * that is not there...) throws a ChapterError: the importer rejects the whole file rather than import
 * a partial chapter list.
 */

export interface ImportedChapter {
  title: string;
  /** Seconds from the start of the file. */
  start: number;
  end: number;
}

/** The chapter data of a file is malformed; the message says how. */
export class ChapterError extends Error {}

/** More chapters than any audiobook has: a corrupt count, refused before it allocates anything. */
export const MAX_CHAPTERS = 2_000;
/** Largest `moov` box or ID3v2 tag read into memory (a long audiobook's sample tables fit easily). */
const MAX_HEADER_BYTES = 64 * 1024 * 1024;
/** Largest chapter title sample read from an MP4 chapter track. */
const MAX_TITLE_BYTES = 4_096;
/** A chapter may end this far past the audio's measured duration (encoder padding) and is clamped. */
const END_TOLERANCE_SECONDS = 1;

interface RawChapter {
  title: string;
  start: number;
  /** Null: until the next chapter (or the end of the audio). */
  end: number | null;
}

const cleanTitle = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- titles are untrusted: control characters are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);

const secondsText = (seconds: number) => `${String(Math.round(seconds * 1000) / 1000)} s`;

/**
 * Checks and completes a chapter list read from a file: sorted by start, every start inside the
 * audio, no two at the same time, ends clamped to the next start and the audio's end.
 */
export function finishChapters(raw: readonly RawChapter[], duration: number): ImportedChapter[] {
  if (raw.length > MAX_CHAPTERS) throw new ChapterError(`more than ${String(MAX_CHAPTERS)} chapters`);
  const sorted = [...raw].sort((a, b) => a.start - b.start);
  return sorted.map((chapter, index) => {
    const number = String(index + 1);
    if (!Number.isFinite(chapter.start) || chapter.start < 0)
      throw new ChapterError(`chapter ${number} has no valid start time`);
    if (chapter.start >= duration)
      throw new ChapterError(
        `chapter ${number} starts at ${secondsText(chapter.start)}, after the audio ends (${secondsText(duration)})`,
      );
    const next = sorted[index + 1];
    if (next?.start === chapter.start)
      throw new ChapterError(`chapters ${number} and ${String(index + 2)} start at the same time`);
    if (chapter.end !== null) {
      if (!Number.isFinite(chapter.end) || chapter.end <= chapter.start)
        throw new ChapterError(`chapter ${number} ends before it starts`);
      if (chapter.end > duration + END_TOLERANCE_SECONDS)
        throw new ChapterError(
          `chapter ${number} ends at ${secondsText(chapter.end)}, after the audio ends (${secondsText(duration)})`,
        );
    }
    const end = Math.min(chapter.end ?? Infinity, next?.start ?? Infinity, duration);
    return { title: cleanTitle(chapter.title) || `Chapter ${number}`, start: chapter.start, end };
  });
}

/** The chapters of an audio file (`.mp3`, `.m4a`, `.m4b`); empty when it has none. */
export async function readChapters(path: string, ext: string, duration: number): Promise<ImportedChapter[]> {
  const file = await open(path, 'r');
  try {
    const raw = ext === '.mp3' ? await readId3Chapters(file) : await readMp4Chapters(file);
    return finishChapters(raw, duration);
  } finally {
    await file.close();
  }
}

async function readExactly(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ChapterError('the file ends inside its chapter data');
  return buffer;
}

// ---- MP4 ----

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
export interface TopLevelBox {
  offset: number;
  length: number;
  headerLength: number;
}

/**
 * Finds the first top-level box of a type (e.g. `moov`) by walking box headers; null when the file has
 * none within its first thousand boxes, or a box header is malformed or runs past the end of the file.
 */
export async function findTopLevelBox(file: FileHandle, wanted: string): Promise<TopLevelBox | null> {
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

async function readMp4Chapters(file: FileHandle): Promise<RawChapter[]> {
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

// ---- ID3v2 ----

const synchsafe = (data: Buffer, at: number) => {
  const bytes = [0, 1, 2, 3].map((i) => data.readUInt8(at + i));
  if (bytes.some((byte) => byte > 0x7f)) throw new ChapterError('malformed ID3v2 size');
  return bytes.reduce((sum, byte) => sum * 128 + byte, 0);
};

/** Undoes unsynchronisation: every 0xFF 0x00 becomes 0xFF. */
function resynchronise(data: Buffer): Buffer {
  const out = Buffer.alloc(data.length);
  let length = 0;
  for (let i = 0; i < data.length; i += 1) {
    out[length] = data[i] ?? 0;
    length += 1;
    if (data[i] === 0xff && data[i + 1] === 0x00) i += 1;
  }
  return out.subarray(0, length);
}

interface Frame {
  id: string;
  body: Buffer;
}

/** The frames of an ID3v2.3 or 2.4 frame area (a tag body, or the sub-frames of CHAP and CTOC). */
function frames(data: Buffer, major: number): Frame[] {
  const out: Frame[] = [];
  let at = 0;
  while (at + 10 <= data.length && data[at] !== 0) {
    const id = data.toString('latin1', at, at + 4);
    if (!/^[A-Z0-9]{4}$/.test(id)) throw new ChapterError('malformed ID3v2 frame');
    const size = major === 4 ? synchsafe(data, at + 4) : data.readUInt32BE(at + 4);
    const format = data.readUInt8(at + 9);
    if (at + 10 + size > data.length)
      throw new ChapterError(`malformed ID3v2 frame ${id} (runs past the tag)`);
    let body = data.subarray(at + 10, at + 10 + size);
    if (id === 'CHAP' || id === 'CTOC') {
      const packed = major === 4 ? (format & 0x0c) !== 0 : (format & 0xc0) !== 0;
      if (packed) throw new ChapterError(`compressed or encrypted ${id} frames are not supported`);
      if (major === 4 && format & 0x01) body = body.subarray(4);
      if (major === 4 && format & 0x02) body = resynchronise(body);
    }
    out.push({ id, body });
    at += 10 + size;
  }
  return out;
}

/** A null-terminated ISO-8859-1 string at `at`, and where the next field starts. */
function terminated(data: Buffer, at: number): [string, number] {
  const end = data.indexOf(0, at);
  if (end < 0) throw new ChapterError('malformed chapter frame (unterminated element id)');
  return [data.toString('latin1', at, end), end + 1];
}

/** The text of a T*** frame (its first value). */
function frameText(body: Buffer): string {
  const encoding = body.readUInt8(0);
  const text = body.subarray(1);
  let decoded: string;
  if (encoding === 0) decoded = text.toString('latin1');
  else if (encoding === 1)
    // UTF-16 with a byte order mark (little-endian when it is missing, as most taggers write).
    decoded =
      text[0] === 0xfe && text[1] === 0xff
        ? new TextDecoder('utf-16be').decode(text.subarray(2))
        : new TextDecoder('utf-16le').decode(text);
  else if (encoding === 2) decoded = new TextDecoder('utf-16be').decode(text);
  else decoded = new TextDecoder('utf-8').decode(text);
  return decoded.split('\u0000')[0] ?? '';
}

async function readId3Chapters(file: FileHandle): Promise<RawChapter[]> {
  const { size: fileSize } = await file.stat();
  if (fileSize < 10) return [];
  const header = await readExactly(file, 0, 10);
  if (header.toString('latin1', 0, 3) !== 'ID3') return [];
  const major = header.readUInt8(3);
  // ID3v2.2 has no chapter frames.
  if (major !== 3 && major !== 4) return [];
  const flags = header.readUInt8(5);
  const size = synchsafe(header, 6);
  if (size > MAX_HEADER_BYTES) throw new ChapterError('the ID3v2 tag is too large');
  let body = await readExactly(file, 10, size);
  if (major === 3 && flags & 0x80) body = resynchronise(body);
  if (flags & 0x40) {
    // Extended header: v2.3 counts its size without the 4 size bytes, v2.4 with them (synchsafe).
    if (body.length < 4) throw new ChapterError('malformed ID3v2 extended header');
    const skip = major === 4 ? synchsafe(body, 0) : body.readUInt32BE(0) + 4;
    if (skip > body.length) throw new ChapterError('malformed ID3v2 extended header');
    body = body.subarray(skip);
  }

  const chapters = new Map<string, RawChapter>();
  const tables = new Map<string, { topLevel: boolean; children: string[] }>();
  for (const frame of frames(body, major)) {
    if (frame.id === 'CHAP') {
      const [id, at] = terminated(frame.body, 0);
      if (at + 16 > frame.body.length) throw new ChapterError('malformed CHAP frame (too short)');
      if (chapters.has(id)) throw new ChapterError(`two chapters have the id "${id.slice(0, 32)}"`);
      const title = frames(frame.body.subarray(at + 16), major).find((sub) => sub.id === 'TIT2');
      chapters.set(id, {
        title: title && title.body.length > 0 ? frameText(title.body) : '',
        start: frame.body.readUInt32BE(at) / 1000,
        end: frame.body.readUInt32BE(at + 4) / 1000,
      });
    } else if (frame.id === 'CTOC') {
      const [id, start] = terminated(frame.body, 0);
      if (start + 2 > frame.body.length) throw new ChapterError('malformed CTOC frame (too short)');
      const tocFlags = frame.body.readUInt8(start);
      const count = frame.body.readUInt8(start + 1);
      const children: string[] = [];
      let at = start + 2;
      for (let i = 0; i < count; i += 1) {
        const [childId, next] = terminated(frame.body, at);
        children.push(childId);
        at = next;
      }
      tables.set(id, { topLevel: (tocFlags & 0x02) !== 0, children });
    }
  }
  if (chapters.size > MAX_CHAPTERS) throw new ChapterError(`more than ${String(MAX_CHAPTERS)} chapters`);

  const top = [...tables.values()].find((table) => table.topLevel);
  if (!top) return [...chapters.values()];
  // The chapters the top-level table of contents reaches, through nested tables (bounded depth).
  const reached = new Map<string, RawChapter>();
  const visit = (ids: readonly string[], depth: number) => {
    if (depth > 8) throw new ChapterError('the table of contents nests too deeply');
    for (const id of ids) {
      const chapter = chapters.get(id);
      const table = tables.get(id);
      if (chapter) reached.set(id, chapter);
      else if (table) visit(table.children, depth + 1);
      else throw new ChapterError(`the table of contents names a missing chapter "${id.slice(0, 32)}"`);
    }
  };
  visit(top.children, 0);
  return [...reached.values()];
}
