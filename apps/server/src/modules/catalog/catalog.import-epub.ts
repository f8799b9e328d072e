import { join } from 'node:path';

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type Entry, openPromise } from 'yauzl';

import {
  type Cover,
  ImportRejection,
  MAX_COVER_BYTES,
  MAX_TEXT,
  type ParsedMedia,
  clean,
  coverOf,
  genresOf,
  localeOfLanguage,
  normalizeLanguage,
  readDate,
} from './catalog.import-metadata';
import type { MediaTranslation, PersonRole } from './catalog.records';

/*
 * The EPUB reader of the import: an ebook, from its OPF package metadata (title and titles in other
 * languages, creators, language, publisher, date, ISBN, description, subjects, cover image), read from
 * the ZIP with bounded sizes.
 */

/** Largest OPF or container.xml read from an EPUB; larger is refused (a zip bomb would be). */
const MAX_XML_BYTES = 4 * 1024 * 1024;

async function readStream(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new ImportRejection('an EPUB entry is larger than allowed');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Tags dropped from a description that is escaped HTML (the XML parser has decoded it once). */
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
      return HTML_ENTITIES[lower] ?? whole;
    });
const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const safeCodePoint = (code: number, fallback: string) =>
  Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/*
 * Issue 15, item 8: the package documents are read with a real XML parser (fast-xml-parser), so a title
 * inside a comment, a CDATA section or an attribute holding `>` read as what XML says they are. Every
 * element is an array of nodes; each node keeps its attributes under `@` and its text under `#text`.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  textNodeName: '#text',
  alwaysCreateTextNode: true,
  isArray: () => true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type XmlNode = Record<string, unknown>;

/** The parsed document; refused when it is not well-formed XML or declares entities (expansion bombs). */
function parseXml(bytes: Buffer, what: string): XmlNode {
  const xml = bytes.toString('utf8');
  if (/<!ENTITY/i.test(xml)) throw new ImportRejection(`${what} declares XML entities`);
  // The parser alone accepts unclosed elements; fast-xml-parser 5 marks its bundled validator deprecated in
  // favour of a separate package, which adds nothing here: the bundled one still ships and is tested below.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ImportRejection(
      `${what} is not well-formed XML (line ${String(valid.err.line)}: ${clean(valid.err.msg, 80)})`,
    );
  }
  return parser.parse(xml) as XmlNode;
}

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;
const localName = (key: string) => key.slice(key.indexOf(':') + 1).toLowerCase();

/** Every element named `name` (any namespace prefix) under `node`, nearest first, at most 500. */
function nodes(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const [key, value] of Object.entries(node)) {
    if (key === '@' || key === '#text' || !Array.isArray(value)) continue;
    for (const child of value) {
      if (!isNode(child) || out.length > 500) continue;
      if (localName(key) === name) out.push(child);
      nodes(child, name, out);
    }
  }
  return out;
}

interface XmlElement {
  attributes: Record<string, string>;
  text: string;
}

function element(node: XmlNode): XmlElement {
  const attributes: Record<string, string> = {};
  // The attribute group is an array too (isArray applies to it): one object.
  const group: unknown = node['@'];
  const given: unknown = Array.isArray(group) ? group[0] : group;
  if (isNode(given)) {
    for (const [key, value] of Object.entries(given)) {
      if (typeof value === 'string') attributes[key.toLowerCase()] = value;
    }
  }
  const text = node['#text'];
  return { attributes, text: typeof text === 'string' ? text.trim() : '' };
}

/** Elements named `name` (any namespace prefix) with their attributes and text; enough for OPF metadata. */
const elements = (node: XmlNode | undefined, name: string): XmlElement[] =>
  node ? nodes(node, name).map(element) : [];

const ROLE_BY_MARC: Record<string, PersonRole> = { aut: 'writer', nrt: 'narrator', edt: 'writer' };

export async function readEpub(path: string): Promise<ParsedMedia> {
  let zip;
  try {
    zip = await openPromise(path, { autoClose: false, strictFileNames: false, validateEntrySizes: true });
  } catch (error) {
    throw new ImportRejection(
      `not a valid EPUB (ZIP) file (${error instanceof Error ? clean(error.message, 120) : 'unreadable'})`,
    );
  }
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) {
      entries.set(entry.fileName, entry);
      if (entries.size > 20_000) throw new ImportRejection('the EPUB holds too many entries');
    }
    const read = async (name: string, limit: number) => {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.isEncrypted()) throw new ImportRejection(`${name} is encrypted`);
      if (entry.uncompressedSize > limit) throw new ImportRejection(`${name} is larger than allowed`);
      return readStream(await zip.openReadStreamPromise(entry), limit);
    };
    const container = await read('META-INF/container.xml', MAX_XML_BYTES);
    if (!container) throw new ImportRejection('not an EPUB: META-INF/container.xml is missing');
    const rootfile = elements(parseXml(container, 'container.xml'), 'rootfile')[0]?.attributes['full-path'];
    if (!rootfile) throw new ImportRejection('not an EPUB: container.xml names no package document');
    const opfBytes = await read(rootfile, MAX_XML_BYTES);
    if (!opfBytes) throw new ImportRejection(`the package document ${clean(rootfile, 120)} is missing`);
    const opf = parseXml(opfBytes, 'the package document');
    const metadata = nodes(opf, 'metadata')[0];
    if (!metadata) throw new ImportRejection('the package document has no metadata');

    const packageLanguage = normalizeLanguage(elements(opf, 'package')[0]?.attributes['xml:lang'] ?? null);
    const language = normalizeLanguage(elements(metadata, 'language')[0]?.text) ?? packageLanguage;
    const refinements = elements(metadata, 'meta').filter((meta) => meta.attributes.refines);
    const refined = (id: string | undefined, property: string) =>
      id
        ? refinements.find(
            (meta) => meta.attributes.refines === `#${id}` && meta.attributes.property === property,
          )?.text
        : undefined;

    const titles = elements(metadata, 'title').filter((t) => clean(t.text) !== '');
    const main =
      titles.find((t) => refined(t.attributes.id, 'title-type') === 'main') ??
      titles.find((t) => !refined(t.attributes.id, 'title-type')) ??
      titles[0];
    if (!main) throw new ImportRejection('the package document has no title');
    const mainLocale = localeOfLanguage(normalizeLanguage(main.attributes['xml:lang']) ?? language);
    const translations: MediaTranslation[] = [];
    for (const t of titles) {
      const locale = localeOfLanguage(normalizeLanguage(t.attributes['xml:lang']));
      if (
        t !== main &&
        locale &&
        locale !== mainLocale &&
        refined(t.attributes.id, 'title-type') !== 'subtitle'
      )
        translations.push({ locale, title: clean(t.text) });
    }

    const people = elements(metadata, 'creator')
      .concat(elements(metadata, 'contributor').filter((c) => refined(c.attributes.id, 'role') === 'nrt'))
      .flatMap((creator) => {
        const name = clean(creator.text, 120);
        const marc = refined(creator.attributes.id, 'role') ?? creator.attributes['opf:role'] ?? 'aut';
        const role = ROLE_BY_MARC[marc];
        return name && role ? [{ name, role }] : [];
      })
      .slice(0, 10);

    const identifiers = elements(metadata, 'identifier').map((i) => i.text);
    const isbn = identifiers
      .map((id) => id.replace(/^urn:isbn:/i, '').replace(/[\s-]/g, ''))
      .find((id) => /^(97[89]\d{10}|\d{9}[\dX])$/i.test(id));
    const { date, year } = readDate(elements(metadata, 'date')[0]?.text);
    const publisher = clean(elements(metadata, 'publisher')[0]?.text, 200);
    const rights = clean(elements(metadata, 'rights')[0]?.text, 200);

    // Cover: EPUB 3 `properties="cover-image"`, else EPUB 2 `<meta name="cover" content="<item id>">`.
    const manifest = elements(opf, 'item');
    const coverId = elements(metadata, 'meta').find((m) => m.attributes.name === 'cover')?.attributes.content;
    const coverItem =
      manifest.find((item) => (item.attributes.properties ?? '').split(/\s+/).includes('cover-image')) ??
      manifest.find((item) => coverId !== undefined && item.attributes.id === coverId);
    let cover: Cover | null = null;
    if (coverItem?.attributes.href) {
      const folder = rootfile.includes('/') ? rootfile.slice(0, rootfile.lastIndexOf('/') + 1) : '';
      const href = decodeURIComponent(coverItem.attributes.href.split('#')[0] ?? '');
      const resolved = join(folder, href).replace(/\\/g, '/');
      const bytes = resolved.startsWith('..') ? null : await read(resolved, MAX_COVER_BYTES);
      cover = bytes ? coverOf(new Uint8Array(bytes)) : null;
    }

    return {
      mediaType: 'ebook',
      title: clean(main.text),
      // Descriptions are often escaped HTML: decoded once by the XML reader, their tags dropped here.
      description: clean(stripTags(elements(metadata, 'description')[0]?.text ?? ''), MAX_TEXT),
      people,
      genres: genresOf(elements(metadata, 'subject').map((s) => s.text)),
      releaseDate: date,
      releaseYear: year,
      durationSeconds: null,
      language,
      details: {
        ...(isbn ? { isbn } : {}),
        ...(publisher ? { publisher } : {}),
        ...(rights ? { copyright: rights } : {}),
        ...(language ? { languages: [language] } : {}),
      },
      cover,
      chapters: [],
      translations,
      album: null,
    };
  } finally {
    zip.close();
  }
}
