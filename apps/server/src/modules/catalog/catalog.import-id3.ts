import type { FileHandle } from 'node:fs/promises';

import {
  ChapterError,
  MAX_CHAPTERS,
  MAX_HEADER_BYTES,
  type RawChapter,
  readExactly,
} from './catalog.import-chapters';

/*
 * The ID3v2 reader of the import (MP3): ID3v2.3 / 2.4 `CHAP` frames (start and end in milliseconds,
 * title in an embedded `TIT2`), limited to the chapters a top-level `CTOC` names when there is one.
 * music-metadata 11.2 reads no ID3 chapter frames.
 */

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

/** The chapters of an MP3's ID3v2 tag, as the tag states them; empty when it has none. */
export async function readId3Chapters(file: FileHandle): Promise<RawChapter[]> {
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
