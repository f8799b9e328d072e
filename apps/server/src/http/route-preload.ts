import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Issue 19: the home page's own code (the main layout, the home screen and its shelves' modules) was
 * requested only once the entry chunk had downloaded and run, a round trip and a phone's parse of 90 KB
 * later. For a signed-in member's `/` the page names those chunks in its head, so the browser fetches
 * them beside the entry chunk. Which files they are is read from the web build's manifest
 * (apps/web/dist/.vite/manifest.json), once at start; without a manifest the page names nothing.
 */

/** The module whose chunk, with the chunks it imports, draws the home page (apps/web's home route). */
const HOME_MODULE = 'src/features/home/api/home-loader.ts';
const ENTRY_MODULE = 'index.html';

interface ManifestChunk {
  file: string;
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

/** A chunk's file and every file it imports statically, with their style sheets, in import order. */
function closure(manifest: Manifest, key: string): { scripts: string[]; styles: string[] } {
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
  visit(key);
  return { scripts, styles };
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (char) => `&#${String(char.charCodeAt(0))};`);

/**
 * The `<link>` tags of the home page's chunks that the entry does not load itself, for the head of a
 * signed-in member's `/` (an empty string for any other page, or when the build has no manifest).
 */
export function createRoutePreloads(webDistDir: string): (path: string, signedIn: boolean) => string {
  const file = join(webDistDir, '.vite', 'manifest.json');
  let tags = '';
  if (existsSync(file)) {
    try {
      const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isManifest(manifest)) {
        const entry = closure(manifest, ENTRY_MODULE);
        const home = closure(manifest, HOME_MODULE);
        const scripts = home.scripts.filter((script) => !entry.scripts.includes(script));
        const styles = home.styles.filter((style) => !entry.styles.includes(style));
        tags = [
          ...styles.map((style) => `<link rel="preload" as="style" href="/${escapeAttribute(style)}">`),
          ...scripts.map((script) => `<link rel="modulepreload" href="/${escapeAttribute(script)}">`),
        ].join('');
      }
    } catch {
      // An unreadable manifest: the page loads its chunks as before, one step later.
      tags = '';
    }
  }
  return (path, signedIn) => (signedIn && path === '/' ? tags : '');
}
