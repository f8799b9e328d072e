import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../app';
import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand } from '../../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';

const NOTICE = `{ member { brandMove { name url host show } } }`;
const ACKNOWLEDGE = `mutation { member { acknowledgeBrandMove { responseResult { succeeded } notice { show } } } }`;

interface NoticeAnswer {
  member: { brandMove: { name: string; url: string; host: string; show: boolean } | null };
}

/*
 * The migration-to-brand modal (decision 033): the operator says the brand moved (`brand:edit
 * --moved-to-url … --moved-to-name …`); its members are told once, each, and other brands' are not.
 */
describe.each(ENGINES)('brand move notice (%s)', (engine) => {
  let t: { app: FastifyInstance; db: TestDb };
  let admin: AdminContext & { out: ReturnType<typeof memoryOutput> };

  beforeAll(async () => {
    const db = await createTestDb(engine);
    const config = testConfig({ loginRateLimitPerMinute: 100_000 });
    // The operator's commands and the app share one set of services, so a brand edit clears the
    // app's brand cache at once, as the shared bus does between servers (decision 027).
    const services = createServices(db, config);
    const app = await buildApp({
      config,
      db,
      services,
      logger: false,
      errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
    });
    await app.ready();
    t = { app, db };
    admin = { db, config, services, out: memoryOutput() };
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.cleanup();
  });

  const operator = async (...argv: string[]) => {
    admin.out = memoryOutput();
    const code = await runAdmin(argv, admin);
    return { code, errors: admin.out.errors.join('\n') };
  };
  const edited = (...argv: string[]) => operator('brand:edit', ...argv);

  it('is null until the brand moves, then shown once per member until they close it', async () => {
    const brand = await buildBrand(t.db);
    const other = await buildBrand(t.db);
    const member = await signInNewMember(t, brand);
    const otherMember = await signInNewMember(t, other);
    const bystander = await signInNewMember(t, brand);
    const notice = async (caller: typeof member.caller) =>
      (await graphql<NoticeAnswer>(t.app, caller, NOTICE)).data?.member.brandMove;

    expect(await notice(member.caller)).toBeNull();

    const slug = (
      await t.db.kysely
        .selectFrom('brands')
        .select('slug')
        .where('id', '=', brand.id)
        .executeTakeFirstOrThrow()
    ).slug;
    expect(
      await edited(
        '--brand',
        slug,
        '--moved-to-url',
        'https://members.nova.example/',
        '--moved-to-name',
        'Nova Media',
      ),
    ).toMatchObject({ code: 0 });

    const moved = {
      name: 'Nova Media',
      url: 'https://members.nova.example/',
      host: 'members.nova.example',
    };
    expect(await notice(member.caller)).toEqual({ ...moved, show: true });
    expect(await notice(otherMember.caller)).toBeNull();

    // Closing it twice (a replay) records it once; it is not shown to that member again, still to others.
    for (let i = 0; i < 2; i += 1) {
      const closed = await graphql<{
        member: {
          acknowledgeBrandMove: { responseResult: { succeeded: boolean }; notice: { show: boolean } };
        };
      }>(t.app, member.caller, ACKNOWLEDGE);
      expect(closed.data?.member.acknowledgeBrandMove).toEqual({
        responseResult: { succeeded: true },
        notice: { show: false },
      });
    }
    expect(await notice(member.caller)).toEqual({ ...moved, show: false });
    expect(await notice(bystander.caller)).toEqual({ ...moved, show: true });
    const rows = await t.db.kysely
      .selectFrom('member_notices')
      .select(['member_id', 'notice'])
      .where('brand_id', '=', brand.id)
      .execute();
    expect(rows).toEqual([{ member_id: member.id, notice: 'brand_moved:members.nova.example' }]);

    // A move somewhere else is told again; clearing the move shows nothing.
    await edited('--brand', slug, '--moved-to-url', 'https://orbit.example/join', '--moved-to-name', 'Orbit');
    expect(await notice(member.caller)).toMatchObject({ name: 'Orbit', host: 'orbit.example', show: true });
    await edited('--brand', slug, '--not-moved');
    expect(await notice(member.caller)).toBeNull();
    const cleared = await graphql<{
      member: { acknowledgeBrandMove: { responseResult: { succeeded: boolean }; notice: unknown } };
    }>(t.app, member.caller, ACKNOWLEDGE);
    expect(cleared.data?.member.acknowledgeBrandMove).toEqual({
      responseResult: { succeeded: true },
      notice: null,
    });
  });

  it('refuses a move that is not an https address or has no name, and keeps the brand as it was', async () => {
    const brand = await buildBrand(t.db);
    const slug = (
      await t.db.kysely
        .selectFrom('brands')
        .select('slug')
        .where('id', '=', brand.id)
        .executeTakeFirstOrThrow()
    ).slug;
    const cases: [string[], string][] = [
      [['--moved-to-url', 'javascript:alert(1)', '--moved-to-name', 'X'], 'invalid_moved_to_url'],
      [['--moved-to-url', 'http://nova.example/', '--moved-to-name', 'X'], 'invalid_moved_to_url'],
      [['--moved-to-url', 'https://nova.example/', '--moved-to-name', ' '], 'invalid_moved_to_name'],
    ];
    for (const [argv, code] of cases) {
      const result = await operator('brand:edit', '--brand', slug, ...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.errors).toContain(code);
    }
    expect(
      (await operator('brand:edit', '--brand', slug, '--moved-to-url', 'https://nova.example/')).errors,
    ).toContain('--moved-to-url and --moved-to-name go together');
    const row = await t.db.kysely
      .selectFrom('brands')
      .select('moved_to')
      .where('id', '=', brand.id)
      .executeTakeFirstOrThrow();
    expect(row.moved_to).toBeNull();
  });
});
