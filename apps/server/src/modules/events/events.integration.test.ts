import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { genericToken, login } from '../../test/http';
import { createCatalogRepository } from '../catalog/catalog.repository';

const URL = '/membergraphapi/api/event';

const body = {
  namespace: 'consumptions',
  env: 'PROD',
  jwt: 'whatever-the-browser-says',
  brand_domain_name: 'evil.example',
  brand_country_code: 'ZZ',
  req_ip: '6.6.6.6',
  req_country_code: 'FR',
  tags: ['a'],
  language: 'en-us',
  user_agent: 'ua',
  browser_language: 'en-US',
  is_test: false,
  layout: 'default',
  vendor_id: 'vendor-42',
  subscription_provider: 'sandbox',
  extras: { screen: 'player', position: 12 },
};

describe.each(ENGINES)('events (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    // A consumption names a title of the brand by its vendor id.
    await createCatalogRepository(t.db.kysely, t.db.dialect).insertMedia([
      { brandId: brand.id, mediaType: 'music', title: 'Album 42', vendorId: 'vendor-42' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the spec body, with IP, brand, member and environment filled by the server', async () => {
    const member = await buildMember(t.db, brand.id, { email: 'test+qa@example.com', tags: ['vpn'] });
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        host: brand.hostname,
        cookie: cookie ?? '',
        'x-country-code': 'de',
        'user-agent': 'Chromium test',
      },
      payload: body,
    });
    expect(response.statusCode).toBe(202);
    const rows = await t.db.kysely
      .selectFrom('events')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('namespace', '=', 'consumptions')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      env: 'LOCAL',
      brand_id: brand.id,
      brand_domain_name: brand.hostname,
      brand_country_code: 'US',
      req_ip: '127.0.0.1',
      req_country_code: 'DE',
      user_agent: 'Chromium test',
      vendor_id: 'vendor-42',
      is_test: 1,
      token_kind: 'member',
      source: 'client',
    });
    expect(JSON.parse(rows[0]!.tags)).toEqual(['vpn']);
    expect(JSON.parse(rows[0]!.extras)).toEqual({ screen: 'player', position: 12 });
    expect(Object.values(rows[0]!)).not.toContain('whatever-the-browser-says');
  });

  it('accepts a visitor event with a generic token', async () => {
    const token = await genericToken(t.app, brand.hostname);
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { host: brand.hostname, authorization: `Bearer ${token}` },
      payload: { namespace: 'members', extras: { action: 'visit' } },
    });
    expect(response.statusCode).toBe(202);
  });

  it('refuses bad bodies with a clear 4xx and stores nothing', async () => {
    const before = await t.db.kysely
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const host = brand.hostname;
    const responses = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: { host },
        payload: { ...body, namespace: 'sweeps' },
      }),
      t.app.inject({ method: 'POST', url: URL, headers: { host }, payload: { ...body, unknown_field: 1 } }),
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: { host },
        payload: { ...body, extras: { deep: { nested: true } } },
      }),
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: { host, 'content-type': 'application/json' },
        payload: '[1,2',
      }),
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: { host },
        payload: { ...body, extras: { big: 'x'.repeat(20_000) } },
      }),
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=b',
      }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 413, 415]);
    expect(responses[0].json()).toMatchObject({
      error: { code: 'invalid_event', message: expect.stringContaining('namespace') },
    });
    const after = await t.db.kysely
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
