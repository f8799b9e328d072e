// Three EPUB 3 books (with an EPUB 2 NCX for older readers) from the original texts in
// content/ebooks.mjs: mimetype first and stored, META-INF/container.xml, an OPF with Dublin Core
// metadata, nav.xhtml, toc.ncx, a JPEG cover, a title page and one XHTML file per chapter.
// Files get a fixed modification time and are added in sorted order, so the zip is byte-stable.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { EBOOKS } from '../content/ebooks.mjs';
import { ensureDir, listFiles, pinTimes, run, writeText, xml } from '../lib/run.mjs';
import { poster } from '../lib/thumbnails.mjs';

const CSS = `body { font-family: Georgia, "DejaVu Serif", serif; line-height: 1.5; margin: 0 5%; }
h1 { font-size: 1.5em; margin: 2em 0 1em; text-align: center; }
h2 { font-size: 1.1em; font-weight: normal; font-style: italic; text-align: center; }
p { margin: 0; text-indent: 1.5em; text-align: justify; }
h1 + p, .first { text-indent: 0; }
.titlepage { text-align: center; margin-top: 20%; }
.titlepage p { text-indent: 0; text-align: center; margin: 0.5em 0; }
.small { font-size: 0.8em; }
.cover { margin: 0; padding: 0; text-align: center; }
.cover img { max-width: 100%; max-height: 100%; }
nav ol { list-style: none; padding-left: 0; }
nav li { margin: 0.4em 0; }
`;

function xhtml(title, body, { epubType } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head>
  <meta charset="UTF-8" />
  <title>${xml(title)}</title>
  <link rel="stylesheet" type="text/css" href="../css/book.css" />
</head>
<body${epubType ? ` epub:type="${epubType}"` : ''}>
${body}
</body>
</html>
`;
}

const chapterFile = (i) => `chapter-${String(i + 1).padStart(2, '0')}.xhtml`;

export function writeEpubTree(book, dir) {
  const oebps = join(dir, 'OEBPS');
  writeText(join(dir, 'mimetype'), 'application/epub+zip');
  writeText(
    join(dir, 'META-INF', 'container.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml" />
  </rootfiles>
</container>
`,
  );
  writeText(join(oebps, 'css', 'book.css'), CSS);
  writeText(
    join(oebps, 'text', 'cover.xhtml'),
    xhtml(
      book.title,
      `  <section class="cover" epub:type="cover">\n    <img src="../images/cover.jpg" alt="Cover: ${xml(book.title)} by ${xml(book.author)}" />\n  </section>`,
    ),
  );
  writeText(
    join(oebps, 'text', 'title.xhtml'),
    xhtml(
      book.title,
      `  <section class="titlepage" epub:type="titlepage">
    <h1>${xml(book.title)}</h1>
    <h2>${xml(book.subtitle)}</h2>
    <p>${xml(book.author)}</p>
    <p class="small">${xml(book.publisher)} · ${xml(book.edition)} · ${book.date.slice(0, 4)}</p>
    <p class="small">ISBN ${book.isbn.replace(/^(\d{3})(\d)(\d{4})(\d{4})(\d)$/, '$1-$2-$3-$4-$5')} (fictitious demo identifier)</p>
    <p class="small">Written for the member-area demo. Dedicated to the public domain under CC0 1.0.</p>
  </section>`,
    ),
  );
  book.chapters.forEach((ch, i) => {
    const paragraphs = ch.paragraphs.map((p) => `    <p>${xml(p)}</p>`).join('\n');
    writeText(
      join(oebps, 'text', chapterFile(i)),
      xhtml(
        ch.title,
        `  <section epub:type="chapter" id="chapter-${i + 1}" role="doc-chapter">\n    <h1>${xml(ch.title)}</h1>\n${paragraphs}\n  </section>`,
      ),
    );
  });
  const tocItems = book.chapters
    .map((ch, i) => `      <li><a href="text/${chapterFile(i)}">${xml(ch.title)}</a></li>`)
    .join('\n');
  writeText(
    join(oebps, 'nav.xhtml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head>
  <meta charset="UTF-8" />
  <title>Contents</title>
  <link rel="stylesheet" type="text/css" href="css/book.css" />
</head>
<body>
  <nav epub:type="toc" id="toc" role="doc-toc">
    <h1>Contents</h1>
    <ol>
${tocItems}
    </ol>
  </nav>
  <nav epub:type="landmarks" id="landmarks" hidden="">
    <h2>Landmarks</h2>
    <ol>
      <li><a epub:type="cover" href="text/cover.xhtml">Cover</a></li>
      <li><a epub:type="titlepage" href="text/title.xhtml">Title page</a></li>
      <li><a epub:type="toc" href="nav.xhtml#toc">Contents</a></li>
      <li><a epub:type="bodymatter" href="text/${chapterFile(0)}">Start reading</a></li>
    </ol>
  </nav>
</body>
</html>
`,
  );
  const uid = `urn:isbn:${book.isbn}`;
  const navPoints = book.chapters
    .map(
      (ch, i) => `    <navPoint id="navpoint-${i + 1}" playOrder="${i + 1}">
      <navLabel><text>${xml(ch.title)}</text></navLabel>
      <content src="text/${chapterFile(i)}" />
    </navPoint>`,
    )
    .join('\n');
  writeText(
    join(oebps, 'toc.ncx'),
    `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="en">
  <head>
    <meta name="dtb:uid" content="${uid}" />
    <meta name="dtb:depth" content="1" />
    <meta name="dtb:totalPageCount" content="0" />
    <meta name="dtb:maxPageNumber" content="0" />
  </head>
  <docTitle><text>${xml(book.title)}</text></docTitle>
  <docAuthor><text>${xml(book.author)}</text></docAuthor>
  <navMap>
${navPoints}
  </navMap>
</ncx>
`,
  );
  const [last, first] = [book.author.split(' ').pop(), book.author.split(' ').slice(0, -1).join(' ')];
  const manifestItems = book.chapters
    .map(
      (_, i) =>
        `    <item id="chapter-${i + 1}" href="text/${chapterFile(i)}" media-type="application/xhtml+xml" />`,
    )
    .join('\n');
  const spineItems = book.chapters.map((_, i) => `    <itemref idref="chapter-${i + 1}" />`).join('\n');
  writeText(
    join(oebps, 'content.opf'),
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="bookid">${uid}</dc:identifier>
    <meta refines="#bookid" property="identifier-type" scheme="onix:codelist5">15</meta>
    <dc:title id="title">${xml(book.title)}</dc:title>
    <meta refines="#title" property="title-type">main</meta>
    <dc:title id="subtitle">${xml(book.subtitle)}</dc:title>
    <meta refines="#subtitle" property="title-type">subtitle</meta>
    <dc:creator id="creator">${xml(book.author)}</dc:creator>
    <meta refines="#creator" property="role" scheme="marc:relators">aut</meta>
    <meta refines="#creator" property="file-as">${xml(`${last}, ${first}`)}</meta>
    <dc:language>en</dc:language>
    <dc:date>${book.date}</dc:date>
    <dc:publisher>${xml(book.publisher)}</dc:publisher>
    <dc:description>${xml(book.description)}</dc:description>
${book.subjects.map((s) => `    <dc:subject>${xml(s)}</dc:subject>`).join('\n')}
    <dc:rights>CC0 1.0 Universal: written for the member-area demo and dedicated to the public domain.</dc:rights>
    <meta property="dcterms:modified">${book.date}T00:00:00Z</meta>
    <meta property="schema:accessMode">textual</meta>
    <meta property="schema:accessMode">visual</meta>
    <meta property="schema:accessModeSufficient">textual</meta>
    <meta property="schema:accessibilityFeature">structuralNavigation</meta>
    <meta property="schema:accessibilityFeature">tableOfContents</meta>
    <meta property="schema:accessibilityFeature">alternativeText</meta>
    <meta property="schema:accessibilityHazard">none</meta>
    <meta property="schema:accessibilitySummary">Reflowable text with headings, a table of contents and a described cover.</meta>
    <meta name="cover" content="cover-image" />
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav" />
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml" />
    <item id="css" href="css/book.css" media-type="text/css" />
    <item id="cover-image" href="images/cover.jpg" media-type="image/jpeg" properties="cover-image" />
    <item id="cover" href="text/cover.xhtml" media-type="application/xhtml+xml" />
    <item id="titlepage" href="text/title.xhtml" media-type="application/xhtml+xml" />
${manifestItems}
  </manifest>
  <spine toc="ncx">
    <itemref idref="cover" linear="yes" />
    <itemref idref="titlepage" />
    <itemref idref="nav" />
${spineItems}
  </spine>
</package>
`,
  );
}

export function buildEbooks({ out, tmp, thumbs }) {
  const dir = ensureDir(join(out, 'ebooks'));
  return EBOOKS.map((book, index) => {
    const stage = join(tmp, 'epub', book.slug);
    rmSync(stage, { recursive: true, force: true });
    ensureDir(join(stage, 'OEBPS', 'images'));
    poster({
      out: join(stage, 'OEBPS', 'images', 'cover.jpg'),
      tmp,
      mediaType: 'ebook',
      title: book.title,
      subtitle: book.author,
      colors: book.colors,
      seed: 60 + index,
      width: 480,
      height: 720,
      quality: 5,
    });
    writeEpubTree(book, stage);
    pinTimes(stage);
    const file = join(dir, `${book.slug}.epub`);
    rmSync(file, { force: true });
    const rest = listFiles(stage).filter((f) => f !== 'mimetype');
    run('zip', ['-X', '-0', '-q', file, 'mimetype'], { cwd: stage });
    run('zip', ['-X', '-9', '-D', '-q', file, ...rest], { cwd: stage });
    poster({
      out: join(thumbs, 'ebooks', `${book.slug}.webp`),
      tmp,
      mediaType: 'ebook',
      title: book.title,
      subtitle: book.author,
      colors: book.colors,
      seed: 60 + index,
    });
    const words = book.chapters
      .flatMap((c) => c.paragraphs)
      .join(' ')
      .split(/\s+/).length;
    return {
      id: `ebook-${book.slug}`,
      mediaType: 'ebook',
      kind: 'ebook',
      title: book.title,
      entry: `ebooks/${book.slug}.epub`,
      thumbnail: `thumbnails/ebooks/${book.slug}.webp`,
      durationSeconds: null,
      chapters: book.chapters.map((c, i) => ({
        index: i + 1,
        title: c.title,
        href: `OEBPS/text/${chapterFile(i)}`,
      })),
      metadata: {
        subtitle: book.subtitle,
        writers: [book.author],
        publisher: book.publisher,
        releaseDate: book.date,
        isbn: book.isbn,
        edition: book.edition,
        languages: ['en'],
        genre: book.genre,
        words,
        numPages: Math.max(1, Math.round(words / 250)),
        description: book.description,
      },
    };
  });
}
