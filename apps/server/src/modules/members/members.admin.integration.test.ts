import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand, buildMember, buildSubscription } from '../../test/factories';
import { graphql, login, signInNewMember } from '../../test/http';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { verifyPassword } from '../auth/passwords';

describe.each(ENGINES)('member commands (%s)', (engine) => {
  let testApp: TestApp;
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const { db, config } = testApp;
    context = { db, config, services: createServices(db, config), out: memoryOutput() };
  });
  afterAll(async () => {
    await testApp.close();
  });

  const run = async (...argv: string[]) => {
    context.out = memoryOutput();
    const code = await runAdmin(argv, context);
    return { code, lines: context.out.lines.join('\n'), errors: context.out.errors.join('\n') };
  };

  it('finds members of one brand by part of their email or name, never another brand’s', async () => {
    const brand = await buildBrand(testApp.db);
    const other = await buildBrand(testApp.db);
    const member = await buildMember(testApp.db, brand.id, {
      email: 'findme.alice@example.com',
      name: 'Alice Z',
    });
    await buildMember(testApp.db, other.id, { email: 'findme.bob@example.com' });
    const found = await run('member:find', '--brand', brand.slug, 'FINDME', '--json');
    expect(found.code).toBe(0);
    expect((JSON.parse(found.lines) as { id: number }[]).map((row) => row.id)).toEqual([member.id]);
    expect((await run('member:find', '--brand', brand.slug, 'alice z')).lines).toContain(
      'findme.alice@example.com',
    );
    expect((await run('member:find', '--brand', brand.slug, 'a')).errors).toContain(
      'Refused (query_too_short)',
    );
    expect((await run('member:find', '--brand', 'nope', 'alice')).errors).toContain(
      'Refused (brand_not_found)',
    );
  });

  it('tags and untags a member, refusing malformed tags and unknown members', async () => {
    const brand = await buildBrand(testApp.db);
    const member = await buildMember(testApp.db, brand.id, { tags: ['kept'] });
    const tagged = await run(
      'member:tag',
      '--brand',
      brand.slug,
      '--email',
      member.email,
      '--tags',
      'vip,beta,vip',
    );
    expect(tagged).toMatchObject({ code: 0, lines: `${member.email}: [kept, vip, beta]` });
    const untagged = await run(
      'member:untag',
      '--brand',
      brand.slug,
      '--email',
      member.email,
      '--tags',
      'beta',
    );
    expect(untagged.lines).toBe(`${member.email}: [kept, vip]`);
    const bad = await run('member:tag', '--brand', brand.slug, '--email', member.email, '--tags', 'a b,<x>');
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.errors).toContain('Refused (invalid_tag)');
    const unknown = await run(
      'member:tag',
      '--brand',
      brand.slug,
      '--email',
      'no@example.com',
      '--tags',
      'x',
    );
    expect(unknown.errors).toContain('Refused (member_not_found)');
    expect((await run('member:tag', '--brand', brand.slug, '--email', member.email)).code).toBe(1);
  });

  it('resets a password: the new one works, the old one and every open session do not', async () => {
    const brand = await buildBrand(testApp.db);
    const member = await buildMember(testApp.db, brand.id);
    const login = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/membergraphapi/api/auth/login',
        headers: { host: brand.hostname, 'content-type': 'application/json' },
        payload: { email: member.email, password },
      });
    const signedIn = await login(member.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const reset = await run('member:reset-password', '--brand', brand.slug, '--email', member.email);
    expect(reset.code).toBe(0);
    expect(reset.errors).toContain('1 session(s) ended');
    const password = /new password for .+: (\S+)$/.exec(reset.lines)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const row = await testApp.db.kysely
      .selectFrom('members')
      .select('password_hash')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(password, row.password_hash)).toBe(true);
    expect(await verifyPassword(member.password, row.password_hash)).toBe(false);
    const boot = await testApp.app.inject({
      method: 'GET',
      url: '/membergraphapi/api/boot',
      headers: { host: brand.hostname, cookie },
    });
    expect(boot.json<{ member: unknown }>().member).toBeNull();
  });

  it('deactivates a member: sessions end, sign-in is refused, billing stops; reactivation lets them in again', async () => {
    const brand = await buildBrand(testApp.db);
    const member = await signInNewMember(testApp, brand);
    const due = await buildSubscription(testApp.db, brand.id, member.id, {
      nextBillingDate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const ME = '{ member { info { email } } }';
    expect((await graphql(testApp.app, member.caller, ME)).errors).toBeUndefined();

    expect((await run('member:deactivate', '--brand', brand.slug, '--email', member.email)).errors).toContain(
      '--reason is required',
    );
    const done = await run(
      'member:deactivate',
      '--brand',
      brand.slug,
      '--email',
      member.email,
      '--reason',
      'chargeback',
    );
    expect(done).toMatchObject({ code: 0 });
    expect(done.lines).toContain('1 session(s) ended, 1 subscription(s) canceled');
    expect(
      (await run('member:deactivate', '--brand', brand.slug, '--email', member.email, '--reason', 'again'))
        .errors,
    ).toContain('Refused (already_deactivated)');
    expect((await run('member:find', '--brand', brand.slug, member.email)).lines).toContain('DEACTIVATED');

    // The open session ends; the right password is told the account is deactivated, a wrong one learns nothing.
    expect((await graphql(testApp.app, member.caller, ME)).errors?.[0]?.extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    const refused = await login(testApp.app, brand.hostname, member.email, member.password);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json()).toMatchObject({ error: { code: 'account_deactivated' } });
    expect(refused.cookie).toBeUndefined();
    const wrong = await login(testApp.app, brand.hostname, member.email, 'not the password');
    expect(wrong.response.json()).toMatchObject({ error: { code: 'invalid_credentials' } });

    // Billing stops: the due subscription was canceled, so the billing job ends it without a charge.
    await context.services.subscriptions.runBillingJob();
    const row = await testApp.db.kysely
      .selectFrom('subscriptions')
      .select(['is_active', 'cancel_ref_id'])
      .where('id', '=', due.id)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    expect(row.cancel_ref_id).not.toBeNull();
    const payments = await testApp.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(payments).toEqual([]);

    expect(await run('member:reactivate', '--brand', brand.slug, '--email', member.email)).toMatchObject({
      code: 0,
    });
    const back = await login(testApp.app, brand.hostname, member.email, member.password);
    expect(back.response.statusCode).toBe(200);
    expect(back.cookie).toBeDefined();
    expect((await run('member:reactivate', '--brand', brand.slug, '--email', member.email)).errors).toContain(
      'Refused (not_deactivated)',
    );
    const other = await buildMember(testApp.db, brand.id);
    expect((await run('member:reactivate', '--brand', brand.slug, '--email', other.email)).errors).toContain(
      'Refused (not_deactivated)',
    );
  });
});
