import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from './app';
import { signedMediaPath } from './modules/media/media.signing';
import { REDACTED, loggerOptions, redactSecrets } from './observability';
import { buildBrand, buildMember } from './test/factories';
import { ENGINES, type TestDb, createTestDb, testConfig } from './test/harness';
import { genericToken, graphql, login } from './test/http';

describe('redactSecrets', () => {
  it('replaces the secrets a URL or a message may carry, and keeps the rest', () => {
    expect(redactSecrets('/media/s/1900000000/2/AbC_d-e/demo/video/colony/index.m3u8')).toBe(
      `/media/s/1900000000/2/${REDACTED}/demo/video/colony/index.m3u8`,
    );
    expect(redactSecrets('GET https://a.example/reset-password/Key_123-x?from=mail')).toBe(
      `GET https://a.example/reset-password/${REDACTED}?from=mail`,
    );
    expect(redactSecrets('/api/x?page=2&token=abc.def&Signature=xyz#top')).toBe(
      `/api/x?page=2&token=${REDACTED}&Signature=${REDACTED}#top`,
    );
    expect(redactSecrets('bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl failed')).toBe(
      `bearer ${REDACTED} failed`,
    );
    expect(redactSecrets('/membergraphapi/graphql?keyboard=1')).toBe('/membergraphapi/graphql?keyboard=1');
  });

  it('replaces fields named like credentials, cookies and card data in logged objects', () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions({ logLevel: 'info' }), {
      write: (line: string) => {
        lines.push(line);
      },
    });
    logger.info(
      {
        body: { email: 'a@b.example', password: 'hunter2-hunter2', card: { cardNumber: '4242424242424242' } },
        req: { headers: { authorization: 'Bearer abc', cookie: 'mb-jwt=abc' } },
      },
      'logged',
    );
    const line = lines.join('');
    expect(line).toContain('a@b.example');
    for (const secret of ['hunter2-hunter2', '4242424242424242', 'Bearer abc', 'mb-jwt=abc']) {
      expect(line).not.toContain(secret);
    }
  });
});

// Issue 15, item 5: the request log carried signed media URLs with their signature and reset links
// with their key, which anyone who reads the logs could use.
describe.each(ENGINES)('logs never carry secrets (%s)', (engine) => {
  const lines: string[] = [];
  let db: TestDb;
  let app: FastifyInstance;
  const config = testConfig({ env: 'DEV', loginRateLimitPerMinute: 10_000 });

  beforeAll(async () => {
    db = await createTestDb(engine);
    app = await buildApp({
      config,
      db,
      logger: {
        ...loggerOptions({ logLevel: 'info' }),
        stream: {
          write: (line: string) => {
            lines.push(line);
          },
        },
      },
      errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  it('logs a signed media request, a reset by link and a sign-in without their secrets', async () => {
    const brand = await buildBrand(db);
    const host = brand.hostname;
    const member = await buildMember(db, brand.id);
    const secrets: string[] = [member.password];

    // A signed media URL: its signature grants the file to whoever holds it.
    const expires = Math.floor(Date.now() / 1000) + 600;
    const media = signedMediaPath(
      config.media.urlSecret,
      { root: 'demo', scope: ['ebooks', 'slow-trains-and-salt-roads.epub'], expires },
      ['ebooks', 'slow-trains-and-salt-roads.epub'],
    );
    const signature = media.split('/')[5] ?? '';
    expect(signature).toMatch(/^[\w-]{43}$/);
    secrets.push(signature);
    expect((await app.inject({ method: 'GET', url: media, headers: { host } })).statusCode).toBe(200);

    // A reset: the link from the mail opened, then the key and a new password posted.
    const api = '/membergraphapi/api/auth';
    const forgot = await app.inject({
      method: 'POST',
      url: `${api}/forgot-password`,
      headers: { host },
      payload: { email: member.email },
    });
    expect(forgot.statusCode).toBe(202);
    const outbox = await app.inject({ url: '/membergraphapi/api/dev/outbox', headers: { host } });
    const mail = outbox
      .json<{ mails: { to: string; text: string }[] }>()
      .mails.find((m) => m.to === member.email);
    // Outside LOCAL the link is the public https origin, though this request came over plain http.
    const link = /https:\/\/[^\s]+\/reset-password\/([\w-]+)/.exec(mail?.text ?? '');
    const key = link?.[1] ?? '';
    expect(key).not.toBe('');
    secrets.push(key);
    await app.inject({ method: 'GET', url: `/reset-password/${key}`, headers: { host } });
    const newPassword = 'a new passphrase for the log test';
    secrets.push(newPassword);
    const reset = await app.inject({
      method: 'POST',
      url: `${api}/reset-password`,
      headers: { host },
      payload: { key, newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    // A sign-in, and requests that carry its cookie, a bearer token, and a token in the query.
    const signedIn = await login(app, host, member.email, newPassword);
    const cookie = signedIn.cookie ?? '';
    expect(cookie).not.toBe('');
    secrets.push(cookie.split('=')[1] ?? '');
    await graphql(app, { host, cookie }, '{ member { info { email } } }');
    const token = await genericToken(app, host);
    secrets.push(token);
    await graphql(app, { host, token }, '{ member { info { email } } }');
    await app.inject({ method: 'GET', url: `/membergraphapi/api/boot?token=${token}`, headers: { host } });

    const log = lines.join('');
    // The requests were logged, with their secrets replaced.
    expect(log).toContain(`/media/s/${String(expires)}/3/${REDACTED}/demo/ebooks/`);
    expect(log).toContain(`/reset-password/${REDACTED}`);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
  });
});
