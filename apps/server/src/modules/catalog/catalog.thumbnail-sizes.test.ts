import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { createThumbnailSizes, readDemoThumbnailSizes } from './catalog.thumbnail-sizes';

const DEMO_DIR = resolve(import.meta.dirname, '../../../media/demo');

describe('demo thumbnail sizes', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const folderWith = (manifest: string) => {
    const folder = mkdtempSync(join(tmpdir(), 'thumb-sizes-'));
    folders.push(folder);
    writeFileSync(join(folder, 'manifest.json'), manifest);
    return folder;
  };

  it('lists every committed poster with its narrower copies, narrowest first', () => {
    const sizes = readDemoThumbnailSizes(DEMO_DIR);
    expect(sizes.get('/media/demo/thumbnails/music/01-harbor-lights.webp')).toEqual([
      { width: 160, path: '/media/demo/thumbnails/music/01-harbor-lights-w160.webp' },
      { width: 320, path: '/media/demo/thumbnails/music/01-harbor-lights-w320.webp' },
      { width: 400, path: '/media/demo/thumbnails/music/01-harbor-lights.webp' },
    ]);
    expect(sizes.get('/media/demo/thumbnails/video/colony.webp')).toEqual([
      { width: 160, path: '/media/demo/thumbnails/video/colony-w160.webp' },
      { width: 320, path: '/media/demo/thumbnails/video/colony.webp' },
    ]);
    // Every demo poster has copies.
    expect(sizes.size).toBe(29);
  });

  it('answers imported covers from their name and anything else with no sizes', () => {
    const sizesOf = createThumbnailSizes(readDemoThumbnailSizes(DEMO_DIR));
    expect(sizesOf('/media/imported/thumbnails/demo/0123456789abcdef-w640.jpg').map((s) => s.width)).toEqual([
      160, 320, 640,
    ]);
    expect(sizesOf('/media/demo/thumbnails/video/unknown.webp')).toEqual([]);
    // A library entry's saved URL, with its cache index.
    expect(sizesOf('/media/demo/thumbnails/video/colony.webp?v=0').map((s) => s.width)).toEqual([160, 320]);
    expect(sizesOf('https://cdn.example.com/cover.jpg')).toEqual([]);
  });

  it('survives a missing, malformed or partial manifest', () => {
    expect(readDemoThumbnailSizes(join(tmpdir(), 'no-such-demo-folder')).size).toBe(0);
    expect(readDemoThumbnailSizes(folderWith('{ not json')).size).toBe(0);
    expect(readDemoThumbnailSizes(folderWith('{"files": 3}')).size).toBe(0);
    const partial = folderWith(
      JSON.stringify({
        files: [
          {
            path: 'thumbnails/a-w160.webp',
            kind: 'thumbnail-size',
            width: 160,
            variantOf: 'thumbnails/a.webp',
          },
          {
            path: 'thumbnails/b-w160.webp',
            kind: 'thumbnail-size',
            width: 160,
            variantOf: 'thumbnails/b.webp',
          },
          { path: 'thumbnails/b.webp', kind: 'thumbnail', width: 320 },
          null,
        ],
      }),
    );
    // A copy whose poster is not listed is left out rather than offered without it.
    expect([...readDemoThumbnailSizes(partial).keys()]).toEqual(['/media/demo/thumbnails/b.webp']);
  });
});
