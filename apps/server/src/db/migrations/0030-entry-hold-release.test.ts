import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import type { CheckoutStatus } from '../tables/checkouts';
import { migrateToLatest } from '../migrate';

const AT = '2026-01-01T00:00:00.000Z';

describe.each(ENGINES)('migration 0030-entry-hold-release (%s)', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine, '0028-payment-refunds');
  });
  afterAll(async () => {
    await db.cleanup();
  });

  it('records the holds of unpaid entry checkouts opened before it, and no others', async () => {
    const brand = await buildBrand(db);
    const member = await buildMember(db, brand.id);
    const { id: sweepId } = await db.kysely
      .insertInto('sweeps')
      .values({
        brand_id: brand.id,
        ref_number: 'S-0030',
        name: 'Win',
        product_name: 'Prize',
        description: 'A prize.',
        image: '/static/sweeps/prize.webp',
        start_date: AT,
        end_date: AT,
        start_available_date: AT,
        end_available_date: AT,
        status: 'active',
        monthly_exclusive: 0,
        tags: '[]',
        entries: 100,
        draw_period: '2026-01',
        seed: 'seed',
        seed_commitment: 'commitment',
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const checkout = (
      id: string,
      purpose: string,
      status: CheckoutStatus,
      metadata: Record<string, unknown>,
    ) =>
      db.kysely
        .insertInto('checkouts')
        .values({
          id,
          brand_id: brand.id,
          member_id: member.id,
          purpose,
          amount_minor: 100,
          currency: 'USD',
          description: 'Entries',
          metadata: JSON.stringify(metadata),
          return_path: '/giveaways',
          locale: 'en-us',
          provider: 'sandbox',
          status,
          payment_intent_id: null,
          failure_code: null,
          created_at: AT,
          expires_at: AT,
          updated_at: AT,
        })
        .execute();
    const held = { sweepId: String(sweepId), entries: '3' };
    await checkout('cs_open', 'entries', 'open', held);
    await checkout('cs_processing', 'entries', 'processing', held);
    await checkout('cs_triple', 'upsell', 'open', {
      offer: 'triple',
      sweepId: String(sweepId),
      entries: '2',
    });
    await checkout('cs_access', 'upsell', 'open', {
      offer: 'access',
      sweepId: String(sweepId),
      plan_id: '1',
    });
    await checkout('cs_paid', 'entries', 'succeeded', held);
    await checkout('cs_paid_not_marked', 'entries', 'open', held);
    await checkout('cs_coins', 'coins', 'open', { coins: '100' });
    await checkout('cs_gone_sweep', 'entries', 'open', { sweepId: '999999', entries: '1' });
    await db.kysely
      .insertInto('payments')
      .values({
        id: 'pay_0030',
        brand_id: brand.id,
        member_id: member.id,
        provider: 'sandbox',
        provider_payment_id: 'pi_0030',
        checkout_id: 'cs_paid_not_marked',
        subscription_id: null,
        purpose: 'entries',
        status: 'succeeded',
        amount_minor: 100,
        currency: 'USD',
        description: 'Entries',
        metadata: JSON.stringify(held),
        failure_code: null,
        idempotency_key: 'checkout:cs_paid_not_marked:1',
        created_at: AT,
      })
      .execute();

    expect(await migrateToLatest(db.kysely, db.dialect, db.schema)).toContain('0030-entry-hold-release');

    const holds = await db.kysely
      .selectFrom('sweep_entry_holds')
      .select(['checkout_id', 'sweep_id', 'entries', 'released_at', 'taken_at', 'refunded_at'])
      .orderBy('checkout_id')
      .execute();
    const undecided = { sweep_id: sweepId, released_at: null, taken_at: null, refunded_at: null };
    expect(holds).toEqual([
      { checkout_id: 'cs_open', entries: 3, ...undecided },
      { checkout_id: 'cs_processing', entries: 3, ...undecided },
      { checkout_id: 'cs_triple', entries: 2, ...undecided },
    ]);
  });
});
