import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

import { resolveMediaFile } from './media.files';

/*
 * Caption tracks of a video (issue 14 item 11, decision 037): WebVTT sidecars beside its media file,
 * `<name>.<language>.vtt` (`index.fr.vtt` beside an HLS `index.m3u8`, `film.fr.vtt` beside `film.mp4`).
 * A folder is listed once and kept while its modification time is unchanged, so a play costs one stat.
 */

export interface CaptionFile {
  /** A BCP 47 language tag: `en`, `fr`, `pt-BR`. */
  language: string;
  /** Segments under the media root. */
  segments: string[];
}

const SIDECAR = /^(.+)\.([a-z]{2,3}(?:-[A-Z]{2})?)\.vtt$/;
const MAX_TRACKS = 16;

const folders = new Map<string, { mtimeMs: number; names: string[] }>();

async function folderNames(path: string): Promise<string[]> {
  const info = await stat(path);
  const cached = folders.get(path);
  if (cached?.mtimeMs === info.mtimeMs) return cached.names;
  const names = (await readdir(path)).filter((name) => name.endsWith('.vtt')).sort();
  if (folders.size > 1_000) folders.clear();
  folders.set(path, { mtimeMs: info.mtimeMs, names });
  return names;
}

/** The caption sidecars of the media file at `segments` (already checked), in a stable order. */
export async function captionsBeside(rootDir: string, segments: readonly string[]): Promise<CaptionFile[]> {
  const name = segments[segments.length - 1];
  if (!name) return [];
  const base = name.replace(/\.[^.]+$/, '');
  const folder = segments.slice(0, -1);
  const resolved = await resolveMediaFile(rootDir, segments);
  if (!resolved) return [];
  let names: string[];
  try {
    names = await folderNames(join(resolved.path, '..'));
  } catch {
    return [];
  }
  const found: CaptionFile[] = [];
  for (const candidate of names) {
    const match = SIDECAR.exec(candidate);
    if (match?.[1] !== base || !match[2]) continue;
    // A sidecar must be a real file inside the root, as any media file served is.
    if (!(await resolveMediaFile(rootDir, [...folder, candidate]))) continue;
    found.push({ language: match[2], segments: [...folder, candidate] });
    if (found.length >= MAX_TRACKS) break;
  }
  return found;
}
