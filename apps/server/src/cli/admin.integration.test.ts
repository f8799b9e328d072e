import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../test/factories';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../test/harness';
import { createServices } from '../services';
import type { AdminCommand, AdminContext } from './admin-command';
import { AdminUsageError } from './admin-command';
import { memoryOutput } from './admin-output';
import { runAdmin } from './admin-runner';

describe.each(ENGINES)('admin command line (%s)', (engine) => {
  let testDb: TestDb;
  let context: AdminContext & { out: ReturnType<typeof memoryOutput> };

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    const config = testConfig();
    context = { db: testDb, config, services: createServices(testDb, config), out: memoryOutput() };
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  const fresh = () => {
    context.out = memoryOutput();
    return context;
  };

  it('lists the commands with --help and refuses an unknown one', async () => {
    const ctx = fresh();
    expect(await runAdmin(['--help'], ctx)).toBe(0);
    expect(ctx.out.lines.join('\n')).toContain('brand:list');
    expect(await runAdmin(['brand:nope'], ctx)).toBe(1);
    expect(ctx.out.errors.join('\n')).toContain('Unknown command "brand:nope"');
  });

  it('lists the brands with their host names', async () => {
    const brand = await buildBrand(testDb);
    const ctx = fresh();
    expect(await runAdmin(['brand:list', '--json'], ctx)).toBe(0);
    const listed = JSON.parse(ctx.out.lines.join('\n')) as { id: number; hostnames: string[] }[];
    expect(listed.find((row) => row.id === brand.id)?.hostnames.length).toBeGreaterThan(0);
  });

  it('refuses unknown options and missing values with the command usage', async () => {
    const ctx = fresh();
    expect(await runAdmin(['brand:list', '--colour', 'red'], ctx)).toBe(1);
    expect(ctx.out.errors.join('\n')).toContain('Usage: npm run admin -- brand:list');
    const needy: AdminCommand = {
      name: 'thing:do',
      summary: 'Does a thing',
      usage: '--name <n>',
      options: { name: { type: 'string' } },
      run: () => Promise.reject(new AdminUsageError('--name is required')),
    };
    expect(await runAdmin(['thing:do'], fresh(), [needy])).toBe(1);
    expect(context.out.errors.join('\n')).toContain('--name is required');
  });
});
