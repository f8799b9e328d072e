import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { thumbnailSizes as importedThumbnailSizes } from './catalog.import-cover';

/*
 * Thumbnail.sizes (issue 14, item 13): the widths a thumbnail is stored in, narrowest first, for the
 * web's srcset. Imported covers say theirs in their file name (catalog.import-cover.ts). The demo
 * posters have narrower copies (`<poster>-w160.webp`...) made by scripts/media/generate-demo-media.mjs,
 * which writes every file's width into the demo folder's manifest.json; the server reads it once.
 */

export interface ThumbnailSize {
  width: number;
  path: string;
}

/** The URL path the demo folder is served under (modules/media). */
const DEMO_PREFIX = '/media/demo/';

interface ManifestFile {
  path: string;
  kind: string;
  width?: number;
  variantOf?: string;
}

const isManifestFile = (value: unknown): value is ManifestFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  typeof (value as { kind?: unknown }).kind === 'string';

/**
 * The demo posters' widths by URL path, from `<demoDir>/manifest.json`: each poster with its copies and
 * itself. A poster without copies, or a manifest that is missing or unreadable, answers no sizes (the
 * web then shows the one picture, as before).
 */
export function readDemoThumbnailSizes(demoDir: string): ReadonlyMap<string, ThumbnailSize[]> {
  const file = join(demoDir, 'manifest.json');
  if (!existsSync(file)) return new Map();
  let files: ManifestFile[];
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { files?: unknown };
    files = Array.isArray(manifest.files) ? manifest.files.filter(isManifestFile) : [];
  } catch {
    return new Map();
  }
  const widthOf = new Map(files.map((entry) => [entry.path, entry.width]));
  const sizes = new Map<string, ThumbnailSize[]>();
  for (const entry of files) {
    if (entry.kind !== 'thumbnail-size' || !entry.variantOf || !Number.isSafeInteger(entry.width)) continue;
    const posterWidth = widthOf.get(entry.variantOf);
    if (!Number.isSafeInteger(posterWidth)) continue;
    const key = `${DEMO_PREFIX}${entry.variantOf}`;
    const list = sizes.get(key) ?? [{ width: posterWidth ?? 0, path: key }];
    list.push({ width: entry.width ?? 0, path: `${DEMO_PREFIX}${entry.path}` });
    sizes.set(key, list);
  }
  for (const list of sizes.values()) list.sort((a, b) => a.width - b.width);
  return sizes;
}

/** The sizes of any thumbnail path: an imported cover's, a demo poster's, else none. */
export function createThumbnailSizes(demo: ReadonlyMap<string, ThumbnailSize[]>) {
  return (path: string): ThumbnailSize[] => {
    // Library entries keep the URL the web saved, with its `?v=` cache index (the web adds it again).
    const bare = path.split('?')[0] ?? path;
    const imported = importedThumbnailSizes(bare);
    if (imported.length > 0) return imported;
    return demo.get(bare) ?? [];
  };
}
