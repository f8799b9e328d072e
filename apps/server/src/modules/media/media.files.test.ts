import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  MAX_INLINE_PLAYLIST_BYTES,
  parseRange,
  readLiveLoop,
  readVodPlaylist,
  resolveMediaFile,
} from './media.files';

describe('parseRange', () => {
  it('honours one range in its three forms', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ kind: 'range', start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'range', start: 0, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ kind: 'range', start: 990, end: 999 });
    expect(parseRange('bytes = 1 - 2', 1000)).toEqual({ kind: 'range', start: 1, end: 2 });
  });

  it('answers unsatisfiable past the end or for an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5000-6000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: no header, several ranges, other units, nonsense', () => {
    for (const header of [
      undefined,
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=5-1',
      'bytes=-',
      'bytes=abc',
      'bytes=99999999999999999999-',
    ]) {
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: 'none' });
    }
  });
});

describe('resolveMediaFile', () => {
  let base: string;
  let root: string;

  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'media-files-'));
    root = join(base, 'root');
    mkdirSync(join(root, 'album'), { recursive: true });
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(root, 'album', 'a.mp3'), 'abc');
    writeFileSync(join(base, 'outside', 'secret.txt'), 'secret');
    writeFileSync(join(base, 'root-sibling.txt'), 'sibling');
    symlinkSync(join(root, 'album', 'a.mp3'), join(root, 'album', 'inside-link.mp3'));
    symlinkSync(join(base, 'outside', 'secret.txt'), join(root, 'album', 'escape.mp3'));
    symlinkSync(join(base, 'outside'), join(root, 'escape-dir'));
    mkdirSync(join(root, 'live'));
    writeFileSync(
      join(root, 'live', 'live.json'),
      '{"targetDurationSeconds":4,"segments":[{"uri":"s.ts","durationSeconds":4}]}',
    );
    mkdirSync(join(root, 'bad-live'));
    writeFileSync(join(root, 'bad-live', 'live.json'), '{"segments":"nope"');
  });
  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('finds regular files and links that stay inside the root', async () => {
    expect(await resolveMediaFile(root, ['album', 'a.mp3'])).toMatchObject({ size: 3 });
    expect(await resolveMediaFile(root, ['album', 'inside-link.mp3'])).toMatchObject({ size: 3 });
  });

  it('never follows a link out of the root, and answers null for folders and missing files', async () => {
    expect(await resolveMediaFile(root, ['album', 'escape.mp3'])).toBeNull();
    expect(await resolveMediaFile(root, ['escape-dir', 'secret.txt'])).toBeNull();
    expect(await resolveMediaFile(root, ['album'])).toBeNull();
    expect(await resolveMediaFile(root, ['album', 'missing.mp3'])).toBeNull();
    expect(await resolveMediaFile(root, ['album', 'a.mp3', 'below'])).toBeNull();
    expect(await resolveMediaFile(join(base, 'no-such-root'), ['album', 'a.mp3'])).toBeNull();
    // A root spelled as a prefix of a sibling never matches the sibling.
    expect(await resolveMediaFile(root, ['..', 'root-sibling.txt'])).toBeNull();
  });

  it('reads a live.json and ignores an invalid one', async () => {
    expect(await readLiveLoop(root, ['live'])).toMatchObject({
      targetDurationSeconds: 4,
      liveWindowSegments: 3,
    });
    expect(await readLiveLoop(root, ['bad-live'])).toBeNull();
    expect(await readLiveLoop(root, ['album'])).toBeNull();
  });

  describe('readVodPlaylist', () => {
    const vod = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.0,', 'seg000.ts', '#EXT-X-ENDLIST', ''];
    const write = (name: string, lines: readonly string[]) => {
      mkdirSync(join(root, 'video'), { recursive: true });
      writeFileSync(join(root, 'video', name), lines.join('\n'));
    };

    it('gives the text of a finished media playlist, and its new text once the file changes', async () => {
      write('index.m3u8', vod);
      expect(await readVodPlaylist(root, ['video', 'index.m3u8'])).toBe(vod.join('\n'));
      const longer = [...vod.slice(0, -2), '#EXTINF:2.0,', 'seg001.ts', '#EXT-X-ENDLIST', ''];
      write('index.m3u8', longer);
      expect(await readVodPlaylist(root, ['video', 'index.m3u8'])).toBe(longer.join('\n'));
    });

    it('gives nothing for live, master, oversized, missing or other files', async () => {
      write(
        'live.m3u8',
        vod.filter((line) => line !== '#EXT-X-ENDLIST'),
      );
      write('master.m3u8', ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=800000', 'index.m3u8', '#EXT-X-ENDLIST']);
      write('huge.m3u8', [...vod, '#'.repeat(MAX_INLINE_PLAYLIST_BYTES)]);
      write('notes.txt', vod);
      write('plain.m3u8', ['not a playlist', '#EXT-X-ENDLIST']);
      for (const name of ['live.m3u8', 'master.m3u8', 'huge.m3u8', 'notes.txt', 'plain.m3u8', 'gone.m3u8']) {
        expect(await readVodPlaylist(root, ['video', name])).toBeNull();
      }
      expect(await readVodPlaylist(root, ['album', 'escape.mp3'])).toBeNull();
    });
  });
});
