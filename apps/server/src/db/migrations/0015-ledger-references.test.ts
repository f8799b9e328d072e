import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { migrateToLatest } from '../migrate';

describe.each(ENGINES)('migration 0015-ledger-references (%s)', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine, '0014-event-source');
  });
  afterAll(async () => {
    await db.cleanup();
  });

  it('makes coin purchases name their payment and the older lines unknown', async () => {
    const brand = await buildBrand(db);
    const member = await buildMember(db, brand.id);
    const line = (amount: number, balanceAfter: number, source: string, key: string) => sql`
      insert into coin_ledger
        (brand_id, member_id, amount, balance_after, description, source, idempotency_key, created_at)
      values (${brand.id}, ${member.id}, ${amount}, ${balanceAfter}, 'Coins', ${source}, ${key}, '2026-01-01T00:00:00.000Z')
    `;
    await line(100, 100, 'payment', 'payment:pi_123').execute(db.kysely);
    await line(-30, 70, 'spend', 'spend-1').execute(db.kysely);
    await line(5, 75, 'subscription_bonus', 'champion:ref:2026-01-01').execute(db.kysely);

    // Later migrations run too; this one must be among them (it runs first, on the lines above).
    expect((await migrateToLatest(db.kysely, db.dialect, db.schema)).at(0)).toBe('0015-ledger-references');

    const rows = await db.kysely
      .selectFrom('coin_ledger')
      .select(['source', 'reference_kind', 'reference_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { source: 'payment', reference_kind: 'payment', reference_id: 'pi_123' },
      { source: 'spend', reference_kind: 'unknown', reference_id: 'spend-1' },
      { source: 'subscription_bonus', reference_kind: 'unknown', reference_id: 'champion:ref:2026-01-01' },
    ]);
  });
});
