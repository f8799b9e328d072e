import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../test/factories';
import { type TestApp, ENGINES, createTestApp, testConfig } from '../test/harness';
import { pageEncoding } from './spa';

/** A script large enough to be worth compressing, as a build would leave it. */
const SCRIPT = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${String(i)} = ${String(i * 7)};\n`).join(''),
);
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 9 });
/** A stylesheet without compressed copies (the build found they did not pay). */
const STYLES = Buffer.from(`.a{color:red}\n`.repeat(100));

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Member area</title><!--boot-data--></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;

describe('pageEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0 and *', () => {
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pageEncoding('BR')).toBe('br');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*;q=0')).toBeNull();
    expect(pageEncoding('br;q=0, gzip;q=0, *')).toBeNull();
  });
});

describe.each(ENGINES)('web app files (%s)', (engine) => {
  let t: TestApp;
  let dir: string;
  let hostname: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spa-dist-'));
    const webDistDir = join(dir, 'web');
    mkdirSync(join(webDistDir, 'assets'), { recursive: true });
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDistDir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(webDistDir, 'assets', 'index-abc123.js.br'), SCRIPT_BR);
    writeFileSync(join(webDistDir, 'assets', 'index-abc123.js.gz'), SCRIPT_GZ);
    writeFileSync(join(webDistDir, 'assets', 'styles-abc123.css'), STYLES);
    // A copy in a public media folder: media is sent as stored, never swapped for a sibling.
    const importedDir = join(dir, 'imported');
    mkdirSync(join(importedDir, 'thumbnails'), { recursive: true });
    writeFileSync(join(importedDir, 'thumbnails', 'cover.svg'), SCRIPT);
    writeFileSync(join(importedDir, 'thumbnails', 'cover.svg.br'), SCRIPT_BR);
    writeFileSync(join(importedDir, 'thumbnails', 'cover.svg.gz'), SCRIPT_GZ);
    const base = testConfig();
    t = await createTestApp(engine, { webDistDir, media: { ...base.media, importedDir } });
    hostname = (await buildBrand(t.db)).hostname;
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: hostname, ...headers } });

  it('sends the Brotli copy to a browser that accepts it', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-length']).toBe(String(SCRIPT_BR.length));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip copy when Brotli is not accepted', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.equals(SCRIPT_GZ)).toBe(true);
      expect(gunzipSync(response.rawPayload).equals(SCRIPT)).toBe(true);
    }
  });

  it('sends the file itself without Accept-Encoding, or when only identity is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/assets/index-abc123.js', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.equals(SCRIPT)).toBe(true);
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/assets/styles-abc123.css', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.rawPayload.equals(STYLES)).toBe(true);
  });

  it('gives each encoding its own ETag and answers a revalidation with 304', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const plain = await get('/assets/index-abc123.js');
    const brTag = String(br.headers.etag);
    expect(brTag).not.toBe('undefined');
    expect(brTag).not.toBe(String(plain.headers.etag));
    const revalidated = await get('/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': brTag,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('answers a range request from the representation it sends', async () => {
    const plain = await get('/assets/index-abc123.js', { range: 'bytes=0-99' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-99/${String(SCRIPT.length)}`);
    expect(plain.rawPayload.equals(SCRIPT.subarray(0, 100))).toBe(true);

    const br = await get('/assets/index-abc123.js', { range: 'bytes=0-9', 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-9/${String(SCRIPT_BR.length)}`);
    expect(br.rawPayload.equals(SCRIPT_BR.subarray(0, 10))).toBe(true);
  });

  it('does not serve the compressed copies under URLs of their own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('compresses the page on the fly, with the boot data in it', async () => {
    for (const [acceptEncoding, decode] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await get('/account', { 'accept-encoding': acceptEncoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(acceptEncoding === 'gzip' ? 'gzip' : 'br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const html = decode(response.rawPayload).toString('utf8');
      expect(html).toContain('<script id="boot-data" type="application/json">');
      expect(html).toContain('/assets/index-abc123.js');
    }
  });

  it('sends the page uncompressed to a client that does not accept an encoding', async () => {
    const response = await get('/account');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toContain('<script id="boot-data" type="application/json">');
  });

  it('leaves media files as stored, whatever the Accept-Encoding', async () => {
    const response = await get('/media/imported/thumbnails/cover.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(SCRIPT)).toBe(true);
  });
});
