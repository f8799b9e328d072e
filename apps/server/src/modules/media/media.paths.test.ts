import { describe, expect, it } from 'vitest';

import { contentTypeOf, grantsFolder, parsePlaybackKey, parseSegments, playbackKindOf } from './media.paths';

describe('media paths', () => {
  it('reads playback keys of both roots, with chapter ranges', () => {
    expect(parsePlaybackKey('/media/demo/video/colony/index.m3u8')).toEqual({
      root: 'demo',
      segments: ['video', 'colony', 'index.m3u8'],
      startSeconds: null,
      endSeconds: null,
    });
    expect(parsePlaybackKey('/media/demo/audiobooks/x.m4b#t=120,300.5')).toMatchObject({
      segments: ['audiobooks', 'x.m4b'],
      startSeconds: 120,
      endSeconds: 300.5,
    });
    expect(parsePlaybackKey('/media/imported/b1/Song%20One.mp3#t=30')).toMatchObject({
      root: 'imported',
      segments: ['b1', 'Song One.mp3'],
      startSeconds: 30,
      endSeconds: null,
    });
    expect(parsePlaybackKey('/media/demo/a.mp3#t=,40')).toMatchObject({ startSeconds: null, endSeconds: 40 });
  });

  it('refuses keys outside the roots, traversal and bad ranges', () => {
    for (const key of [
      'movies/12/index.m3u8',
      '/media/other/a.mp3',
      '/media/demo',
      '/media/demo/',
      '/media/demo/../imported/a.mp3',
      '/media/demo/%2e%2e/a.mp3',
      'https://evil.example/media/demo/a.mp3',
      '/media/demo/a.mp3#t=300,120',
      '/media/demo/a.mp3#t=abc',
      '/media/demo/a.mp3#xywh=1,2,3,4',
    ]) {
      expect(parsePlaybackKey(key), key).toBeNull();
    }
  });

  it('accepts plain names only', () => {
    expect(parseSegments('a/b c/Été.mp3')).toEqual(['a', 'b c', 'Été.mp3']);
    for (const path of [
      'a/../b',
      'a/./b',
      '.env',
      'a//b',
      'a/b/',
      'a%2fb',
      'a%5cb',
      'a%00',
      'a\u0001b',
      '',
    ]) {
      expect(parseSegments(path), path).toBeNull();
    }
    expect(parseSegments(Array.from({ length: 40 }, () => 'a').join('/'))).toBeNull();
    expect(parseSegments('x'.repeat(256))).toBeNull();
  });

  it('knows the content types players and browsers expect', () => {
    expect(contentTypeOf('a.mp3')).toBe('audio/mpeg');
    expect(contentTypeOf('a.M4B')).toBe('audio/mp4');
    expect(contentTypeOf('a.m4a')).toBe('audio/mp4');
    expect(contentTypeOf('index.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(contentTypeOf('seg000.ts')).toBe('video/mp2t');
    expect(contentTypeOf('a.mp4')).toBe('video/mp4');
    expect(contentTypeOf('a.m4s')).toBe('video/iso.segment');
    expect(contentTypeOf('a.epub')).toBe('application/epub+zip');
    expect(contentTypeOf('a.zip')).toBe('application/zip');
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a.webp')).toBe('image/webp');
    expect(contentTypeOf('a.exe')).toBe('application/octet-stream');
  });

  it('picks the player and the grant by file', () => {
    expect(playbackKindOf('stream', 'index.m3u8')).toBe('LIVE');
    expect(playbackKindOf('movie', 'index.m3u8')).toBe('VIDEO');
    expect(playbackKindOf('movie', 'a.mp4')).toBe('VIDEO');
    expect(playbackKindOf('music', 'a.mp3')).toBe('AUDIO');
    expect(playbackKindOf('audiobook', 'a.m4b')).toBe('AUDIO');
    expect(playbackKindOf('ebook', 'a.epub')).toBe('EPUB');
    expect(playbackKindOf('game', 'index.html')).toBe('GAME');
    expect(playbackKindOf('software', 'a.zip')).toBe('DOWNLOAD');
    expect(grantsFolder('index.m3u8')).toBe(true);
    expect(grantsFolder('index.html')).toBe(true);
    expect(grantsFolder('a.mp3')).toBe(false);
    expect(grantsFolder('a.epub')).toBe(false);
  });
});
