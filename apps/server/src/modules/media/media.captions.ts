import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

import { resolveMediaFile } from './media.files';

/*
 * Caption tracks of a video (issue 14 item 11, decision 037): WebVTT sidecars beside its media file,
 * `<name>.<language>.vtt` (`index.fr.vtt` beside an HLS `index.m3u8`, `film.fr.vtt` beside `film.mp4`).
 * A folder is listed once and its sidecars kept while its modification time is unchanged, so a play
 * after the first costs the media file's own check and one stat of its folder.
 */

export interface CaptionFile {
  /** A BCP 47 language tag: `en`, `fr`, `pt-BR`. */
  language: string;
  /** Segments under the media root. */
  segments: string[];
}

const SIDECAR = /^(.+)\.([a-z]{2,3}(?:-[A-Z]{2})?)\.vtt$/;
const MAX_TRACKS = 16;

/** The sidecars found per media file, kept while its folder's modification time is unchanged. */
const found = new Map<string, { mtimeMs: number; captions: CaptionFile[] }>();

/** The caption sidecars of the media file at `segments` (already checked), in a stable order. */
export async function captionsBeside(rootDir: string, segments: readonly string[]): Promise<CaptionFile[]> {
  const name = segments[segments.length - 1];
  if (!name) return [];
  const base = name.replace(/\.[^.]+$/, '');
  const folder = segments.slice(0, -1);
  const resolved = await resolveMediaFile(rootDir, segments);
  if (!resolved) return [];
  const folderPath = join(resolved.path, '..');
  let mtimeMs: number;
  let names: string[];
  try {
    mtimeMs = (await stat(folderPath)).mtimeMs;
    const key = `${folderPath}\u0000${base}`;
    const cached = found.get(key);
    if (cached?.mtimeMs === mtimeMs) return cached.captions;
    names = (await readdir(folderPath)).filter((entry) => entry.endsWith('.vtt')).sort();
  } catch {
    return [];
  }
  const captions: CaptionFile[] = [];
  for (const candidate of names) {
    const match = SIDECAR.exec(candidate);
    if (match?.[1] !== base || !match[2]) continue;
    // A sidecar must be a real file inside the root, as any media file served is.
    if (!(await resolveMediaFile(rootDir, [...folder, candidate]))) continue;
    captions.push({ language: match[2], segments: [...folder, candidate] });
    if (captions.length >= MAX_TRACKS) break;
  }
  if (found.size > 1_000) found.clear();
  found.set(`${folderPath}\u0000${base}`, { mtimeMs, captions });
  return captions;
}
