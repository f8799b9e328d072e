import { describe, expect, it } from 'vitest';

import { ENGINES, createTestApp, testConfig } from '../test/harness';

describe.each(ENGINES)('the server’s jobs (%s)', (engine) => {
  it('runs the billing job on its interval once the server is ready, and not after it closes', async () => {
    const { payments } = testConfig();
    const t = await createTestApp(engine, { payments: { ...payments, jobIntervalSeconds: 1 } });
    const billingRow = () =>
      t.db.kysely.selectFrom('job_leases').selectAll().where('name', '=', 'billing').executeTakeFirst();
    try {
      await expect
        .poll(async () => (await billingRow())?.last_finished_at ?? null, { timeout: 8_000, interval: 200 })
        .not.toBeNull();
      expect(await billingRow()).toMatchObject({ holder: null, last_error: null });
    } finally {
      await t.app.close();
    }
    const closedAt = await billingRow();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await billingRow()).toEqual(closedAt);
    await t.db.cleanup();
  });
});
