import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand, buildMember } from '../../test/factories';
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
});
