import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminContext } from '../../cli/admin-command';
import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { createServices } from '../../services';
import { buildBrand } from '../../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../../test/harness';

describe.each(ENGINES)('catalog:import command (%s)', (engine) => {
  let testDb: TestDb;
  let folder = '';
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    folder = mkdtempSync(join(tmpdir(), 'admin-import-'));
    const config = testConfig();
    context = {
      db: testDb,
      config: { ...config, media: { ...config.media, importedDir: join(folder, 'imported-out') } },
      services: createServices(testDb, config),
      out: memoryOutput(),
    };
  }, 60_000);
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    await testDb.cleanup();
  });

  it('lists each file with its outcome and exits 2 when some were rejected', async () => {
    const brand = await buildBrand(testDb);
    const input = join(folder, 'input');
    rmSync(input, { recursive: true, force: true });
    mkdirSync(input, { recursive: true });
    writeFileSync(join(input, 'notes.txt'), 'not media');
    writeFileSync(join(input, '.hidden'), 'skipped');
    context.out = memoryOutput();
    expect(await runAdmin(['catalog:import', '--brand', brand.slug, input], context)).toBe(2);
    expect(context.out.errors.join('\n')).toContain('REJECTED  notes.txt: unsupported file type ".txt"');
    expect(context.out.lines.join('\n')).toContain('0 imported, 0 unchanged, 1 rejected');
  });

  it('refuses an unknown brand, a missing folder and a missing argument', async () => {
    context.out = memoryOutput();
    expect(await runAdmin(['catalog:import', '--brand', 'nope', folder], context)).toBe(1);
    expect(context.out.errors.join('\n')).toContain('No brand with the slug "nope"');
    expect(await runAdmin(['catalog:import', '--brand', 'nope'], context)).toBe(1);
    expect(context.out.errors.join('\n')).toContain('Give exactly one folder');
  });
});
