import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedMediaPath } from '../media.signing';
import mediaUrl from './media-url.js';

const SECRET = 'shared-secret-for-nginx-and-the-app-0123456789';
const key = new TextEncoder().encode(SECRET);
const now = Math.floor(Date.now() / 1000);

/** nginx passes $uri percent-decoded. */
const check = (url: string) => mediaUrl.verify({ uri: decodeURIComponent(url) });

describe('the njs check of nginx agrees with the signer', () => {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.MEDIA_URL_SECRET;
    process.env.MEDIA_URL_SECRET = SECRET;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.MEDIA_URL_SECRET;
    else process.env.MEDIA_URL_SECRET = previous;
  });

  it('accepts folder and file grants, including encoded names', () => {
    const hls = signedMediaPath(key, { root: 'demo', scope: ['video', 'colony'], expires: now + 60 }, [
      'video',
      'colony',
      'index.m3u8',
    ]);
    expect(check(hls)).toBe('ok');
    expect(check(hls.replace('index.m3u8', 'seg003.ts'))).toBe('ok');
    const file = signedMediaPath(key, { root: 'imported', scope: ['b', 'Été 1.mp3'], expires: now + 60 }, [
      'b',
      'Été 1.mp3',
    ]);
    expect(check(file)).toBe('ok');
  });

  it('refuses what the server refuses', () => {
    const hls = signedMediaPath(key, { root: 'demo', scope: ['video', 'colony'], expires: now + 60 }, [
      'video',
      'colony',
      'index.m3u8',
    ]);
    expect(check(hls.replace('colony', 'rule-110'))).toBe('invalid');
    expect(check(hls.replace('/3/', '/2/'))).toBe('invalid');
    expect(check(hls.replace(String(now + 60), String(now + 6000)))).toBe('invalid');
    expect(check(hls.replace('index.m3u8', '.hidden'))).toBe('invalid');
    expect(check('/media/demo/video/colony/index.m3u8')).toBe('invalid');
    const old = signedMediaPath(key, { root: 'demo', scope: ['music', 'a.mp3'], expires: now - 1 }, [
      'music',
      'a.mp3',
    ]);
    expect(check(old)).toBe('expired');
    const otherKey = signedMediaPath(
      new TextEncoder().encode('another-secret-another-secret-another'),
      { root: 'demo', scope: ['music', 'a.mp3'], expires: now + 60 },
      ['music', 'a.mp3'],
    );
    expect(check(otherKey)).toBe('invalid');
  });
});
