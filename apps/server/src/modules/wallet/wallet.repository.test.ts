import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '../../errors';
import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { createWalletRepository } from './wallet.repository';
import { INSUFFICIENT_COINS, createWalletService } from './wallet.service';

describe.each(ENGINES)('coin ledger (%s)', (engine) => {
  let db: TestDb;
  let wallet: ReturnType<typeof createWalletService>;
  let repository: ReturnType<typeof createWalletRepository>;
  let brandId: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    repository = createWalletRepository(db.kysely);
    wallet = createWalletService({ repository });
    brandId = (await buildBrand(db)).id;
  });
  afterAll(async () => {
    await db.cleanup();
  });

  const newMember = async () => (await buildMember(db, brandId)).id;
  const credit = (memberId: number, amount: number, key: string) =>
    wallet.credit({
      brandId,
      memberId,
      amount,
      description: 'Coins',
      idempotencyKey: key,
      source: 'payment',
      reference: { kind: 'payment', id: key },
    });

  it('starts at zero and credits once per idempotency key', async () => {
    const memberId = await newMember();
    expect(await wallet.balance(brandId, memberId)).toBe(0);
    expect(await credit(memberId, 100, `k-${memberId}`)).toEqual({ applied: true, balance: 100 });
    expect(await credit(memberId, 100, `k-${memberId}`)).toEqual({ applied: false, balance: 100 });
    expect(await wallet.balance(brandId, memberId)).toBe(100);
    const page = await wallet.transactions(brandId, memberId);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ amount: 100, balanceAfter: 100, description: 'Coins' });
  });

  it('applies the same credit delivered 50 times at once exactly once', async () => {
    const memberId = await newMember();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => credit(memberId, 25, `payment:same-${memberId}`)),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(await wallet.balance(brandId, memberId)).toBe(25);
    expect(await repository.ledgerSum(brandId, memberId)).toBe(25);
  });

  it('lets 200 parallel 10-coin spends on 100 coins succeed exactly 10 times', async () => {
    const memberId = await newMember();
    await credit(memberId, 100, `seed-${memberId}`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        wallet.spend({
          brandId,
          memberId,
          amount: 10,
          description: 'Entry',
          idempotencyKey: `spend-${memberId}-${index}`,
          reference: { kind: 'order', id: String(index) },
        }),
      ),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(AppError);
      expect((outcome.reason as AppError).slug).toBe(INSUFFICIENT_COINS);
    }
    expect(await wallet.balance(brandId, memberId)).toBe(0);
    expect(await repository.ledgerSum(brandId, memberId)).toBe(0);
    const rows = await db.kysely
      .selectFrom('coin_ledger')
      .select(['amount', 'balance_after'])
      .where('member_id', '=', memberId)
      .execute();
    expect(rows).toHaveLength(11);
    expect(rows.every((row) => row.balance_after >= 0)).toBe(true);
    expect(new Set(rows.map((row) => row.balance_after)).size).toBe(11);
  });

  it('refuses a spend beyond the balance and leaves the ledger as it was', async () => {
    const memberId = await newMember();
    await credit(memberId, 5, `five-${memberId}`);
    await expect(
      wallet.spend({
        brandId,
        memberId,
        amount: 6,
        description: 'Too much',
        idempotencyKey: `x-${memberId}`,
        reference: { kind: 'order', id: 'x' },
      }),
    ).rejects.toMatchObject({ slug: INSUFFICIENT_COINS });
    expect(await wallet.balance(brandId, memberId)).toBe(5);
    expect((await wallet.transactions(brandId, memberId)).items).toHaveLength(1);
  });

  it('refuses bad amounts, descriptions and keys before writing anything', async () => {
    const memberId = await newMember();
    for (const amount of [0, -5, 1.5, Number.NaN, 2_000_000]) {
      await expect(credit(memberId, amount, `bad-${amount}`)).rejects.toMatchObject({
        slug: 'invalid_amount',
      });
    }
    await expect(
      wallet.credit({
        brandId,
        memberId,
        amount: 1,
        description: ' ',
        idempotencyKey: 'k',
        source: 'payment',
        reference: { kind: 'payment', id: 'k' },
      }),
    ).rejects.toMatchObject({ slug: 'invalid_description' });
    await expect(credit(memberId, 1, '')).rejects.toMatchObject({ slug: 'invalid_idempotency_key' });
    expect(await repository.ledgerSum(brandId, memberId)).toBe(0);
  });

  it('refuses a reused key for another member or amount', async () => {
    const first = await newMember();
    const second = await newMember();
    await credit(first, 10, `shared-${first}`);
    await expect(credit(second, 10, `shared-${first}`)).rejects.toMatchObject({
      slug: 'idempotency_key_conflict',
    });
    await expect(credit(first, 11, `shared-${first}`)).rejects.toMatchObject({
      slug: 'idempotency_key_conflict',
    });
    expect(await wallet.balance(brandId, second)).toBe(0);
  });

  it('never credits a member through another brand', async () => {
    const memberId = await newMember();
    const otherBrand = await buildBrand(db);
    await expect(
      wallet.credit({
        brandId: otherBrand.id,
        memberId,
        amount: 10,
        description: 'x',
        idempotencyKey: 'cross',
        source: 'payment',
        reference: { kind: 'payment', id: 'cross' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await wallet.balance(otherBrand.id, memberId)).toBe(0);
    expect(await wallet.balance(brandId, memberId)).toBe(0);
  });

  it('pages transactions newest first', async () => {
    const memberId = await newMember();
    for (let index = 1; index <= 5; index += 1) await credit(memberId, index, `page-${memberId}-${index}`);
    const first = await wallet.transactions(brandId, memberId, { limit: 2 });
    expect(first.items.map((item) => item.amount)).toEqual([5, 4]);
    const second = await wallet.transactions(brandId, memberId, { limit: 2, before: first.nextBefore });
    expect(second.items.map((item) => item.amount)).toEqual([3, 2]);
    const last = await wallet.transactions(brandId, memberId, { limit: 2, before: second.nextBefore });
    expect(last.items.map((item) => item.amount)).toEqual([1]);
    expect(last.nextBefore).toBeNull();
  });

  it('says on every line what it paid for or where its coins came from', async () => {
    const memberId = await newMember();
    await credit(memberId, 30, `payment:pay-${memberId}`);
    await wallet.spend({
      brandId,
      memberId,
      amount: 12,
      description: 'Order',
      idempotencyKey: `order-${memberId}`,
      reference: { kind: 'order', id: '42' },
    });
    const { items } = await wallet.transactions(brandId, memberId);
    expect(items.map((item) => [item.source, item.reference])).toEqual([
      ['spend', { kind: 'order', id: '42' }],
      ['payment', { kind: 'payment', id: `payment:pay-${memberId}` }],
    ]);
  });

  it("spends in the caller's transaction: rolled back with it, committed with it", async () => {
    const memberId = await newMember();
    await credit(memberId, 20, `tx-seed-${memberId}`);
    const spend = (key: string) => ({
      brandId,
      memberId,
      amount: 15,
      description: 'Order',
      idempotencyKey: key,
      reference: { kind: 'order' as const, id: key },
    });
    await expect(
      db.kysely.transaction().execute(async (tx) => {
        expect(await wallet.spend(spend(`tx-a-${memberId}`), tx)).toEqual({ applied: true, balance: 5 });
        throw new Error('what the coins paid for failed');
      }),
    ).rejects.toThrow('what the coins paid for failed');
    expect(await wallet.balance(brandId, memberId)).toBe(20);
    expect(await repository.ledgerSum(brandId, memberId)).toBe(20);
    await db.kysely.transaction().execute((tx) => wallet.spend(spend(`tx-b-${memberId}`), tx));
    expect(await wallet.balance(brandId, memberId)).toBe(5);
    // Refused inside the caller's transaction too, and replayed by key after the commit.
    await expect(
      db.kysely.transaction().execute((tx) => wallet.spend(spend(`tx-c-${memberId}`), tx)),
    ).rejects.toMatchObject({ slug: INSUFFICIENT_COINS });
    expect(await wallet.spend(spend(`tx-b-${memberId}`))).toEqual({ applied: false, balance: 5 });
  });
});
