import { drawPeriodAt } from '@member/domain';

import type { Db } from '../db/database';
import { readJson, writeJson } from '../db/json';
import { createTransactionRunner } from '../db/transaction';
import { newReferenceNumber } from '../modules/members/reference-number';
import { type EntryGrant, createSweepsRepository } from '../modules/sweeps/sweeps.repository';
import { createSweepsService } from '../modules/sweeps/sweeps.service';

const DAY = 86_400_000;
/** Unique entrants a demo draw needs (MIN_UNIQUE_ENTRANTS) and a little more. */
const POSTAL_CROWD = 3_005;

/**
 * Demo giveaways (issue 16) for each demo brand, listed in the README: the demo members get the
 * `sweepsattack:enable` tag (the demo brands carry `sweeps`), and giveaways in every state:
 * active (the trial member has entries), monthly exclusive (active member's free entry available),
 * future, drawing (a closed period waiting for the draws job), won by the active member (claimable),
 * lost by the canceled member. Draws are made by the real draws code, so `sweep:verify` checks them.
 */
export async function seedDemoGiveaways(db: Db, brandIds: readonly number[], now: Date): Promise<void> {
  const repository = createSweepsRepository(db.kysely);
  const members = {
    info: () => Promise.reject(new Error('not used by the seed')),
    findMember: (brandId: number, memberId: number) =>
      db.kysely
        .selectFrom('members')
        .select(['email', 'language', 'reference_number'])
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst(),
  };
  const sweeps = createSweepsService({
    repository,
    transactions: createTransactionRunner(db.kysely),
    members,
    now: () => now,
  });
  const iso = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const lastMonth = drawPeriodAt(new Date(now.getTime() - 35 * DAY)).key;

  for (const brandId of brandIds) {
    const rows = await db.kysely
      .selectFrom('members')
      .select(['id', 'email', 'tags'])
      .where('brand_id', '=', brandId)
      .execute();
    const byKind = new Map<string, { id: number; reference: string }>();
    for (const row of rows) {
      const kind = row.email.split('@')[0] ?? '';
      const reference = newReferenceNumber();
      await db.kysely
        .updateTable('members')
        .set({ tags: writeJson([...readJson<string[]>(row.tags, []), 'sweepsattack:enable']) })
        .where('id', '=', row.id)
        .execute();
      await db.kysely
        .updateTable('members')
        .set({ reference_number: reference })
        .where('id', '=', row.id)
        .where('reference_number', 'is', null)
        .execute();
      const stored = await members.findMember(brandId, row.id);
      byKind.set(kind, { id: row.id, reference: stored?.reference_number ?? reference });
    }
    const make = async (
      ref: string,
      name: string,
      product: string,
      start: number,
      end: number,
      monthlyExclusive = false,
      drawPeriod?: string,
    ) =>
      (
        await sweeps.createSweep({
          brandId,
          refNumber: `DEMO-${ref}`,
          name,
          productName: product,
          description: `${product}, shipped to the winner. Free postal entry available; see the contest rules.`,
          image: '',
          startDate: iso(start),
          endDate: iso(end),
          startAvailableDate: iso(start),
          endAvailableDate: iso(end),
          monthlyExclusive,
          tags: monthlyExclusive ? ['monthly_exclusive'] : [],
          entries: 100_000,
          prices: [
            { currency: 'USD', symbol: '$', countryCode: null, entries: 10, amountMinor: 500 },
            { currency: 'USD', symbol: '$', countryCode: null, entries: 50, amountMinor: 2000 },
            { currency: 'EUR', symbol: '€', countryCode: null, entries: 10, amountMinor: 500 },
          ],
          multipliers: [
            { currency: 'USD', symbol: '$', countryCode: null, amountMinor: 2000, multiplierFactor: 2 },
          ],
          ...(drawPeriod ? { drawPeriod } : {}),
        })
      ).id;

    const grant = (
      sweepId: number,
      entrant: string,
      entries: number,
      memberId: number | null,
      key: string,
    ): EntryGrant => ({
      brandId,
      sweepId,
      memberId,
      entrant,
      entries,
      amountMinor: null,
      currency: null,
      source: memberId === null ? 'postal' : 'bonus',
      referenceKind: 'demo',
      referenceId: key,
      idempotencyKey: `demo:${sweepId}:${key}`,
      periodKey: lastMonth,
    });
    const crowd = (sweepId: number) =>
      Array.from({ length: POSTAL_CROWD }, (_, n) =>
        grant(sweepId, `P-DEMO${String(n).padStart(5, '0')}`, 1, null, `p${n}`),
      );

    const active = await make('ACTIVE', 'Win a 4K TV', '4K television', -3, 20);
    const trial = byKind.get('trial');
    if (trial) await repository.insertEntries([grant(active, trial.reference, 30, trial.id, 'trial')]);
    await make('MONTHLY', 'Members’ monthly prize', 'Wireless headphones', -3, 20, true);
    await make('FUTURE', 'Win a road bike', 'Road bike', 10, 40);

    // Closed periods: entries dated inside last month, drawn now by the draws code.
    const won = await make('WON', 'Win a game console', 'Game console', -60, -30, false, lastMonth);
    const lost = await make('LOST', 'Win a camera', 'Camera', -60, -30, false, lastMonth);
    const activeMember = byKind.get('active');
    const canceled = byKind.get('canceled');
    await repository.insertEntries([
      ...crowd(won),
      ...(activeMember ? [grant(won, activeMember.reference, 2_000_000_000, activeMember.id, 'winner')] : []),
      ...crowd(lost),
      grant(lost, 'P-DEMOBIG', 2_000_000_000, null, 'big'),
      ...(canceled ? [grant(lost, canceled.reference, 5, canceled.id, 'canceled')] : []),
    ]);
    await db.kysely
      .updateTable('sweep_entries')
      .set({ created_at: iso(-40) })
      .where('sweep_id', 'in', [won, lost])
      .execute();
  }
  await sweeps.runDraws();
  // A giveaway whose period just closed, waiting for the draws job (its draw period is this month).
  for (const brandId of brandIds) {
    await sweeps.createSweep({
      brandId,
      refNumber: 'DEMO-DRAWING',
      name: 'Win a smartwatch',
      productName: 'Smartwatch',
      description: 'Smartwatch, shipped to the winner.',
      image: '',
      startDate: iso(-20),
      endDate: iso(-1),
      startAvailableDate: iso(-20),
      endAvailableDate: iso(-1),
      monthlyExclusive: false,
      tags: [],
      entries: null,
      prices: [{ currency: 'USD', symbol: '$', countryCode: null, entries: 10, amountMinor: 500 }],
      multipliers: [],
      drawPeriod: drawPeriodAt(now).key,
    });
  }
}
