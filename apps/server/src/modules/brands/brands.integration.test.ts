import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { login } from '../../test/http';

function bootData(html: string): unknown {
  const match = /<script id="boot-data" type="application\/json">(.*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no boot data in the page');
  return JSON.parse(match[1]);
}

describe.each(ENGINES)('brand resolution and the page shell (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; slug: string; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db, {
      hostnames: ['alpha.localhost', 'www.alpha.example'],
      languages: ['fr-ca', 'en-us'],
    });
    await buildBrand(t.db, { hostnames: ['down.localhost'], status: 'unavailable' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('resolves the site config from the hostname, ignoring port and case', async () => {
    for (const host of ['alpha.localhost:3000', 'WWW.Alpha.Example', 'www.alpha.example.']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/membergraphapi/api/boot',
        headers: { host },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        brand: { id: brand.id, slug: brand.slug },
        member: null,
        error: null,
      });
    }
  });

  it('serves every history-mode path with the brand in the boot data and a per-brand CSP', async () => {
    for (const path of ['/', '/browse/movie/id/12/some-title', '/account/profile', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { host: 'alpha.localhost' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-transaction-id']).toEqual(expect.any(String));
      expect(bootData(response.body)).toMatchObject({ brand: { id: brand.id }, error: null });
    }
  });

  it('puts a signed-in member in the boot data and their language on the page', async () => {
    const member = await buildMember(t.db, brand.id, { language: 'fr-ca' });
    const { cookie } = await login(t.app, 'alpha.localhost', member.email, member.password);
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'alpha.localhost', cookie },
    });
    expect(bootData(response.body)).toMatchObject({ member: { id: member.id, language: 'fr-ca' } });
    expect(response.body).toContain('<html lang="fr-CA"');
  });

  it('shows "brand does not exist" for an unknown hostname, on pages and APIs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/anything', headers: { host: 'nope.localhost' } });
    expect(page.statusCode).toBe(404);
    expect(bootData(page.body)).toMatchObject({ brand: null, error: { code: 'brand_not_found' } });
    const api = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/token/generic',
      headers: { host: 'nope.localhost' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'brand_not_found' } });
  });

  it('says the brand is being fixed when it is unavailable', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'down.localhost' } });
    expect(bootData(page.body)).toMatchObject({ error: { code: 'brand_unavailable' } });
    const api = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/token/generic',
      headers: { host: 'down.localhost' },
    });
    expect(api.statusCode).toBe(503);
  });

  it('escapes boot data so no brand text can close the script element', async () => {
    const hostile = await buildBrand(t.db, { hostnames: ['hostile.localhost'] });
    await t.db.kysely
      .updateTable('brands')
      .set({ name: '</script><script>alert(1)</script>' })
      .where('id', '=', hostile.id)
      .execute();
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'hostile.localhost' } });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(bootData(page.body)).toMatchObject({ brand: { name: '</script><script>alert(1)</script>' } });
  });

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/membergraphapi/api/nothing',
      headers: { host: 'alpha.localhost' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('reports health with the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: engine });
  });
});
