import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type TestDb, ENGINES, createTestDb } from '../test/harness';
import { seedDemoData } from './demo';

describe.each(ENGINES)('demo giveaways (%s)', (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb(engine);
    await seedDemoData(db);
  }, 300_000);
  afterAll(async () => {
    await db.cleanup();
  });

  it('gives the active member a claimable win and the canceled member a loss, on every demo brand', async () => {
    const winners = await db.kysely
      .selectFrom('sweep_winners')
      .innerJoin('sweeps', 'sweeps.id', 'sweep_winners.sweep_id')
      .leftJoin('members', 'members.id', 'sweep_winners.member_id')
      .select(['sweeps.ref_number', 'sweep_winners.round', 'sweep_winners.status', 'members.email'])
      .where('sweep_winners.round', '=', 0)
      .execute();
    const won = winners.filter((row) => row.ref_number === 'DEMO-WON');
    const lost = winners.filter((row) => row.ref_number === 'DEMO-LOST');
    expect(won.length).toBe(2);
    for (const row of won)
      expect(row).toMatchObject({ status: 'pending', email: expect.stringMatching(/^active@/) as string });
    expect(lost.length).toBe(2);
    for (const row of lost) expect(row.email).toBeNull();
    const drawing = await db.kysely
      .selectFrom('sweeps')
      .select('winner_selected_at')
      .where('ref_number', 'in', ['DEMO-DRAWING', 'DEMO-ACTIVE', 'DEMO-FUTURE', 'DEMO-MONTHLY'])
      .execute();
    expect(drawing.every((row) => row.winner_selected_at === null)).toBe(true);
  });
});
