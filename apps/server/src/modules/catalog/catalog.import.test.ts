import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { type ImportOutcome, importCatalogFolder } from './catalog.import';
import { readEpub } from './catalog.import-epub';
import { ImportRejection } from './catalog.import-metadata';
import { createCatalogRepository } from './catalog.repository';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../media/demo');

// ---- Fixtures made in code ----

/** A ZIP with stored (uncompressed) entries: enough for EPUB fixtures. */
function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function epub(opfMetadata: string): Buffer {
  return zip({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': CONTAINER,
    'OPS/book.opf': `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" xml:lang="fr">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">${opfMetadata}</metadata>
<manifest><item id="c" href="images/cover.png" media-type="image/png" properties="cover-image"/></manifest></package>`,
    'OPS/images/cover.png': PNG,
  });
}

/** An MP4 with a movie header (5 s), iTunes-style tags and a video and a sound track of these codecs. */
function mp4(video = 'avc1', sound = 'mp4a'): Buffer {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const box = (type: string, ...parts: Buffer[]) => {
    const payload = Buffer.concat(parts);
    return Buffer.concat([u32(payload.length + 8), Buffer.from(type, 'latin1'), payload]);
  };
  const full = (type: string, ...parts: Buffer[]) => box(type, Buffer.alloc(4), ...parts);
  const matrix = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32);
  const mvhd = full(
    'mvhd',
    u32(0),
    u32(0),
    u32(1000),
    u32(5000),
    u32(0x00010000),
    Buffer.from([1, 0]),
    Buffer.alloc(10),
    ...matrix,
    Buffer.alloc(24),
    u32(2),
  );
  const tag = (name: string, text: string) =>
    box(name, box('data', u32(1), u32(0), Buffer.from(text, 'utf8')));
  const ilst = box(
    'ilst',
    tag('\u00a9nam', 'Tide Tables'),
    tag('\u00a9ART', 'Ana Ribeiro'),
    tag('\u00a9day', '2023-04-05'),
    tag('\u00a9gen', 'Documentary'),
    tag('desc', 'A short film about tides.'),
  );
  const meta = full(
    'meta',
    full('hdlr', u32(0), Buffer.from('mdir'), Buffer.alloc(12), Buffer.from([0])),
    ilst,
  );
  // A track: its header, media header, handler, one sample entry (the codec's box, zero-filled) and an
  // empty sample size table (music-metadata 11.16 reads every sound track's; a real file has one).
  const trak = (handler: string, codec: string) =>
    box(
      'trak',
      full('tkhd', Buffer.alloc(80)),
      box(
        'mdia',
        full('mdhd', u32(0), u32(0), u32(1000), u32(5000), Buffer.alloc(4)),
        full('hdlr', u32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from([0])),
        box(
          'minf',
          box('stbl', full('stsd', u32(1), box(codec, Buffer.alloc(78))), full('stsz', u32(0), u32(0))),
        ),
      ),
    );
  return Buffer.concat([
    box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isommp41')),
    box('moov', mvhd, trak('vide', video), trak('soun', sound), box('udta', meta)),
    box('mdat', Buffer.alloc(64)),
  ]);
}

const VALID_EPUB = epub(`
  <dc:identifier id="id">urn:isbn:978-2-07-036002-4</dc:identifier>
  <dc:title id="t">Le Phare des marées</dc:title>
  <meta refines="#t" property="title-type">main</meta>
  <dc:title id="en" xml:lang="en">The Lighthouse of Tides</dc:title>
  <dc:creator id="a">Élise Martin</dc:creator>
  <meta refines="#a" property="role" scheme="marc:relators">aut</meta>
  <dc:language>fr</dc:language>
  <dc:publisher>Éditions de l'Anse &amp; Cie</dc:publisher>
  <dc:date>2021-09-14</dc:date>
  <dc:subject>Roman</dc:subject>
  <dc:description>&lt;p&gt;Une gardienne de phare et la mer.&lt;/p&gt;</dc:description>`);

async function listAll(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(path.slice(dir.length + 1));
    }
  };
  await walk(dir);
  return out.sort();
}

/** Debian's ffmpeg, when this machine has it: the poster-frame test runs only then (CI installs it). */
const HAS_FFMPEG = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/** A real 8-second H.264 + AAC film made by ffmpeg: colour bars, a counter, a tone. */
function ffmpegFilm(path: string): void {
  const made = spawnSync(
    'ffmpeg',
    [
      ...['-nostdin', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=960x540:rate=10:duration=8'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...['-metadata', 'title=Test Pattern', path],
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the test film: ${made.stderr}`);
}

describe.each(ENGINES)('catalog import (%s)', (engine) => {
  let db: TestDb;
  let root: string;
  let input: string;
  let imported: string;
  let brand: { id: number; slug: string };

  beforeEach(async () => {
    db = await createTestDb(engine);
    brand = await buildBrand(db);
    root = await mkdtemp(join(tmpdir(), 'catalog-import-'));
    input = join(root, 'in');
    imported = join(root, 'imported');
    await mkdir(join(input, 'albums'), { recursive: true });
  });

  afterEach(async () => {
    await db.cleanup();
    await rm(root, { recursive: true, force: true });
  });

  const run = () => importCatalogFolder(db, { brandSlug: brand.slug, folder: input, importedDir: imported });
  const byPath = (outcomes: ImportOutcome[]) => new Map(outcomes.map((o) => [o.path, o]));

  it('imports valid files with their metadata, rejects malformed ones whole, and is idempotent', async () => {
    await copyFile(join(DEMO, 'music/01-harbor-lights.mp3'), join(input, 'albums/01.mp3'));
    await copyFile(join(DEMO, 'music/02-night-market.mp3'), join(input, 'albums/02.mp3'));
    await copyFile(join(DEMO, 'audiobooks/a-map-of-small-rivers.m4b'), join(input, 'rivers.m4b'));
    await writeFile(join(input, 'phare.epub'), VALID_EPUB);
    await writeFile(join(input, 'tides.mp4'), mp4());
    // Malformed or unsupported.
    await writeFile(join(input, 'noise.mp3'), 'this is not audio at all\n'.repeat(40));
    await writeFile(join(input, 'broken.epub'), 'PK but not really a zip');
    await writeFile(join(input, 'empty-package.epub'), zip({ mimetype: 'application/epub+zip' }));
    await writeFile(join(input, 'untitled.epub'), epub('<dc:language>fr</dc:language>'));
    await writeFile(join(input, 'clip.mp4'), Buffer.from('ftypjunkjunkjunk'));
    // Issue 15, item 8: codecs browsers cannot play (it imported and played as a black frame).
    await writeFile(join(input, 'old-camera.mp4'), mp4('mp4v'));
    await writeFile(join(input, 'surround.m4v'), mp4('avc1', 'ac-3'));
    await writeFile(join(input, 'notes.txt'), 'hello');
    await writeFile(join(input, '.hidden.mp3'), 'skipped: dot file');

    const report = await run();
    const outcomes = byPath(report.outcomes);
    expect(report.outcomes).toHaveLength(13);
    for (const path of ['albums/01.mp3', 'albums/02.mp3', 'rivers.m4b', 'phare.epub', 'tides.mp4'])
      expect(outcomes.get(path)?.status, path).toBe('imported');
    const rejected = report.outcomes.filter((o) => o.status === 'rejected');
    expect(rejected.map((o) => o.path).sort()).toEqual([
      'broken.epub',
      'clip.mp4',
      'empty-package.epub',
      'noise.mp3',
      'notes.txt',
      'old-camera.mp4',
      'surround.m4v',
      'untitled.epub',
    ]);
    const reason = (path: string) => {
      const o = outcomes.get(path);
      return o?.status === 'rejected' ? o.reason : '';
    };
    expect(reason('notes.txt')).toMatch(/unsupported file type ".txt"/);
    expect(reason('broken.epub')).toMatch(/not a valid EPUB/);
    expect(reason('empty-package.epub')).toMatch(/container\.xml is missing/);
    expect(reason('untitled.epub')).toMatch(/no title/);
    expect(reason('noise.mp3')).not.toBe('');
    expect(reason('old-camera.mp4')).toMatch(/browsers cannot play its video codec MPEG-4 Part 2 "mp4v"/);
    expect(reason('surround.m4v')).toMatch(/browsers cannot play its sound codec Dolby Digital \(AC-3\)/);
    expect(reason('clip.mp4')).toMatch(/not a playable MP4/);

    const repo = createCatalogRepository(db.kysely, db.dialect);
    // Music: one album holding both tracks, in track order, with the artist and the cover.
    const albums = await repo.listNewReleases(brand.id, 'music', null, 10);
    expect(albums.items.map((a) => a.title)).toEqual(['Demo Sessions, Vol. 1']);
    const album = await repo.findMedia(brand.id, 'music', albums.items[0]?.id ?? 0);
    expect(album?.children.map((t) => [t.position, t.title])).toEqual([
      [1, 'Harbor Lights'],
      [2, 'Night Market'],
    ]);
    expect(album?.people.map((p) => [p.role, p.person.title])).toEqual([
      ['artist', 'The Placeholder Ensemble'],
    ]);
    // Each track's duration rounded to the second (32.5 s and 32.5 s).
    expect(album?.durationSeconds).toBe(66);
    // The cover in several widths, the thumbnail naming the largest (issue 15, item 8).
    expect(album?.thumbnail.path).toMatch(
      /^\/media\/imported\/thumbnails\/brand\d+\/[0-9a-f]{16}-w\d+\.jpg$/,
    );
    expect(album?.children[0]?.playbackKey).toMatch(
      /^\/media\/imported\/brand\d+\/music\/[0-9a-f]{16}-01\.mp3$/,
    );
    expect(album?.genres.map((g) => g.title)).toEqual(['Acoustic']);

    const [book] = (await repo.listNewReleases(brand.id, 'audiobook', null, 10)).items;
    const audiobook = await repo.findMedia(brand.id, 'audiobook', book?.id ?? 0);
    expect(audiobook?.title).toBe('A Map of Small Rivers');
    expect(audiobook?.people.map((p) => [p.role, p.person.title])).toEqual([['author', 'Teodor Lind']]);
    expect(audiobook?.durationSeconds).toBe(143);
    expect(audiobook?.releaseYear).toBe(2024);
    // Its chapters (the MP4 chapter track) as children, as the seed's audiobooks have them.
    expect(
      audiobook?.children.map((c) => [c.position, c.title, c.durationSeconds, c.playbackKey?.split('#')[1]]),
    ).toEqual([
      [1, 'Where the River Meets the Sea', 51, 't=0,51.227'],
      [2, 'The Mill and the Tributary', 45, 't=51.227,96.05'],
      [3, 'The Source, More or Less', 47, 't=96.05,143.048'],
    ]);
    expect(audiobook?.children[0]?.playbackKey?.split('#')[0]).toBe(audiobook?.playbackKey);

    const [ebookCard] = (await repo.listNewReleases(brand.id, 'ebook', null, 10)).items;
    const ebook = await repo.findMedia(brand.id, 'ebook', ebookCard?.id ?? 0, [], 'en-us');
    // The English title from the OPF is the en-us translation; the original is French.
    expect(ebook?.title).toBe('The Lighthouse of Tides');
    const french = await repo.findMedia(brand.id, 'ebook', ebookCard?.id ?? 0, [], 'fr-ca');
    expect(french?.title).toBe('Le Phare des marées');
    expect(french?.description).toBe('Une gardienne de phare et la mer.');
    expect(french?.language).toBe('fr');
    expect(french?.releaseDate).toBe('2021-09-14');
    expect(french?.details).toMatchObject({ isbn: '9782070360024', publisher: "Éditions de l'Anse & Cie" });
    expect(french?.people.map((p) => [p.role, p.person.title])).toEqual([['writer', 'Élise Martin']]);
    // A 1×1 PNG cover: one JPEG of its own width.
    expect(french?.thumbnail.path).toMatch(/-w1\.jpg$/);
    expect((await repo.search(brand.id, 'phare marees')).map((c) => c.id)).toEqual([ebookCard?.id]);
    expect((await repo.search(brand.id, 'lighthouse tides')).map((c) => c.id)).toEqual([ebookCard?.id]);

    const [movieCard] = (await repo.listNewReleases(brand.id, 'movie', null, 10)).items;
    const movie = await repo.findMedia(brand.id, 'movie', movieCard?.id ?? 0);
    expect(movie).toMatchObject({
      title: 'Tide Tables',
      description: 'A short film about tides.',
      durationSeconds: 5,
      releaseDate: '2023-04-05',
    });
    expect(movie?.playbackKey).toMatch(/^\/media\/imported\/brand\d+\/movies\/[0-9a-f]{16}-tides\.mp4$/);
    expect(movie?.people.map((p) => [p.role, p.person.title])).toEqual([['director', 'Ana Ribeiro']]);

    // Exactly the copies of the imported files (and their covers); nothing of the rejected ones.
    const files = await listAll(imported);
    expect(files.filter((f) => !f.startsWith('thumbnails/'))).toHaveLength(5);
    expect(files.some((f) => f.includes('.partial'))).toBe(false);
    expect(files.some((f) => /noise|broken|untitled|clip|notes|empty/.test(f))).toBe(false);
    const stored = await readFile(join(imported, (movie?.playbackKey ?? '').replace('/media/imported/', '')));
    expect(stored.equals(mp4())).toBe(true);

    // A second run changes nothing: same files, same rows.
    const before = await db.kysely.selectFrom('media_items').select('id').orderBy('id').execute();
    const again = await run();
    expect(again.outcomes.filter((o) => o.status === 'duplicate')).toHaveLength(5);
    expect(again.outcomes.filter((o) => o.status === 'imported')).toHaveLength(0);
    expect(await db.kysely.selectFrom('media_items').select('id').orderBy('id').execute()).toEqual(before);
    expect(await listAll(imported)).toEqual(files);
  }, 120_000);

  it.skipIf(!HAS_FFMPEG)(
    'takes a video poster frame a few seconds in as its cover, in the covers widths',
    async () => {
      ffmpegFilm(join(input, 'pattern.mp4'));
      const report = await run();
      const [outcome] = report.outcomes;
      expect(outcome).toMatchObject({ status: 'imported', mediaType: 'movie', title: 'Test Pattern' });
      expect(outcome?.status === 'imported' ? outcome.notes : []).toEqual(['poster frame taken at 3.0 s']);
      const repo = createCatalogRepository(db.kysely, db.dialect);
      const [card] = (await repo.listNewReleases(brand.id, 'movie', null, 10)).items;
      expect(card?.thumbnail.path).toMatch(
        /^\/media\/imported\/thumbnails\/brand\d+\/[0-9a-f]{16}-w640\.jpg$/,
      );
      const thumbs = (await listAll(imported)).filter((f) => f.startsWith('thumbnails/'));
      expect(thumbs.map((f) => f.replace(/^.*-(w\d+)\.jpg$/, '$1'))).toEqual(['w160', 'w320', 'w640']);
      // A JPEG of the test pattern, not an empty or black file.
      const largest = await readFile(join(imported, thumbs.find((f) => f.endsWith('-w640.jpg')) ?? ''));
      expect(largest.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
      expect(largest.length).toBeGreaterThan(5_000);
    },
    180_000,
  );

  it('imports a video without ffmpeg, without a poster, and says it skipped it', async () => {
    if (HAS_FFMPEG) ffmpegFilm(join(input, 'pattern.mp4'));
    else await writeFile(join(input, 'pattern.mp4'), mp4());
    const report = await importCatalogFolder(db, {
      brandSlug: brand.slug,
      folder: input,
      importedDir: imported,
      tools: { ffmpeg: join(root, 'no-such-ffmpeg') },
    });
    const [outcome] = report.outcomes;
    expect(outcome?.status).toBe('imported');
    expect(outcome?.status === 'imported' ? outcome.notes : []).toEqual([
      'poster skipped: ffmpeg is not installed (apt-get install ffmpeg to take poster frames)',
    ]);
    expect((await listAll(imported)).filter((f) => f.startsWith('thumbnails/'))).toEqual([]);
  }, 180_000);

  it('imports an MP3 audiobook with its ID3 chapters and rejects files with malformed chapters whole', async () => {
    const mp3 = await readFile(join(DEMO, 'audiobooks/the-lighthouse-keepers-clock.mp3'));
    const m4b = await readFile(join(DEMO, 'audiobooks/a-map-of-small-rivers.m4b'));
    await writeFile(join(input, 'clock.mp3'), mp3);
    // The third chapter (CHAP "ch2") starts where the first does: two chapters at one time.
    const badMp3 = Buffer.from(mp3);
    badMp3.writeUInt32BE(0, badMp3.indexOf('ch2\u0000', badMp3.indexOf('CHAP')) + 4);
    await writeFile(join(input, 'clock-bad-chapters.mp3'), badMp3);
    // The chapter track's chunk offset points past the end of the file.
    const badM4b = Buffer.from(m4b);
    const moovEnd = badM4b.indexOf('mdat', badM4b.indexOf('moov'));
    const stco = badM4b.subarray(0, moovEnd).lastIndexOf('stco');
    badM4b.writeUInt32BE(0x7fffff00, stco + 12);
    await writeFile(join(input, 'rivers-bad-chapters.m4b'), badM4b);

    const outcomes = byPath((await run()).outcomes);
    expect(outcomes.get('clock.mp3')?.status).toBe('imported');
    for (const path of ['clock-bad-chapters.mp3', 'rivers-bad-chapters.m4b']) {
      const outcome = outcomes.get(path);
      expect(outcome?.status, path).toBe('rejected');
      expect(outcome?.status === 'rejected' ? outcome.reason : '', path).toMatch(/^malformed chapters: /);
    }

    const repo = createCatalogRepository(db.kysely, db.dialect);
    const books = (await repo.listNewReleases(brand.id, 'audiobook', null, 10)).items;
    expect(books.map((b) => b.title)).toEqual(["The Lighthouse Keeper's Clock"]);
    const book = await repo.findMedia(brand.id, 'audiobook', books[0]?.id ?? 0);
    expect(book?.children.map((c) => [c.position, c.title, c.durationSeconds])).toEqual([
      [1, 'The Clock That Ran Late', 36],
      [2, 'A Ship Not on the Chart', 43],
      [3, 'Eleven Minutes', 47],
      [4, 'The Keeper Answers', 43],
    ]);
    expect(book?.people.map((p) => [p.role, p.person.title])).toEqual([['author', 'Marian Holt']]);
    // Only the good file's title and chapters, and only its copy.
    const rows = await db.kysely.selectFrom('media_items').select('id').execute();
    expect(rows).toHaveLength(5);
    const files = (await listAll(imported)).filter((f) => !f.startsWith('thumbnails/'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-clock\.mp3$/);
  }, 60_000);

  it('leaves no row and no file behind when placing the copy fails inside the transaction', async () => {
    const content = VALID_EPUB;
    await writeFile(join(input, 'phare.epub'), content);
    const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
    // A folder where the copy must go makes the final rename fail after every row is written.
    await mkdir(join(imported, brand.slug, 'ebooks', `${hash}-phare.epub`), { recursive: true });
    const report = await run();
    expect(report.outcomes).toMatchObject([{ status: 'rejected', path: 'phare.epub' }]);
    expect(await db.kysely.selectFrom('media_items').select('id').execute()).toEqual([]);
    expect(await db.kysely.selectFrom('media_imports').select('media_id').execute()).toEqual([]);
    expect(await listAll(imported)).toEqual([]);
  });

  it('refuses an unknown brand or a missing folder before touching anything', async () => {
    await expect(
      importCatalogFolder(db, { brandSlug: 'nope', folder: input, importedDir: imported }),
    ).rejects.toThrow(/No brand/);
    await expect(
      importCatalogFolder(db, {
        brandSlug: brand.slug,
        folder: join(root, 'missing'),
        importedDir: imported,
      }),
    ).rejects.toThrow(/not a folder/);
  });
});

// Issue 15, item 8: the regular-expression reader took titles from comments; a real XML parser does not.
describe('the EPUB reader', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'epub-reader-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  const readOne = async (file: Buffer) => {
    const path = join(folder, `${String(Math.random()).slice(2)}.epub`);
    await writeFile(path, file);
    return readEpub(path);
  };

  it('ignores comments, reads CDATA and entities as XML says', async () => {
    const parsed = await readOne(
      epub(`<!-- <dc:title>Draft title from a comment</dc:title> -->
        <dc:title><![CDATA[Salt & <Sea>]]></dc:title>
        <dc:creator>Ana &amp; Bo</dc:creator>
        <dc:description>&lt;p&gt;A &lt;b&gt;bold&lt;/b&gt; tale.&lt;/p&gt;</dc:description>
        <dc:language>en</dc:language>`),
    );
    expect(parsed.title).toBe('Salt & <Sea>');
    expect(parsed.people).toEqual([{ name: 'Ana & Bo', role: 'writer' }]);
    expect(parsed.description).toBe('A bold tale.');
  });

  it('refuses a package document that is not well-formed or declares entities', async () => {
    await expect(readOne(epub('<dc:title>Open <dc:title>'))).rejects.toThrow(/not well-formed XML/);
    const bomb = zip({
      mimetype: 'application/epub+zip',
      'META-INF/container.xml': `<?xml version="1.0"?><!DOCTYPE c [<!ENTITY a "aaaaaaaaaa">]>${CONTAINER.slice(21)}`,
    });
    const refused = readOne(bomb);
    await expect(refused).rejects.toBeInstanceOf(ImportRejection);
    await expect(refused).rejects.toThrow(/declares XML entities/);
  });
});
