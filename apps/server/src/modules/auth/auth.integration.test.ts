import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoNow } from '../../db/json';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { genericToken, graphql, login, memberCookie } from '../../test/http';
import { signGenericToken } from './tokens';
import { SignJWT } from 'jose';

describe.each(ENGINES)('sign-in and tokens (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let otherBrand: { id: number; hostname: string };
  let member: { id: number; email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    otherBrand = await buildBrand(t.db);
    member = await buildMember(t.db, brand.id, { name: 'Jane Doe' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a visitor a generic token that works for GraphQL', async () => {
    const token = await genericToken(t.app, brand.hostname);
    const result = await graphql<{ content: { menuItems: unknown[] } }>(
      t.app,
      { host: brand.hostname, token },
      `
        query ($id: Int!) {
          content {
            menuItems(brandId: $id) {
              type
            }
          }
        }
      `,
      { id: brand.id },
    );
    expect(result.status).toBe(200);
    expect(result.data?.content.menuItems.length).toBeGreaterThan(0);
  });

  it('signs a member in with the spec claims in an httpOnly mb-jwt cookie kept 365 days', async () => {
    const { response } = await login(t.app, brand.hostname, member.email.toUpperCase(), member.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ member: Record<string, unknown> }>();
    expect(body.member).toMatchObject({
      id: member.id,
      email: member.email,
      name: 'Jane Doe',
      brandId: brand.id,
      language: 'en-us',
    });
    for (const claim of ['avatar', 'timezone', 'provider', 'tags', 'recipe', 'exp'])
      expect(body.member).toHaveProperty(claim);
    const cookie = response.cookies.find((c) => c.name === 'mb-jwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 });
  });

  it('answers the same for a wrong password and an unknown email, without saying which', async () => {
    const wrongPassword = await login(t.app, brand.hostname, member.email, 'not the password');
    const unknownEmail = await login(t.app, brand.hostname, 'nobody@example.com', 'not the password');
    expect(wrongPassword.response.statusCode).toBe(401);
    expect(unknownEmail.response.statusCode).toBe(401);
    expect(wrongPassword.response.json()).toEqual(unknownEmail.response.json());
    expect(wrongPassword.response.json()).toMatchObject({
      error: {
        code: 'invalid_credentials',
        message: expect.stringMatching(/match no account for this site/),
      },
    });
    expect(wrongPassword.cookie).toBeUndefined();
  });

  it('does not let a member of one brand sign in on another brand', async () => {
    const { response } = await login(t.app, otherBrand.hostname, member.email, member.password);
    expect(response.statusCode).toBe(401);
  });

  it('refuses an account after five failures in a row, even with the right password', async () => {
    const target = await buildMember(t.db, brand.id);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t.app, brand.hostname, target.email, 'wrong')).response.statusCode).toBe(401);
    }
    const locked = await login(t.app, brand.hostname, target.email, target.password);
    expect(locked.response.statusCode).toBe(429);
    expect(locked.response.json()).toMatchObject({ error: { code: 'too_many_attempts' } });
    const rows = await t.db.kysely.selectFrom('members').select('id').where('id', '=', target.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('revokes the session on logout so a replayed cookie no longer works', async () => {
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    expect(cookie).toBeDefined();
    const before = await graphql<{ member: { info: { email: string } } }>(
      t.app,
      { host: brand.hostname, cookie },
      '{ member { info { email } } }',
    );
    expect(before.data?.member.info.email).toBe(member.email);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/logout',
      headers: { host: brand.hostname, cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'mb-jwt')?.value).toBe('');

    const after = await graphql(t.app, { host: brand.hostname, cookie }, '{ member { info { email } } }');
    expect(after.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refreshes the token with fresh claims and a 365-day cookie', async () => {
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    await t.db.kysely
      .updateTable('members')
      .set({ name: 'Jane Q. Doe' })
      .where('id', '=', member.id)
      .execute();
    const result = await graphql<{
      member: {
        refreshToken: {
          jwt: string;
          member: { name: string; exp: number };
          responseResult: { succeeded: boolean };
        };
      };
    }>(
      t.app,
      { host: brand.hostname, cookie },
      'mutation { member { refreshToken { jwt member { name exp } responseResult { succeeded errorCode slug message } } } }',
    );
    const payload = result.data?.member.refreshToken;
    expect(payload?.responseResult.succeeded).toBe(true);
    expect(payload?.member.name).toBe('Jane Q. Doe');
    expect(payload?.member.exp).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);
    expect(memberCookie(result.response)).toBe(`mb-jwt=${payload?.jwt ?? ''}`);
    await t.db.kysely.updateTable('members').set({ name: 'Jane Doe' }).where('id', '=', member.id).execute();
  });

  it('treats forged, expired and other-brand tokens as anonymous', async () => {
    const query = '{ member { info { email } } }';
    const forged = await new SignJWT({ typ: 'member', id: member.id, brandId: brand.id, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('membergraphapi')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-that-is-also-long-enough'));
    const expired = (
      await signGenericToken(t.config.jwtSecret, brand.id, new Date(Date.now() - 2 * 24 * 3600 * 1000))
    ).token;
    const otherBrandToken = await genericToken(t.app, otherBrand.hostname);
    for (const token of [forged, expired, otherBrandToken, 'not.a.jwt', 'x'.repeat(10_000)]) {
      const result = await graphql(t.app, { host: brand.hostname, token }, query);
      expect(result.status).toBe(401);
      expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
    const forgedCookie = await graphql(t.app, { host: brand.hostname, cookie: `mb-jwt=${forged}` }, query);
    expect(forgedCookie.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie whose session expired even if the token has not', async () => {
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: isoNow(new Date(Date.now() - 1000)) })
      .where('member_id', '=', member.id)
      .execute();
    const result = await graphql(t.app, { host: brand.hostname, cookie }, '{ member { info { email } } }');
    expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('records an auth event for a sign-in, with the IP and brand the server saw', async () => {
    const fresh = await buildMember(t.db, brand.id);
    await login(t.app, brand.hostname, fresh.email, fresh.password);
    const events = await t.db.kysely
      .selectFrom('events')
      .selectAll()
      .where('member_id', '=', fresh.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      namespace: 'auth',
      brand_id: brand.id,
      brand_domain_name: brand.hostname,
      req_ip: '127.0.0.1',
      token_kind: 'member',
    });
    expect(JSON.parse(events[0]!.extras)).toEqual({ action: 'login' });
  });

  it('signs a short-lived signature for callers with a token only', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/membergraphapi/api/auth/sign',
      headers: { host: brand.hostname },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await genericToken(t.app, brand.hostname);
    const signed = await t.app.inject({
      method: 'GET',
      url: '/membergraphapi/api/auth/sign',
      headers: { host: brand.hostname, authorization: `Bearer ${token}` },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ signature: expect.any(String), expiresAt: expect.any(String) });
  });

  it('rejects malformed and oversized sign-in bodies with a 4xx and keeps serving', async () => {
    const url = '/membergraphapi/api/auth/login';
    const host = brand.hostname;
    const cases = [
      await t.app.inject({
        method: 'POST',
        url,
        headers: { host, 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await t.app.inject({
        method: 'POST',
        url,
        headers: { host, 'content-type': 'text/plain' },
        payload: 'email=x',
      }),
      await t.app.inject({ method: 'POST', url, headers: { host }, payload: { email: 42, password: [] } }),
      await t.app.inject({
        method: 'POST',
        url,
        headers: { host },
        payload: { email: 'a@b.c', password: 'x'.repeat(300_000) },
      }),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([400, 415, 400, 413]);
    for (const response of cases)
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});

describe.each(ENGINES)('the __Host- login cookie on secure origins (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let member: { id: number; email: string; password: string };
  const INFO = '{ member { info { email } } }';

  beforeAll(async () => {
    t = await createTestApp(engine, { env: 'STAGING' });
    brand = await buildBrand(t.db);
    member = await buildMember(t.db, brand.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with a Secure __Host-mb-jwt cookie for /, without a Domain, and clears it on logout', async () => {
    const { response } = await login(t.app, brand.hostname, member.email, member.password);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual(['__Host-mb-jwt']);
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    const pair = `__Host-mb-jwt=${cookie?.value ?? ''}`;
    const info = await graphql<{ member: { info: { email: string } } }>(
      t.app,
      { host: brand.hostname, cookie: pair },
      INFO,
    );
    expect(info.data?.member.info.email).toBe(member.email);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/logout',
      headers: { host: brand.hostname, cookie: pair },
    });
    expect(logout.cookies.find((c) => c.name === '__Host-mb-jwt')?.value).toBe('');
  });

  it('refuses a new session’s token under the old name (a cookie planted from a sibling subdomain)', async () => {
    const { response } = await login(t.app, brand.hostname, member.email, member.password);
    const token = response.cookies.find((c) => c.name.endsWith('mb-jwt'))?.value ?? '';
    expect(token).not.toBe('');
    const planted = await graphql(t.app, { host: brand.hostname, cookie: `mb-jwt=${token}` }, INFO);
    expect(planted.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('still accepts mb-jwt from a session made before the change, and moves it to the new name', async () => {
    const { response } = await login(t.app, brand.hostname, member.email, member.password);
    const token = response.cookies.find((c) => c.name === '__Host-mb-jwt')?.value ?? '';
    const sid =
      (
        await t.db.kysely
          .selectFrom('sessions')
          .select(['id', 'created_at'])
          .orderBy('created_at', 'desc')
          .where('member_id', '=', member.id)
          .execute()
      )[0]?.id ?? '';
    await t.db.kysely.updateTable('sessions').set({ legacy_cookie: 1 }).where('id', '=', sid).execute();
    const legacy = { host: brand.hostname, cookie: `mb-jwt=${token}` };
    const info = await graphql<{ member: { info: { email: string } } }>(t.app, legacy, INFO);
    expect(info.data?.member.info.email).toBe(member.email);
    const refreshed = await graphql(t.app, legacy, 'mutation { member { refreshToken { jwt } } }');
    const names = refreshed.response.cookies.map((cookie) => [cookie.name, cookie.value === '']);
    expect(names).toEqual([
      ['__Host-mb-jwt', false],
      ['mb-jwt', true],
    ]);
  });
});

describe('sign-in rate limit per client', () => {
  it('refuses a client address that tries too often, whatever the accounts', async () => {
    const t = await createTestApp('sqlite', { loginRateLimitPerMinute: 3 });
    try {
      const brand = await buildBrand(t.db);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await login(t.app, brand.hostname, `someone${i}@example.com`, 'x')).response.statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
