import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import type { AppConfig } from '../../config';
import { ENGINES, type TestDb, createTestDb, testConfig } from '../../test/harness';

/**
 * A production start that takes test payments (ALLOW_SANDBOX_PAYMENTS_IN_PROD, see config.test.ts for
 * the refusal without it) says so loudly: a warning at every start and a flag on /healthz.
 */
describe.each(ENGINES)('test payments in production (%s)', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  async function start(overrides: Partial<AppConfig>) {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
        done();
      },
    });
    const base = testConfig();
    const app = await buildApp({
      config: { ...base, ...overrides, payments: { ...base.payments, ...overrides.payments } },
      db,
      logger: { level: 'warn', stream },
      errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
    });
    await app.ready();
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();
    return { warnings: lines.filter((line) => line.level === 40).map((line) => line.msg), health };
  }

  it('warns at start and on /healthz when production takes test payments', async () => {
    const base = testConfig();
    const { warnings, health } = await start({
      env: 'PROD',
      isProduction: true,
      payments: { ...base.payments, provider: 'sandbox', testMode: true },
    });
    expect(warnings.filter((message) => /test payments/i.test(message))).toHaveLength(1);
    expect(health.json()).toEqual({
      status: 'ok',
      database: engine,
      warnings: ['test_payments_in_production'],
    });
  });

  it('says nothing of the kind for live payments in production or test payments elsewhere', async () => {
    const base = testConfig();
    for (const overrides of [
      { env: 'PROD' as const, isProduction: true, payments: { ...base.payments, testMode: false } },
      { payments: { ...base.payments, testMode: true } },
    ]) {
      const { warnings, health } = await start(overrides);
      expect(warnings.filter((message) => /test payments/i.test(message))).toEqual([]);
      expect(health.json()).toEqual({ status: 'ok', database: engine });
    }
  });
});
