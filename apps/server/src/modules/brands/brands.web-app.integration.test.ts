import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeJson } from '../../db/json';
import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp, testConfig } from '../../test/harness';
import { createWebAppIcons, shortName } from './brands.web-app';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe.each(ENGINES)('installable web app per brand (%s)', (engine) => {
  let t: TestApp;
  /** A brand with its icon in the static folder (the demo StreamHub icon). */
  let drawn: { hostname: string; id: number };
  /** A brand whose icon is on another origin: the app falls back to its accent colour. */
  let elsewhere: { hostname: string; id: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    drawn = await buildBrand(t.db, { slug: 'streamhub', hostnames: ['app-one.test'] });
    elsewhere = await buildBrand(t.db, { slug: 'elsewhere', hostnames: ['app-two.test'] });
    await t.db.kysely
      .updateTable('brands')
      .set({
        name: 'Elsewhere Streaming Company',
        icon: 'https://cdn.example.com/icon.svg',
        colors: writeJson({ accent: '#ffc53d', accentContrast: '#1a1400', secondary: '#2a2210' }),
      })
      .where('id', '=', elsewhere.id)
      .execute();
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (hostname: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: hostname } });

  async function manifestOf(hostname: string): Promise<Manifest> {
    const response = await get(hostname, '/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    return response.json<Manifest>();
  }

  it("answers each hostname with its own brand's name, colours and icons", async () => {
    const one = await manifestOf('app-one.test');
    const two = await manifestOf('app-two.test');
    expect(one).toMatchObject({
      name: expect.stringMatching(/^Brand /) as unknown,
      start_url: '/',
      display: 'standalone',
      theme_color: '#1c1b2e',
      background_color: '#1c1b2e',
    });
    expect(two).toMatchObject({
      name: 'Elsewhere Streaming Company',
      short_name: 'Elsewhere',
      theme_color: '#2a2210',
      background_color: '#2a2210',
    });
    expect(one.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    // An icon's URL names its version, so another brand's (another icon, another colour) differs.
    expect(one.icons[0]?.src).toMatch(/^\/web-app\/icon-192\.png\?v=[\w-]{12}$/);
    expect(two.icons[0]?.src).not.toBe(one.icons[0]?.src);
  });

  it('draws every listed icon as a PNG of its size, from the brand icon or its accent colour', async () => {
    for (const hostname of ['app-one.test', 'app-two.test']) {
      const manifest = await manifestOf(hostname);
      for (const icon of manifest.icons) {
        const response = await get(hostname, icon.src);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const image = await Jimp.fromBuffer(response.rawPayload);
        const size = Number(icon.sizes.split('x')[0]);
        expect([image.width, image.height]).toEqual([size, size]);
      }
    }
    const icon = await Jimp.fromBuffer((await get('app-one.test', '/web-app/icon-512.png')).rawPayload);
    // StreamHub's icon: a #8b7bff rounded square with a dark play triangle in the middle.
    expect(icon.getPixelColor(60, 256).toString(16)).toBe('8b7bffff');
    expect(icon.getPixelColor(256, 256).toString(16)).toBe('b0a1fff');
    const fallback = await Jimp.fromBuffer((await get('app-two.test', '/web-app/icon-192.png')).rawPayload);
    expect(fallback.getPixelColor(96, 96).toString(16)).toBe('ffc53dff');
  });

  it('keeps a maskable icon opaque to its corners, in the brand background', async () => {
    const maskable = await Jimp.fromBuffer(
      (await get('app-one.test', '/web-app/maskable-512.png')).rawPayload,
    );
    expect(maskable.getPixelColor(2, 2).toString(16)).toBe('1c1b2eff');
    expect(maskable.getPixelColor(256, 40).toString(16)).toBe('1c1b2eff');
    // The picture sits in the safe zone (the middle 80%).
    expect(maskable.getPixelColor(100, 256).toString(16)).toBe('8b7bffff');
    const apple = await Jimp.fromBuffer(
      (await get('app-one.test', '/web-app/apple-touch-icon.png')).rawPayload,
    );
    expect([apple.width, apple.getPixelColor(1, 1).toString(16)]).toEqual([180, '1c1b2eff']);
  });

  it('links the manifest, the touch icon and the theme colour from the page', async () => {
    const response = await get('app-one.test', '/');
    expect(response.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(response.body).toContain('<link rel="icon" href="/static/brands/streamhub/icon.svg">');
    // The brand's colours from the first paint, on <html>.
    expect(response.body).toMatch(
      /<html lang="[^"]+" style="--brand-accent:#[0-9a-f]{6};--brand-accent-contrast:#[0-9a-f]{6};--brand-accent-text:#[0-9a-f]{6};--brand-secondary:#1c1b2e"/i,
    );
    expect(response.body).toMatch(
      /<link rel="apple-touch-icon" href="\/web-app\/apple-touch-icon\.png\?v=[\w-]{12}">/,
    );
  });

  it('has no app for an unknown hostname or icon, and no file outside the static folder', async () => {
    expect((await get('nobody.test', '/manifest.webmanifest')).statusCode).toBe(404);
    expect((await get('nobody.test', '/web-app/icon-192.png')).statusCode).toBe(404);
    expect((await get('app-one.test', '/web-app/icon-193.png')).statusCode).toBe(404);
    expect((await get('app-one.test', '/web-app/..%2F..%2Fconfig.ts')).statusCode).toBe(404);
    // A path out of the static folder is never read: the accent fallback is drawn instead.
    const icons = createWebAppIcons({ assetsDir: testConfig().assetsDir });
    const colors = {
      accent: '#ffc53d',
      accentContrast: '#1a1400',
      secondary: '#2a2210',
      accentText: '#ffc53d',
    };
    for (const icon of ['/static/../../package.json', '/static/%2e%2e/%2e%2e/package.json']) {
      const png = await icons.icon({ id: drawn.id, icon, colors }, 'icon-192.png');
      expect((await Jimp.fromBuffer(png)).getPixelColor(96, 96).toString(16)).toBe('ffc53dff');
    }
  });
});

describe('shortName', () => {
  it('keeps a short name and cuts a long one to its first word, at most 12 characters', () => {
    expect(shortName('StreamHub')).toBe('StreamHub');
    expect(shortName('  Click Coins  ')).toBe('Click Coins');
    expect(shortName('Elsewhere Streaming Company')).toBe('Elsewhere');
    expect(shortName('Supercalifragilistic Media')).toBe('Supercalifra');
  });
});
