import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { signingPayload } from '../../shared/signed-urls';
import { SIGNED_PREFIX, signedMediaPath, verifySignedMediaPath } from './media.signing';

const SECRET = new TextEncoder().encode('a-media-secret-that-is-long-enough-0123456789');
const OTHER = new TextEncoder().encode('another-media-secret-that-is-long-enough-98765');
const NOW = 1_800_000_000;

const rest = (url: string) => url.slice(SIGNED_PREFIX.length);
const folderGrant = { root: 'demo', scope: ['video', 'colony'], expires: NOW + 60 } as const;

describe('signed media URLs', () => {
  it('puts the token in the path so sibling files resolve under the same grant', () => {
    const url = signedMediaPath(SECRET, { ...folderGrant, scope: [...folderGrant.scope] }, [
      'video',
      'colony',
      'index.m3u8',
    ]);
    expect(url).toMatch(/^\/media\/s\/1800000060\/3\/[A-Za-z0-9_-]{43}\/demo\/video\/colony\/index\.m3u8$/);
    // A relative `seg000.ts` inside the playlist resolves next to it, with the same token.
    const segment = new URL('seg000.ts', `https://cdn.example${url}`).pathname;
    expect(verifySignedMediaPath(SECRET, rest(segment), NOW)).toEqual({
      ok: true,
      root: 'demo',
      segments: ['video', 'colony', 'seg000.ts'],
      expires: NOW + 60,
    });
  });

  it('signs HMAC-SHA256 over expires, depth and the granted prefix (what nginx recomputes)', () => {
    const url = signedMediaPath(SECRET, { root: 'demo', scope: ['music', 'a.mp3'], expires: NOW + 5 }, [
      'music',
      'a.mp3',
    ]);
    const payload = signingPayload(NOW + 5, ['demo', 'music', 'a.mp3']);
    expect(payload).toBe(`${String(NOW + 5)}/3/demo/music/a.mp3`);
    const expected = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(url.split('/')[5]).toBe(expected);
  });

  it('keeps a file grant to that one file', () => {
    const url = signedMediaPath(SECRET, { root: 'demo', scope: ['music', 'a.mp3'], expires: NOW + 5 }, [
      'music',
      'a.mp3',
    ]);
    expect(verifySignedMediaPath(SECRET, rest(url), NOW).ok).toBe(true);
    const neighbour = url.replace(/a\.mp3$/, 'b.mp3');
    expect(verifySignedMediaPath(SECRET, rest(neighbour), NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a folder grant outside its folder, a changed depth, expiry or key', () => {
    const url = signedMediaPath(SECRET, { ...folderGrant, scope: [...folderGrant.scope] }, [
      'video',
      'colony',
      'index.m3u8',
    ]);
    const [expires, depth, signature] = rest(url).split('/') as [string, string, string];
    const forged = (path: string) => verifySignedMediaPath(SECRET, path, NOW);
    expect(forged(`${expires}/${depth}/${signature}/demo/video/rule-110/index.m3u8`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    // A shorter depth would widen the grant to the parent folder.
    expect(forged(`${expires}/2/${signature}/demo/video/rule-110/index.m3u8`).ok).toBe(false);
    expect(forged(`${String(NOW + 9999)}/${depth}/${signature}/demo/video/colony/index.m3u8`).ok).toBe(false);
    expect(forged(`${expires}/${depth}/${signature}/imported/video/colony/index.m3u8`).ok).toBe(false);
    expect(verifySignedMediaPath(OTHER, rest(url), NOW)).toEqual({ ok: false, reason: 'forged' });
    // One flipped character.
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(forged(`${expires}/${depth}/${flipped}/demo/video/colony/index.m3u8`).ok).toBe(false);
  });

  it('reports an expired link as expired, only when the signature is good', () => {
    const url = signedMediaPath(SECRET, { ...folderGrant, scope: [...folderGrant.scope] }, [
      'video',
      'colony',
      'seg001.ts',
    ]);
    expect(verifySignedMediaPath(SECRET, rest(url), NOW + 59).ok).toBe(true);
    expect(verifySignedMediaPath(SECRET, rest(url), NOW + 60)).toEqual({ ok: false, reason: 'expired' });
    expect(verifySignedMediaPath(OTHER, rest(url), NOW + 60)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses malformed tokens and traversal before any check of the signature', () => {
    const url = signedMediaPath(SECRET, { ...folderGrant, scope: [...folderGrant.scope] }, [
      'video',
      'colony',
      'index.m3u8',
    ]);
    const [expires, depth, signature] = rest(url).split('/') as [string, string, string];
    const token = `${expires}/${depth}/${signature}`;
    for (const path of [
      `${token}/demo/video/colony/../../../etc/passwd`,
      `${token}/demo/video/colony/%2e%2e/%2e%2e/secret`,
      `${token}/demo/video/colony/..%2f..%2fsecret`,
      `${token}/demo/video/colony/seg%00.ts`,
      `${token}/demo/video/colony/.hidden`,
      `${token}/demo/video//colony/index.m3u8`,
      `${token}//etc/passwd`,
      `${token}/demo/video/colony/a%5c..%5csecret`,
      `${token}/elsewhere/video/colony/index.m3u8`,
      `${token}/demo`,
      `${token}/demo/video/colony/%E0%A4%A`,
    ]) {
      expect(verifySignedMediaPath(SECRET, path, NOW), path).toEqual({ ok: false, reason: 'bad_path' });
    }
    for (const bad of [
      `abc/${depth}/${signature}/demo/video/colony/index.m3u8`,
      `0${expires}/${depth}/${signature}/demo/video/colony/index.m3u8`,
      `${expires}/0/${signature}/demo/video/colony/index.m3u8`,
      `${expires}/1/${signature}/demo/video/colony/index.m3u8`,
      `${expires}/9/${signature}/demo/video/colony/index.m3u8`,
      `${expires}/${depth}/${signature}x/demo/video/colony/index.m3u8`,
      `${expires}/${depth}/${signature.slice(0, 42)}=/demo/video/colony/index.m3u8`,
      `${expires}/${depth}`,
      '',
    ]) {
      expect(verifySignedMediaPath(SECRET, bad, NOW), bad).toEqual({ ok: false, reason: 'forged' });
    }
  });

  it('never signs a file outside the grant', () => {
    expect(() =>
      signedMediaPath(SECRET, { ...folderGrant, scope: [...folderGrant.scope] }, [
        'video',
        'rule-110',
        'x.ts',
      ]),
    ).toThrow(/outside/);
    expect(() => signedMediaPath(SECRET, { root: 'demo', scope: [], expires: NOW }, ['x.mp3'])).toThrow();
  });

  it('encodes file names with spaces and accents, and verifies them decoded', () => {
    const url = signedMediaPath(
      SECRET,
      { root: 'imported', scope: ['Café Songs', 'Été 1.mp3'], expires: NOW + 5 },
      ['Café Songs', 'Été 1.mp3'],
    );
    expect(url).toContain('/imported/Caf%C3%A9%20Songs/%C3%89t%C3%A9%201.mp3');
    expect(verifySignedMediaPath(SECRET, rest(url), NOW)).toMatchObject({
      ok: true,
      root: 'imported',
      segments: ['Café Songs', 'Été 1.mp3'],
    });
  });
});
