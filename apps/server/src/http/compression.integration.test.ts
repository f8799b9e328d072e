import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../test/factories';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { type TestApp, ENGINES, createTestApp } from '../test/harness';
import { genericToken } from '../test/http';

const FIELDS =
  'type title display_area_slug icon color lightColor subTextColor mainTextColor secondaryColor submenu_type';
/** The menu of a brand with every media type: about 2 KB of JSON, under the 8 KB threshold. */
const MENU = `query Menu($brandId: Int!) { content { menuItems(brandId: $brandId) { ${FIELDS} } } }`;
/** The same menu six times under aliases: about 12 KB, over the threshold. */
const MENUS = `query Menus($brandId: Int!) { content { ${[1, 2, 3, 4, 5, 6]
  .map((n) => `m${n}: menuItems(brandId: $brandId) { ${FIELDS} }`)
  .join(' ')} } }`;

describe.each(ENGINES)('compressed API answers (%s)', (engine) => {
  let t: TestApp;
  let host: string;
  let brandId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const brand = await buildBrand(t.db);
    host = brand.hostname;
    brandId = brand.id;
    token = await genericToken(t.app, host);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  const menu = (acceptEncoding: string | null, query = MENUS) =>
    t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: {
        host,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }),
      },
      payload: JSON.stringify({ query, variables: { brandId } }),
    });

  it('sends GraphQL answers as Brotli or gzip when the client takes them, and the same JSON', async () => {
    const plain = await menu(null);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await menu('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await menu('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends an answer under the threshold as it is, whatever the client accepts', async () => {
    const small = await menu('gzip, deflate, br, zstd', MENU);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeGreaterThan(1024);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(
      small.json<{ data: { content: { menuItems: unknown[] } } }>().data.content.menuItems.length,
    ).toBeGreaterThan(3);
  });

  it('refuses a compressed request body rather than inflating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: { host, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
