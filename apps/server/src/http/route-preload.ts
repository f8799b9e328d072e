import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Issue 19 (decision 042): the home page's own code (the main layout, the home screen and its shelves'
 * modules) was requested only once the entry chunk had downloaded and run, a round trip and a phone's
 * parse of 90 KB later. For a signed-in member's `/` (and the marketplace, issue 17) the page names those
 * chunks in its head, after the entry's own tags, so the browser fetches them beside the entry chunk.
 * Which files they are is read from the web build's manifest (apps/web/dist/.vite/manifest.json), once at
 * start; without a manifest the page names nothing.
 */

/**
 * The pages whose chunks are named, each by the names of the chunks its first screen needs (as the web
 * build names them, `name` in the manifest): `/` the home loader's (which imports the main layout), the
 * marketplace (issue 17) the main layout, the lazily discovered screens' routes and the marketplace's.
 * The chunks these import statically come with them.
 */
const ROUTE_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  '/': ['home-loader'],
  '/marketplace': ['main-layout', 'screen-routes', 'marketplace'],
};
const ENTRY_MODULE = 'index.html';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const isManifest = (value: unknown): value is Manifest =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every(
    (chunk) =>
      typeof chunk === 'object' && chunk !== null && typeof (chunk as ManifestChunk).file === 'string',
  );

/** Chunks' files and every file they import statically, with their style sheets, in import order. */
function closure(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
  };
  keys.forEach(visit);
  return { scripts, styles: [...new Set(styles)] };
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (char) => `&#${String(char.charCodeAt(0))};`);

/** The manifest's keys of the JavaScript chunks with these names (none for a name it lacks). */
const keysNamed = (manifest: Manifest, names: readonly string[]) =>
  Object.keys(manifest).filter((key) => {
    const chunk = manifest[key];
    return chunk?.name !== undefined && names.includes(chunk.name) && chunk.file.endsWith('.js');
  });

/** The `<link>` tags of one page's chunks that the entry (its closure, `entry`) does not load itself. */
function routeTags(
  manifest: Manifest,
  entry: { scripts: string[]; styles: string[] },
  names: readonly string[],
): string {
  const keys = keysNamed(manifest, names);
  // A page whose chunks are not all in this build (renamed, merged) names none rather than half.
  if (new Set(keys.map((key) => manifest[key]?.name)).size !== names.length) return '';
  const route = closure(manifest, keys);
  const scripts = route.scripts.filter((script) => !entry.scripts.includes(script));
  const styles = route.styles.filter((style) => !entry.styles.includes(style));
  // The style sheets at a lower priority than the page's own (High, not Very High): the first paint (the
  // splash the entry draws) needs none of them. The scripts keep theirs: at low priority Chromium holds
  // them back until the page's style sheets are in, and the screen waits for them right after the entry
  // has run (decision 046).
  return [
    ...styles.map(
      (style) => `<link rel="preload" as="style" fetchpriority="low" href="/${escapeAttribute(style)}">`,
    ),
    ...scripts.map((script) => `<link rel="modulepreload" href="/${escapeAttribute(script)}">`),
  ].join('');
}

/**
 * The `<link>` tags of a page's chunks that the entry does not load itself, for the head of a signed-in
 * member's page named in ROUTE_CHUNKS (an empty string for any other page, or when the build has no
 * readable manifest).
 */
export function createRoutePreloads(webDistDir: string): (path: string, signedIn: boolean) => string {
  const file = join(webDistDir, '.vite', 'manifest.json');
  const tags = new Map<string, string>();
  if (existsSync(file)) {
    try {
      const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isManifest(manifest) && manifest[ENTRY_MODULE]) {
        const entry = closure(manifest, [ENTRY_MODULE]);
        for (const [path, names] of Object.entries(ROUTE_CHUNKS)) {
          tags.set(path, routeTags(manifest, entry, names));
        }
      }
    } catch {
      // An unreadable manifest: the pages load their chunks as before, one step later.
      tags.clear();
    }
  }
  return (path, signedIn) => (signedIn ? (tags.get(path) ?? '') : '');
}
