import { chargesBefore } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseCoverPath } from '../modules/media/media.covers';
import { type TestApp, ENGINES, createTestApp } from '../test/harness';
import { graphql, login } from '../test/http';
import { DEMO_PASSWORD, seedDemoData } from './demo';

const DAY = 86_400_000;

interface Charge {
  date: string;
  description: string;
  amount: number;
  currency: string;
  status: string;
  purpose: string;
}

/** The demo data as a newcomer meets it (issue 14 item 16), on both engines. */
describe.each(ENGINES)('the demo seed (%s)', (engine) => {
  let t: TestApp;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedDemoData(t.db, now);
  }, 600_000);
  afterAll(async () => {
    await t.close();
  });

  const history = async (email: string, host: string) => {
    const { cookie } = await login(t.app, host, email, DEMO_PASSWORD);
    if (!cookie) throw new Error(`${email} could not sign in`);
    const result = await graphql<{ member: { billingHistory: Charge[] } }>(
      t.app,
      { host, cookie },
      '{ member { billingHistory(limit: 100) { date description amount currency status purpose } } }',
    );
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.member.billingHistory;
  };

  it('gives members of several months a billing history that matches their plan and dates', async () => {
    const active = await history('active@streamhub.demo', 'streamhub.localhost');
    // Newest first: four renewals at $19.99 and the sign-up at Premium's trial price.
    expect(active.map((charge) => [charge.purpose, charge.amount, charge.currency])).toEqual([
      ['renewal', 1999, 'USD'],
      ['renewal', 1999, 'USD'],
      ['renewal', 1999, 'USD'],
      ['renewal', 1999, 'USD'],
      ['signup', 100, 'USD'],
    ]);
    expect(active.every((charge) => charge.status === 'succeeded')).toBe(true);
    expect(active[0]?.description).toBe('Premium renewal');
    expect(active.at(-1)?.description).toBe('Premium membership');

    const canadian = await history('active@clickcoins.demo', 'clickcoins.localhost');
    expect(canadian.map((charge) => [charge.amount, charge.currency])).toContainEqual([2699, 'CAD']);
    expect(canadian.every((charge) => charge.currency === 'CAD')).toBe(true);

    // The canceled member paid until the period that ended; the trial member only the trial.
    const canceled = await history('canceled@streamhub.demo', 'streamhub.localhost');
    expect(canceled).toHaveLength(7);
    expect(await history('trial@streamhub.demo', 'streamhub.localhost')).toEqual([
      expect.objectContaining({ purpose: 'signup', amount: 100 }),
    ]);
    expect(await history('free@streamhub.demo', 'streamhub.localhost')).toEqual([]);
    const music = await history('music@streamhub.demo', 'streamhub.localhost');
    expect(music.map((charge) => charge.amount)).toEqual([999, 999, 999]);
  });

  it('keeps every subscription’s dates, price and payments in one story', async () => {
    const rows = await t.db.kysely
      .selectFrom('subscriptions')
      .innerJoin('members', 'members.id', 'subscriptions.member_id')
      .select([
        'subscriptions.id',
        'members.email',
        'subscriptions.start_date',
        'subscriptions.next_billing_date',
        'subscriptions.end_date',
        'subscriptions.is_trial',
        'subscriptions.plan_id',
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const payments = await t.db.kysely
        .selectFrom('payments')
        .select(['created_at', 'amount_minor', 'currency', 'purpose'])
        .where('subscription_id', '=', row.id)
        .orderBy('created_at')
        .execute();
      const start = new Date(row.start_date);
      const until = new Date(row.end_date ?? now.toISOString());
      const expected = chargesBefore(
        { start, trialDays: row.email.startsWith('music@') ? 0 : 7, periodDays: 30 },
        until,
      );
      expect(payments.map((p) => new Date(p.created_at).getTime())).toEqual(
        expected.map((c) => c.at.getTime()),
      );
      expect(payments[0]?.created_at).toBe(row.start_date);
      // Every renewal at the plan's recurring price in the brand's currency (Premium, or the older plan).
      const currency = row.email.endsWith('@clickcoins.demo') ? 'CAD' : 'USD';
      const recurring =
        row.plan_id === 1 ? (currency === 'CAD' ? 2699 : 1999) : currency === 'CAD' ? 1349 : 999;
      const renewals = payments.filter((p) => p.purpose === 'renewal');
      expect(renewals.every((p) => p.amount_minor === recurring && p.currency === currency)).toBe(true);
      if (row.next_billing_date) {
        const last = new Date(payments.at(-1)?.created_at ?? row.start_date).getTime();
        const gap = Math.round((new Date(row.next_billing_date).getTime() - last) / DAY);
        expect(gap).toBe(row.is_trial ? 7 : 30);
      }
    }
  });

  it('seeds titles whose covers, games, downloads and series lengths belong to them', async () => {
    const titles = await t.db.kysely
      .selectFrom('media_items')
      .select([
        'id',
        'media_type',
        'title',
        'thumbnail_path',
        'playback_key',
        'duration_seconds',
        'parent_id',
      ])
      .where('parent_id', 'is', null)
      .execute();
    expect(titles.length).toBeGreaterThan(5000);
    for (const title of titles) {
      expect(parseCoverPath(title.thumbnail_path.replace('/media/covers/', ''))?.title).toBe(title.title);
    }
    const games = titles.filter((title) => title.media_type === 'game');
    for (const game of games) {
      const file = /games\/([a-z-]+)\//.exec(game.playback_key ?? '')?.[1];
      const word = {
        'brick-breaker': /Bricks|Breaker|Smash|Bounce/,
        'garden-snake': /Snake|Serpent|Trail|Slither/,
        'memory-pairs': /Pairs|Match|Memory|Twins/,
      }[file ?? ''];
      expect(game.title).toMatch(word ?? /^$/);
    }
    const episodes = await t.db.kysely
      .selectFrom('media_items')
      .select(['parent_id', (eb) => eb.fn.sum<number | string>('duration_seconds').as('total')])
      .where('media_type', '=', 'movie')
      .where('parent_id', 'is not', null)
      .groupBy('parent_id')
      .execute();
    expect(episodes.length).toBeGreaterThan(50);
    const byId = new Map(titles.map((title) => [title.id, title]));
    for (const series of episodes) {
      expect(byId.get(series.parent_id ?? 0)?.duration_seconds).toBe(Number(series.total));
    }
  });
});
