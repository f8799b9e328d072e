import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoNow } from '../../db/json';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp, testConfig } from '../../test/harness';
import { graphql, login } from '../../test/http';

describe.each(ENGINES)('recovery (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let otherBrand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimitPerMinute: 10_000 });
    brand = await buildBrand(t.db);
    otherBrand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  let ipSequence = 0;
  /** Each test speaks from its own address so the per-address limits do not couple tests. */
  const newIp = () => `10.9.${Math.floor((ipSequence += 1) / 250)}.${ipSequence % 250}`;

  const post = (host: string, url: string, payload: object, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/membergraphapi/api/auth/${url}`,
      headers: { host },
      payload,
      remoteAddress: ip,
    });

  const outbox = async (host: string) =>
    (await t.app.inject({ url: '/membergraphapi/api/dev/outbox', headers: { host } })).json<{
      mails: { to: string; text: string; subject: string }[];
    }>().mails;

  const keyFrom = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('answers the same for unknown and known emails, and mails only a known one', async () => {
    const member = await buildMember(t.db, brand.id);
    const ip = newIp();
    const unknown = await post(brand.hostname, 'forgot-password', { email: 'nobody@example.com' }, ip);
    const known = await post(brand.hostname, 'forgot-password', { email: member.email.toUpperCase() }, ip);
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mails = await outbox(brand.hostname);
    expect(mails.filter((mail) => mail.to === 'nobody@example.com')).toEqual([]);
    const mail = mails.find((m) => m.to === member.email);
    expect(mail?.text).toContain(`http://${brand.hostname}/reset-password/`);
    expect(await outbox(otherBrand.hostname)).toEqual([]);
    // Only the key's hash is stored.
    const stored = await t.db.kysely.selectFrom('password_reset_keys').select('key_hash').execute();
    expect(stored.map((row) => row.key_hash)).not.toContain(keyFrom(mail?.text ?? ''));
  });

  it('resets once with a key, signs out every session, and refuses the key afterwards', async () => {
    const member = await buildMember(t.db, brand.id);
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    const ip = newIp();
    await post(brand.hostname, 'forgot-password', { email: member.email }, ip);
    const key = keyFrom((await outbox(brand.hostname)).find((m) => m.to === member.email)?.text ?? '');
    const newPassword = 'a fresh new passphrase';

    const mismatch = await post(
      brand.hostname,
      'reset-password',
      { key, newPassword, confirmPassword: 'nope' },
      ip,
    );
    expect(mismatch.json<{ error: { code: string } }>().error.code).toBe('passwords_do_not_match');
    const otherHost = await post(
      otherBrand.hostname,
      'reset-password',
      { key, newPassword, confirmPassword: newPassword },
      ip,
    );
    expect(otherHost.json<{ error: { code: string } }>().error.code).toBe('invalid_or_expired_key');

    const [first, second] = await Promise.all([
      post(brand.hostname, 'reset-password', { key, newPassword, confirmPassword: newPassword }, ip),
      post(
        brand.hostname,
        'reset-password',
        { key, newPassword: 'another new passphrase', confirmPassword: 'another new passphrase' },
        ip,
      ),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const winner = first.statusCode === 200 ? newPassword : 'another new passphrase';
    expect((await login(t.app, brand.hostname, member.email, winner)).response.statusCode).toBe(200);
    expect((await login(t.app, brand.hostname, member.email, member.password)).response.statusCode).toBe(401);
    const old = await graphql(
      t.app,
      { host: brand.hostname, cookie: cookie ?? '' },
      '{ member { info { id } } }',
    );
    expect(old.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('checks a key before the form: live, then refused once used, on another brand or made up', async () => {
    const member = await buildMember(t.db, brand.id);
    const ip = newIp();
    await post(brand.hostname, 'forgot-password', { email: member.email }, ip);
    const key = keyFrom((await outbox(brand.hostname)).find((m) => m.to === member.email)?.text ?? '');
    const check = (host: string, body: object) => post(host, 'reset-password/check', body, ip);
    const live = await check(brand.hostname, { key });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ valid: true });
    // Checking changes nothing: the key still resets.
    const code = async (host: string, body: object) =>
      (await check(host, body)).json<{ error: { code: string } }>().error.code;
    expect(await code(otherBrand.hostname, { key })).toBe('invalid_or_expired_key');
    expect(await code(brand.hostname, { key: 'A'.repeat(43) })).toBe('invalid_or_expired_key');
    expect(await code(brand.hostname, { key: '../../x' })).toBe('invalid_or_expired_key');
    expect(await code(brand.hostname, {})).toBe('invalid_or_expired_key');
    const newPassword = 'a fresh new passphrase';
    const reset = await post(
      brand.hostname,
      'reset-password',
      { key, newPassword, confirmPassword: newPassword },
      ip,
    );
    expect(reset.statusCode).toBe(200);
    expect(await code(brand.hostname, { key })).toBe('invalid_or_expired_key');
  });

  it('refuses an expired key and a made-up one', async () => {
    const member = await buildMember(t.db, brand.id);
    const ip = newIp();
    await post(brand.hostname, 'forgot-password', { email: member.email }, ip);
    const key = keyFrom((await outbox(brand.hostname)).find((m) => m.to === member.email)?.text ?? '');
    await t.db.kysely
      .updateTable('password_reset_keys')
      .set({ expires_at: isoNow(new Date(Date.now() - 1000)) })
      .where('member_id', '=', member.id)
      .execute();
    const expired = await post(
      brand.hostname,
      'reset-password',
      { key, newPassword: 'abcdefghijk', confirmPassword: 'abcdefghijk' },
      ip,
    );
    expect(expired.json<{ error: { code: string } }>().error.code).toBe('invalid_or_expired_key');
    const madeUp = await post(
      brand.hostname,
      'reset-password',
      { key: 'A'.repeat(43), newPassword: 'abcdefghijk', confirmPassword: 'abcdefghijk' },
      ip,
    );
    expect(madeUp.statusCode).toBe(400);
    expect((await login(t.app, brand.hostname, member.email, member.password)).response.statusCode).toBe(200);
  });

  it('rate limits forgot password per email, whether or not it exists', async () => {
    const codes: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      codes.push(
        (await post(brand.hostname, 'forgot-password', { email: 'limited@example.com' }, newIp())).statusCode,
      );
    }
    expect(codes).toEqual([202, 202, 202, 429]);
  });

  it('finds a masked email by card digits, on its brand only, and rate limits the lookups', async () => {
    const member = await buildMember(t.db, brand.id, { email: 'jane.doe@example.com' });
    await buildMember(t.db, otherBrand.id, { email: 'someone@elsewhere.org' });
    const now = isoNow();
    await t.db.kysely
      .insertInto('payment_methods')
      .values({
        id: `pm_${member.id}`,
        brand_id: brand.id,
        member_id: member.id,
        provider: 'sandbox',
        cc_type: 'visa',
        cc_last: '4242',
        cc_first6: '424242',
        exp_month: 12,
        exp_year: 2030,
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ip = newIp();
    const found = await post(brand.hostname, 'forgot-email', { first6: '424242', last4: '4242' }, ip);
    expect(found.json()).toEqual({ maskedEmails: ['j***@e***.com'] });
    expect(found.body).not.toContain('jane');
    const elsewhere = await post(
      otherBrand.hostname,
      'forgot-email',
      { first6: '424242', last4: '4242' },
      newIp(),
    );
    expect(elsewhere.json()).toEqual({ maskedEmails: [] });
    const wrongDigits = await post(brand.hostname, 'forgot-email', { first6: '424243', last4: '4242' }, ip);
    expect(wrongDigits.json()).toEqual({ maskedEmails: [] });
    const malformed = await post(brand.hostname, 'forgot-email', { first6: '4242', last4: '4242' }, ip);
    expect(malformed.statusCode).toBe(400);

    const codes: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      codes.push(
        (await post(brand.hostname, 'forgot-email', { first6: '111111', last4: String(1000 + attempt) }, ip))
          .statusCode,
      );
    }
    // Two lookups above and three here reach the per-address limit of 5 an hour.
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('with Stripe, whose cards carry no first digits, says recovery by card is unavailable', async () => {
    const base = testConfig();
    const stripe = await createTestApp(engine, {
      payments: { ...base.payments, provider: 'stripe', stripeSecretKey: 'sk_test_never_called' },
    });
    try {
      const stripeBrand = await buildBrand(stripe.db);
      const now = isoNow();
      const card = (memberId: number, first6: string | null, id: string) =>
        stripe.db.kysely
          .insertInto('payment_methods')
          .values({
            id,
            brand_id: stripeBrand.id,
            member_id: memberId,
            provider: first6 ? 'sandbox' : 'stripe',
            cc_type: 'visa',
            cc_last: '4242',
            cc_first6: first6,
            exp_month: 12,
            exp_year: 2030,
            is_default: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      const viaStripe = await buildMember(stripe.db, stripeBrand.id, { email: 'stripe.card@example.com' });
      await card(viaStripe.id, null, 'pm_stripe_card');
      const ask = (first6: string) =>
        stripe.app.inject({
          method: 'POST',
          url: '/membergraphapi/api/auth/forgot-email',
          headers: { host: stripeBrand.hostname },
          payload: { first6, last4: '4242' },
          remoteAddress: newIp(),
        });
      // Same last 4, brand and expiry: still never matched on those alone, and nothing is revealed.
      const unavailable = await ask('424242');
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json()).toMatchObject({ error: { code: 'card_recovery_unavailable' } });
      expect(unavailable.body).not.toContain('stripe.card');

      // A card saved while the sandbox provider ran still has its digits and is found, masked.
      const older = await buildMember(stripe.db, stripeBrand.id, { email: 'older@example.com' });
      await card(older.id, '424242', 'pm_older_card');
      expect((await ask('424242')).json()).toEqual({ maskedEmails: ['o***@e***.com'] });
    } finally {
      await stripe.close();
    }
  });

  it('shows the mail viewer only in LOCAL and DEV', async () => {
    const html = await t.app.inject({
      url: '/membergraphapi/api/dev/mail',
      headers: { host: brand.hostname },
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    const production = await createTestApp(engine, { env: 'PROD' });
    try {
      const prodBrand = await buildBrand(production.db);
      const response = await production.app.inject({
        url: '/membergraphapi/api/dev/outbox',
        headers: { host: prodBrand.hostname },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
