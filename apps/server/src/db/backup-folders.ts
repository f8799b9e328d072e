import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, rename, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * Folders a backup carries beside the database (decision 034): the VPN certificate authorities and the
 * imported media. Files are copied with their SHA-256 taken on the way, so a restore can check every
 * byte before it replaces anything.
 */

/** One copied file: its path inside the folder (always with `/`), size, SHA-256 and permission bits. */
export interface BackupFile {
  path: string;
  bytes: number;
  sha256: string;
  /** The source's permission bits, given back by a restore (a CA key stays private, media stay readable). */
  mode?: number;
}

/** Every regular file under `root`, sorted; an absent folder has none. Links and devices are refused. */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
      else throw new Error(`${path} is not a regular file or folder; a backup copies only those`);
    }
  };
  const info = await lstat(root).catch(() => null);
  if (!info) return [];
  if (!info.isDirectory()) throw new Error(`${root} is not a folder`);
  await walk(root);
  return found.sort();
}

/** Copies one file, answering its size and SHA-256 (of the bytes written). */
export async function copyWithDigest(
  from: string,
  to: string,
  mode = 0o600,
): Promise<{ bytes: number; sha256: string }> {
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: 'wx', mode }));
  return { bytes, sha256: hash.digest('hex') };
}

export async function digestOf(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Copies every file of `from` into `to` (made), ticking once per file. */
export async function copyFolder(
  from: string,
  to: string,
  tick: () => void = () => undefined,
): Promise<BackupFile[]> {
  const copied: BackupFile[] = [];
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const path of await listFiles(from)) {
    const { mode } = await stat(join(from, path));
    copied.push({ path, ...(await copyWithDigest(join(from, path), join(to, path))), mode: mode & 0o777 });
    tick();
  }
  return copied;
}

/**
 * Moves `folder` aside to `<folder>.before-restore-<stamp>` when it exists (a rename: no copy, and
 * nothing is deleted); answers where it went, or null.
 */
export async function moveAside(folder: string, stamp: string): Promise<string | null> {
  const info = await stat(folder).catch(() => null);
  if (!info) return null;
  const aside = `${folder}.before-restore-${stamp}`;
  await rename(folder, aside);
  return aside;
}
