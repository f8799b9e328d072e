import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand } from '../../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../../test/harness';

describe.each(ENGINES)('brand commands (%s)', (engine) => {
  let testDb: TestDb;
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };
  let n = 0;

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const config = testConfig();
    context = { db: testDb, config, services: createServices(testDb, config), out: memoryOutput() };
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  const run = async (...argv: string[]) => {
    context.out = memoryOutput();
    const code = await runAdmin(argv, context);
    return { code, lines: context.out.lines.join('\n'), errors: context.out.errors.join('\n') };
  };
  const slug = () => `added${String((n += 1))}`;

  it('adds a brand that its host name then resolves to, with the given settings', async () => {
    const name = slug();
    const added = await run(
      'brand:add',
      ...[
        '--slug',
        name,
        '--name',
        'Added Brand',
        '--hostname',
        `${name}.example`,
        '--hostname',
        `www.${name}.example`,
      ],
      ...['--accent', '#112233', '--languages', 'de-de,en-us', '--tags', 'vpnx,layout:clickcoins'],
      ...['--layout', 'clickcoins', '--currency', 'EUR', '--symbol', '€', '--country', 'de'],
    );
    expect(added).toMatchObject({ code: 0 });
    const found = await context.services.brands.resolveHostname(`www.${name}.example`);
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(found.brand.config).toMatchObject({
      slug: name,
      name: 'Added Brand',
      languages: ['de-de', 'en-us'],
      brandTags: ['vpnx', 'layout:clickcoins'],
      layout: 'clickcoins',
      billing: { currency: 'EUR', symbol: '€', countryCode: 'DE' },
    });
    expect(found.brand.countryCode).toBe('DE');
    const listed = await run('brand:list');
    expect(listed.lines).toContain(`${name}.example, www.${name}.example`);
  });

  it('refuses a taken slug or host name, a bad colour, language, layout or host name, each with its code', async () => {
    const existing = await buildBrand(testDb);
    const base = ['brand:add', '--slug', slug(), '--name', 'X'];
    const cases: [string[], string][] = [
      [['brand:add', '--slug', existing.slug, '--name', 'X', '--hostname', 'free.example'], 'slug_taken'],
      [[...base, '--hostname', existing.hostname], 'hostname_taken'],
      [[...base, '--hostname', 'ok.example', '--accent', 'red'], 'invalid_colour'],
      [[...base, '--hostname', 'ok.example', '--languages', 'en-us,xx-yy'], 'invalid_language'],
      [[...base, '--hostname', 'ok.example', '--layout', 'fancy'], 'invalid_layout'],
      [[...base, '--hostname', 'not a host'], 'invalid_hostname'],
      [['brand:add', '--slug', 'Bad Slug!', '--name', 'X', '--hostname', 'ok.example'], 'invalid_slug'],
      [['brand:edit', '--brand', 'no-such-brand', '--name', 'Y'], 'brand_not_found'],
    ];
    for (const [argv, code] of cases) {
      const result = await run(...argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.errors).toContain(`Refused (${code})`);
    }
    expect(await run('brand:add', '--slug', slug())).toMatchObject({ code: 1 });
    expect((await run('brand:edit', '--brand', existing.slug)).errors).toContain('Nothing to change');
    // Nothing of a refused brand was written.
    expect(await context.services.brands.resolveHostname('ok.example')).toEqual({ kind: 'not_found' });
  });

  it('edits colours, languages, tags, layout, status and host names, and this server sees it at once', async () => {
    const brand = await buildBrand(testDb);
    const before = await context.services.brands.resolveHostname(brand.hostname);
    expect(before.kind).toBe('found');
    const edited = await run(
      'brand:edit',
      ...['--brand', brand.slug, '--secondary', '#010203', '--languages', 'ja-jp', '--tags', 'a,b'],
      ...['--layout', 'clickcoins', '--status', 'unavailable', '--hostname', `new-${brand.hostname}.example`],
    );
    expect(edited).toMatchObject({ code: 0 });
    // The old host name is gone and the cached resolution with it.
    expect(await context.services.brands.resolveHostname(brand.hostname)).toEqual({ kind: 'not_found' });
    const after = await context.services.brands.resolveHostname(`new-${brand.hostname}.example`);
    expect(after.kind === 'found' && after.brand).toMatchObject({
      status: 'unavailable',
      config: { languages: ['ja-jp'], brandTags: ['a', 'b'], layout: 'clickcoins' },
    });
    expect(after.kind === 'found' && after.brand.config.colors.secondary).toBe('#010203');
  });
});
