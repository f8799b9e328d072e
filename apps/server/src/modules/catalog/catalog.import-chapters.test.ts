import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readChapters } from './catalog.import-audio';
import { ChapterError, finishChapters } from './catalog.import-chapters';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../media/demo');

// ---- MP4 fixtures ----

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const payload = Buffer.concat(parts);
  return Buffer.concat([u32(payload.length + 8), Buffer.from(type, 'latin1'), payload]);
};
const full = (type: string, ...parts: Buffer[]) => box(type, Buffer.alloc(4), ...parts);

/** A QuickTime text sample: u16 length, then the text. */
const textSample = (text: string, utf16 = false) => {
  const bytes = utf16
    ? Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])
    : Buffer.from(text, 'utf8');
  return Buffer.concat([u16(bytes.length), bytes]);
};

interface Mp4Options {
  /** Chapter titles (text samples) with their durations in milliseconds. */
  chapters?: { title: string; ms: number; utf16?: boolean }[];
  /** Samples per chunk of the chapter track (one stsc run); all in one chunk when absent. */
  perChunk?: number;
  /** The track id the audio track's `chap` reference names (2, the text track, by default). */
  chapRef?: number;
  /** Nero chapters: start in seconds and title. */
  nero?: { start: number; title: string }[];
  /** Changes the built boxes: stts entries, an stco offset added to every chunk. */
  sttsCounts?: number[];
  stcoShift?: number;
  handler?: string;
}

const trackHeader = (id: number) => full('tkhd', u32(0), u32(0), u32(id), Buffer.alloc(68));
const mediaHeader = (timescale: number) => full('mdhd', u32(0), u32(0), u32(timescale), u32(0), u32(0));
const handler = (type: string) => full('hdlr', u32(0), Buffer.from(type, 'latin1'), Buffer.alloc(13));

/** ftyp, mdat holding the chapter titles, then moov (so chunk offsets are known when it is built). */
function mp4(options: Mp4Options): Buffer {
  const ftyp = box('ftyp', Buffer.from('M4A '), u32(0x200), Buffer.from('isomM4A '));
  const chapters = options.chapters ?? [];
  const samples = chapters.map((c) => textSample(c.title, c.utf16));
  const mdat = box('mdat', ...samples);
  const dataStart = ftyp.length + 8 + (options.stcoShift ?? 0);
  const perChunk = options.perChunk ?? Math.max(1, chapters.length);
  const chunkOffsets: number[] = [];
  let offset = dataStart;
  samples.forEach((sample, i) => {
    if (i % perChunk === 0) chunkOffsets.push(offset);
    offset += sample.length;
  });
  const sttsCounts = options.sttsCounts ?? chapters.map(() => 1);
  const stbl = box(
    'stbl',
    full('stsd', u32(0)),
    full(
      'stts',
      u32(sttsCounts.length),
      ...sttsCounts.flatMap((count, i) => [u32(count), u32(chapters[i]?.ms ?? 1000)]),
    ),
    full('stsc', u32(1), u32(1), u32(perChunk), u32(1)),
    full('stsz', u32(0), u32(samples.length), ...samples.map((s) => u32(s.length))),
    full('stco', u32(chunkOffsets.length), ...chunkOffsets.map(u32)),
  );
  const audio = box(
    'trak',
    trackHeader(1),
    ...(chapters.length > 0 || options.chapRef ? [box('tref', box('chap', u32(options.chapRef ?? 2)))] : []),
    box('mdia', mediaHeader(44_100), handler('soun'), box('minf', box('stbl'))),
  );
  const text = box(
    'trak',
    trackHeader(2),
    box('mdia', mediaHeader(1000), handler(options.handler ?? 'text'), box('minf', stbl)),
  );
  const udta = options.nero
    ? [
        box(
          'udta',
          box(
            'chpl',
            u8(1),
            Buffer.alloc(3),
            u32(0),
            u8(options.nero.length),
            ...options.nero.flatMap((c) => {
              const title = Buffer.from(c.title, 'utf8');
              return [u64(Math.round(c.start * 10_000_000)), u8(title.length), title];
            }),
          ),
        ),
      ]
    : [];
  const moov = box(
    'moov',
    full('mvhd', Buffer.alloc(96)),
    audio,
    ...(chapters.length > 0 ? [text] : []),
    ...udta,
  );
  return Buffer.concat([ftyp, mdat, moov]);
}

// ---- ID3 fixtures ----

const synchsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

function frame(major: 3 | 4, id: string, body: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(id, 'latin1'),
    major === 4 ? synchsafe(body.length) : u32(body.length),
    Buffer.alloc(2),
    body,
  ]);
}
const tit2 = (major: 3 | 4, title: string, utf16 = false) =>
  frame(
    major,
    'TIT2',
    utf16
      ? Buffer.concat([u8(1), Buffer.from([0xff, 0xfe]), Buffer.from(title, 'utf16le')])
      : Buffer.concat([u8(3), Buffer.from(title, 'utf8')]),
  );
const chap = (major: 3 | 4, id: string, startMs: number, endMs: number, title: string, utf16 = false) =>
  frame(
    major,
    'CHAP',
    Buffer.concat([
      Buffer.from(`${id}\u0000`, 'latin1'),
      u32(startMs),
      u32(endMs),
      u32(0xffffffff),
      u32(0xffffffff),
      tit2(major, title, utf16),
    ]),
  );
const ctoc = (major: 3 | 4, id: string, children: string[], flags = 0x03) =>
  frame(
    major,
    'CTOC',
    Buffer.concat([
      Buffer.from(`${id}\u0000`, 'latin1'),
      u8(flags),
      u8(children.length),
      ...children.map((c) => Buffer.from(`${c}\u0000`, 'latin1')),
    ]),
  );
function id3(major: 3 | 4, ...frames: Buffer[]): Buffer {
  const body = Buffer.concat([...frames, Buffer.alloc(32)]);
  // Some MPEG-looking bytes after the tag.
  return Buffer.concat([
    Buffer.from('ID3'),
    u8(major),
    u8(0),
    u8(0),
    synchsafe(body.length),
    body,
    Buffer.alloc(256, 0xff),
  ]);
}

// ---- Tests ----

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chapters-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function chaptersOf(data: Buffer, ext: string, duration: number) {
  n += 1;
  const path = join(dir, `f${String(n)}${ext}`);
  await writeFile(path, data);
  return readChapters(path, ext, duration);
}

interface ManifestItem {
  entry: string;
  chapters?: { title: string; startSeconds: number; endSeconds: number }[];
}

describe('readChapters on the demo audiobooks', () => {
  it.each(['audiobooks/a-map-of-small-rivers.m4b', 'audiobooks/the-lighthouse-keepers-clock.mp3'])(
    'reads the chapters of %s as manifest.json lists them',
    async (entry) => {
      const manifest = JSON.parse(await readFile(join(DEMO, 'manifest.json'), 'utf8')) as {
        items: ManifestItem[];
      };
      const expected = manifest.items.find((item) => item.entry === entry)?.chapters ?? [];
      expect(expected.length).toBeGreaterThan(2);
      const chapters = await readChapters(join(DEMO, entry), entry.slice(entry.lastIndexOf('.')), 200);
      expect(chapters.map((c) => c.title)).toEqual(expected.map((c) => c.title));
      chapters.forEach((chapter, i) => {
        expect(chapter.start).toBeCloseTo(expected[i]?.startSeconds ?? -1, 3);
        expect(chapter.end).toBeCloseTo(expected[i]?.endSeconds ?? -1, 3);
      });
    },
  );

  it('finds no chapters in a music track', async () => {
    expect(await readChapters(join(DEMO, 'music/01-harbor-lights.mp3'), '.mp3', 32.5)).toEqual([]);
  });
});

describe('readChapters on MP4', () => {
  it('reads a chapter track over several chunks, with UTF-16 titles', async () => {
    const chapters = await chaptersOf(
      mp4({
        chapters: [
          { title: 'Opening', ms: 10_000 },
          { title: 'Rivière', ms: 20_000, utf16: true },
          { title: '終わり', ms: 15_000 },
        ],
        perChunk: 2,
      }),
      '.m4b',
      45,
    );
    expect(chapters).toEqual([
      { title: 'Opening', start: 0, end: 10 },
      { title: 'Rivière', start: 10, end: 30 },
      { title: '終わり', start: 30, end: 45 },
    ]);
  });

  it('reads Nero chpl chapters when there is no chapter track, each ending where the next starts', async () => {
    const chapters = await chaptersOf(
      mp4({
        nero: [
          { start: 0, title: 'One' },
          { start: 12.5, title: '' },
        ],
      }),
      '.m4a',
      30,
    );
    expect(chapters).toEqual([
      { title: 'One', start: 0, end: 12.5 },
      { title: 'Chapter 2', start: 12.5, end: 30 },
    ]);
  });

  it('prefers the chapter track to chpl and clamps the last chapter to the audio', async () => {
    const chapters = await chaptersOf(
      mp4({
        chapters: [
          { title: 'A', ms: 5_000 },
          { title: 'B', ms: 5_400 },
        ],
        nero: [{ start: 0, title: 'X' }],
      }),
      '.m4b',
      10,
    );
    expect(chapters).toEqual([
      { title: 'A', start: 0, end: 5 },
      { title: 'B', start: 5, end: 10 },
    ]);
  });

  it('answers no chapters for an MP4 without any', async () => {
    expect(await chaptersOf(mp4({}), '.m4a', 10)).toEqual([]);
    expect(await chaptersOf(Buffer.from('not an mp4 at all'), '.m4a', 10)).toEqual([]);
  });

  it.each<[string, Mp4Options, number, RegExp]>([
    [
      'a reference to a missing track',
      { chapters: [{ title: 'A', ms: 1000 }], chapRef: 9 },
      10,
      /names a track/,
    ],
    [
      'a title outside the file',
      { chapters: [{ title: 'A', ms: 1000 }], stcoShift: 1_000_000 },
      10,
      /outside the file/,
    ],
    [
      'times not matching titles',
      {
        chapters: [
          { title: 'A', ms: 1000 },
          { title: 'B', ms: 1000 },
        ],
        sttsCounts: [1],
      },
      10,
      /do not match/,
    ],
    [
      'a chapter starting after the audio',
      {
        chapters: [
          { title: 'A', ms: 20_000 },
          { title: 'B', ms: 1000 },
        ],
      },
      10,
      /after the audio ends/,
    ],
    [
      'a non-text chapter track',
      { chapters: [{ title: 'A', ms: 1000 }], handler: 'vide' },
      10,
      /not a text track/,
    ],
    [
      'Nero chapters at the same time',
      {
        nero: [
          { start: 1, title: 'A' },
          { start: 1, title: 'B' },
        ],
      },
      10,
      /same time/,
    ],
  ])('refuses %s', async (_name, options, duration, message) => {
    await expect(chaptersOf(mp4(options), '.m4b', duration)).rejects.toThrow(message);
  });

  it('refuses a truncated chpl list and a box running past its parent', async () => {
    const nero = mp4({
      nero: [
        { start: 0, title: 'Alpha' },
        { start: 5, title: 'Beta' },
      ],
    });
    // Claim a third chapter in the count byte: the list ends before it.
    const countAt = nero.lastIndexOf(Buffer.from('chpl')) + 4 + 8;
    nero.writeUInt8(3, countAt);
    await expect(chaptersOf(nero, '.m4a', 10)).rejects.toThrow(/malformed chpl/);

    const broken = mp4({ chapters: [{ title: 'A', ms: 1000 }] });
    const trak = broken.lastIndexOf(Buffer.from('trak'));
    broken.writeUInt32BE(0x7fffff, trak - 4);
    await expect(chaptersOf(broken, '.m4b', 10)).rejects.toBeInstanceOf(ChapterError);
  });
});

describe('readChapters on MP3 (ID3v2 CHAP and CTOC)', () => {
  it('reads ID3v2.4 chapters in time order, limited to the top-level table of contents', async () => {
    const chapters = await chaptersOf(
      id3(
        4,
        ctoc(4, 'toc', ['c2', 'c1']),
        chap(4, 'c2', 30_000, 60_000, 'Deux', true),
        chap(4, 'c1', 0, 30_000, 'Un'),
        chap(4, 'extra', 45_000, 50_000, 'Not listed'),
      ),
      '.mp3',
      60,
    );
    expect(chapters).toEqual([
      { title: 'Un', start: 0, end: 30 },
      { title: 'Deux', start: 30, end: 60 },
    ]);
  });

  it('reads ID3v2.3 chapters without a table of contents', async () => {
    const chapters = await chaptersOf(
      id3(3, chap(3, 'a', 0, 1500, 'First'), chap(3, 'b', 1500, 4000, '')),
      '.mp3',
      4,
    );
    expect(chapters).toEqual([
      { title: 'First', start: 0, end: 1.5 },
      { title: 'Chapter 2', start: 1.5, end: 4 },
    ]);
  });

  it.each<[string, Buffer, RegExp]>([
    [
      'a chapter after the audio',
      id3(3, chap(3, 'a', 0, 1000, 'A'), chap(3, 'b', 90_000, 95_000, 'B')),
      /after the audio ends/,
    ],
    ['a chapter ending before it starts', id3(3, chap(3, 'a', 5000, 1000, 'A')), /ends before it starts/],
    [
      'two chapters at the same time',
      id3(3, chap(3, 'a', 0, 1000, 'A'), chap(3, 'b', 0, 2000, 'B')),
      /same time/,
    ],
    [
      'a table of contents naming a missing chapter',
      id3(3, ctoc(3, 'toc', ['a', 'gone']), chap(3, 'a', 0, 1000, 'A')),
      /missing chapter/,
    ],
    [
      'two chapters with one id',
      id3(3, chap(3, 'a', 0, 1000, 'A'), chap(3, 'a', 1000, 2000, 'B')),
      /two chapters have the id/,
    ],
  ])('refuses %s', async (_name, data, message) => {
    await expect(chaptersOf(data, '.mp3', 30)).rejects.toThrow(message);
  });

  it('refuses a chapter frame that runs past the tag', async () => {
    const data = id3(3, chap(3, 'a', 0, 1000, 'A'));
    data.writeUInt32BE(0x00ffffff, 10 + 4);
    await expect(chaptersOf(data, '.mp3', 30)).rejects.toThrow(/runs past the tag/);
  });
});

describe('finishChapters', () => {
  it('refuses more chapters than any book has', () => {
    const many = Array.from({ length: 2_001 }, (_, i) => ({ title: '', start: i, end: null }));
    expect(() => finishChapters(many, 5_000)).toThrow(/more than 2000 chapters/);
  });
});
