import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../test/harness';
import { genericToken, graphql, login } from '../test/http';
import { MAX_QUERY_COST, MAX_QUERY_DEPTH } from './limits';

const MENU =
  'query ($id: Int!) { content { menuItems(brandId: $id) { type title display_area_slug icon color } } }';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe.each(ENGINES)('GraphQL (%s)', (engine) => {
  let t: TestApp;
  let prod: TestApp;
  let brand: { id: number; hostname: string };
  let coins: { id: number; hostname: string };
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    coins = await buildBrand(t.db, { layout: 'clickcoins', mediaTypes: ['audiobook', 'movie', 'game'] });
    token = await genericToken(t.app, brand.hostname);
    prod = await createTestApp(engine, { env: 'PROD', isProduction: true });
    await buildBrand(prod.db, { hostnames: [brand.hostname] });
  });
  afterAll(async () => {
    await t.close();
    await prod.close();
  });

  interface Menu {
    content: {
      menuItems: { type: string; title: string; display_area_slug: string; icon: string; color: string }[];
    };
  }

  it('builds the default menu: home, then the brand media types with their display areas', async () => {
    const result = await graphql<Menu>(t.app, { host: brand.hostname, token }, MENU, { id: brand.id });
    const items = result.data?.content.menuItems ?? [];
    expect(items.map((i) => i.type)).toEqual([
      'home',
      'audiobook',
      'ebook',
      'music',
      'movie',
      'game',
      'stream',
      'software',
    ]);
    expect(items.find((i) => i.type === 'movie')).toMatchObject({
      title: 'media.movie.title',
      display_area_slug: 'movie_overview',
    });
  });

  it('puts Marketplace second and remaps colours and icons in the clickcoins layout', async () => {
    const coinsToken = await genericToken(t.app, coins.hostname);
    const result = await graphql<Menu>(t.app, { host: coins.hostname, token: coinsToken }, MENU, {
      id: coins.id,
    });
    const items = result.data?.content.menuItems ?? [];
    expect(items.map((i) => i.type)).toEqual(['home', 'marketplace', 'audiobook', 'movie', 'game']);
    const defaultMenu = await graphql<Menu>(t.app, { host: brand.hostname, token }, MENU, { id: brand.id });
    const defaultMovie = defaultMenu.data?.content.menuItems.find((i) => i.type === 'movie');
    const coinsMovie = items.find((i) => i.type === 'movie');
    expect(coinsMovie?.icon).not.toBe(defaultMovie?.icon);
    expect(coinsMovie?.color).not.toBe(defaultMovie?.color);
  });

  it('ends the default menu with Marketplace where the brand’s ecommerce flag offers it', async () => {
    const shop = await buildBrand(t.db, { brandTags: ['ecommerce'], mediaTypes: ['movie', 'music'] });
    const shopToken = await genericToken(t.app, shop.hostname);
    const result = await graphql<Menu>(t.app, { host: shop.hostname, token: shopToken }, MENU, {
      id: shop.id,
    });
    expect(result.data?.content.menuItems.map((i) => i.type)).toEqual([
      'home',
      'movie',
      'music',
      'marketplace',
    ]);
    expect(result.data?.content.menuItems.at(-1)).toMatchObject({ title: 'menu.marketplace', icon: 'cart' });
  });

  it('hides games and software on iPhone', async () => {
    const result = await graphql<Menu>(t.app, { host: brand.hostname, token, userAgent: IPHONE }, MENU, {
      id: brand.id,
    });
    const types = result.data?.content.menuItems.map((i) => i.type);
    expect(types).not.toContain('game');
    expect(types).not.toContain('software');
    expect(types).toContain('movie');
  });

  it('honours the member tags custom_media_types and layout', async () => {
    const member = await buildMember(t.db, brand.id, {
      tags: ['custom_media_types:music,movie', 'layout:clickcoins'],
    });
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    const result = await graphql<Menu>(t.app, { host: brand.hostname, cookie }, MENU, { id: brand.id });
    expect(result.data?.content.menuItems.map((i) => i.type)).toEqual([
      'home',
      'marketplace',
      'music',
      'movie',
    ]);
  });

  it('never serves another brand menu under this hostname', async () => {
    const result = await graphql<Menu>(t.app, { host: brand.hostname, token }, MENU, { id: coins.id });
    expect(result.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('needs at least a visitor token', async () => {
    const result = await graphql<Menu>(t.app, { host: brand.hostname }, MENU, { id: brand.id });
    expect(result.status).toBe(401);
    expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses queries deeper than the depth limit and wider than the cost limit with a 400', async () => {
    const deep = `{ content { menuItems(brandId: ${brand.id}) { ${'a { '.repeat(MAX_QUERY_DEPTH)}b${' }'.repeat(MAX_QUERY_DEPTH)} } } }`;
    const deepResult = await graphql(t.app, { host: brand.hostname, token }, deep);
    expect(deepResult.status).toBe(400);

    const aliases = Array.from(
      { length: MAX_QUERY_COST },
      (_, i) => `m${i}: menuItems(brandId: ${brand.id}) { type }`,
    ).join(' ');
    const wide = await graphql(t.app, { host: brand.hostname, token }, `{ content { ${aliases} } }`);
    expect(wide.status).toBe(400);
    expect(wide.errors?.[0]?.extensions.code).toBe('QUERY_TOO_COMPLEX');

    const fragmentBomb = `query { content { ...A } } fragment A on ContentQuery { ${Array.from({ length: 20 }, (_, i) => `x${i}: menuItems(brandId: 1) { ...B }`).join(' ')} } fragment B on MenuItem { ${Array.from({ length: 20 }, (_, i) => `t${i}: type`).join(' ')} }`;
    expect((await graphql(t.app, { host: brand.hostname, token }, fragmentBomb)).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers syntax errors and unknown fields with a 400, never a 500', async () => {
    expect((await graphql(t.app, { host: brand.hostname, token }, '{ content { ')).status).toBe(400);
    expect((await graphql(t.app, { host: brand.hostname, token }, '{ nothing }')).status).toBe(400);
    const wrongType = await graphql(t.app, { host: brand.hostname, token }, MENU, { id: 'one' });
    expect(wrongType.status).toBe(400);
  });

  it('accepts JSON POSTs only', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: `/membergraphapi/graphql?query=${encodeURIComponent('{ __typename }')}`,
      headers: { host: brand.hostname },
    });
    expect(get.statusCode).toBe(405);
    const form = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: {
        host: brand.hostname,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${token}`,
      },
      payload: 'query=%7B__typename%7D',
    });
    // Refused before it is parsed (a form post needs no preflight, so it could come from another site).
    expect(form.statusCode).toBe(415);
    expect(form.json<{ errors: { extensions: { code: string } }[] }>().errors[0]?.extensions.code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    // The other bodies a page of another site can send without a preflight, and GraphQL's own type:
    // this check is the route's only CSRF defence (mercurius's is off), so each is pinned here.
    for (const contentType of ['text/plain', 'multipart/form-data; boundary=x', 'application/graphql']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/membergraphapi/graphql',
        headers: { host: brand.hostname, 'content-type': contentType, authorization: `Bearer ${token}` },
        payload: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(sent.statusCode, contentType).toBe(415);
    }
    const preflighted = await t.app.inject({
      method: 'GET',
      url: `/membergraphapi/graphql?query=${encodeURIComponent('{ __typename }')}`,
      headers: { host: brand.hostname, 'mercurius-require-preflight': 'true' },
    });
    expect(preflighted.statusCode).toBe(405);
  });

  it('allows introspection locally but not in production, and drops suggestions there', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    expect((await graphql(t.app, { host: brand.hostname, token }, introspection)).status).toBe(200);
    const prodToken = await genericToken(prod.app, brand.hostname);
    const refused = await graphql(prod.app, { host: brand.hostname, token: prodToken }, introspection);
    expect(refused.status).toBe(400);
    const typo = await graphql(
      prod.app,
      { host: brand.hostname, token: prodToken },
      '{ contnt { menuItems(brandId: 1) { type } } }',
    );
    expect(typo.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  it('echoes a well-formed x-transaction-id and replaces a hostile one', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-transaction-id': 'abc-123' },
    });
    expect(echoed.headers['x-transaction-id']).toBe('abc-123');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-transaction-id': 'a\nb'.repeat(100) },
    });
    expect(hostile.headers['x-transaction-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
