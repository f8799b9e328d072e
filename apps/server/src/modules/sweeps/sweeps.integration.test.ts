import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildSubscription } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import { type BillingTestApp, createBillingTestApp, payOnHostedPage } from '../payments/billing.test-helpers';
import { createSweepsRepository } from './sweeps.repository';

const LIST = `query ($brandId: Int!) { sweep { listByBrand(brandId: $brandId) {
  id name state tabs member_entries free_entry_available on_sale seed_commitment total_entries_sold
  prices { id currency entries amount } audit { poolHash seed position totalEntries winner } winner_id } } }`;
const MY_SWEEPS = `{ member { info { sweeps { sweepId entries } } } }`;
const ENTER_FREE = `mutation ($sweepId: Int!) { sweep { enterFree(sweepId: $sweepId, over18: true) {
  responseResult { succeeded slug } entries } } }`;
const BUY = `mutation ($sweepId: Int!, $priceId: Int!, $over18: Boolean!) { sweep {
  buyEntries(sweepId: $sweepId, priceId: $priceId, over18: $over18) { responseResult { succeeded slug } url } } }`;
const CONFIRM = `mutation ($sweepId: Int!, $entries: Int!) { sweep {
  addEntriesAfterPaypalSuccess(sweepId: $sweepId, entries: $entries) { responseResult { succeeded slug } transactionId amount } } }`;
const CLAIM = `mutation ($winnerId: Int!, $over18: Boolean!) { sweep { claimPrize(winnerId: $winnerId, over18: $over18,
  address: { country: "US", firstName: "Jane", lastName: "Doe", address: "1 Main St", city: "Town", region: "NY",
  postcode: "10001", phone: "+1 555 0100" }) { responseResult { succeeded slug } } } }`;
const QUEUE = `{ sweep { winnerQueue { winnerId sweepId } } }`;
const DISPLAYED = `mutation ($winnerId: Int!) { sweep { markWinnerDisplayed(winnerId: $winnerId) { responseResult { succeeded } } } }`;

interface ListedSweep {
  id: number;
  state: string;
  tabs: string[];
  member_entries: number;
  free_entry_available: boolean;
  total_entries_sold: number;
  prices: { id: number; entries: number; amount: number }[];
  audit: { poolHash: string; seed: string; position: number; totalEntries: number; winner: string } | null;
  winner_id: number | null;
}
interface Payload {
  responseResult: { succeeded: boolean; slug: string | null };
}

const DAY = 86_400_000;

describe.each(ENGINES)('giveaways (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    brand = await buildBrand(t.db, { brandTags: ['sweeps_for_all'] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function makeSweep(
    options: { monthlyExclusive?: boolean; cap?: number | null; amountMinor?: number } = {},
  ) {
    const now = Date.now();
    const { id } = await t.services.sweeps.createSweep({
      brandId: brand.id,
      refNumber: `S-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Win a console',
      productName: 'Game console',
      description: 'A console.',
      image: '/static/sweeps/console.webp',
      startDate: new Date(now - DAY).toISOString(),
      endDate: new Date(now + 10 * DAY).toISOString(),
      startAvailableDate: new Date(now - DAY).toISOString(),
      endAvailableDate: new Date(now + 10 * DAY).toISOString(),
      monthlyExclusive: options.monthlyExclusive ?? false,
      tags: [],
      entries: options.cap ?? null,
      prices: [
        {
          currency: 'USD',
          symbol: '$',
          countryCode: null,
          entries: 1,
          amountMinor: options.amountMinor ?? 100,
        },
        { currency: 'USD', symbol: '$', countryCode: null, entries: 10, amountMinor: 500 },
      ],
      multipliers: [
        { currency: 'USD', symbol: '$', countryCode: null, amountMinor: 500, multiplierFactor: 2 },
      ],
    });
    return id;
  }

  async function list(caller: Caller) {
    const result = await graphql<{ sweep: { listByBrand: ListedSweep[] } }>(t.app, caller, LIST, {
      brandId: brand.id,
    });
    return result.data?.sweep.listByBrand ?? [];
  }

  const find = async (caller: Caller, id: number) => (await list(caller)).find((sweep) => sweep.id === id);

  it('refuses every sweep call where giveaways are disabled', async () => {
    const member = await signInNewMember(t, brand);
    for (const country of ['CA', 'NL', 'AE', 'GB']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/membergraphapi/graphql',
        headers: {
          host: brand.hostname,
          cookie: member.cookie,
          'content-type': 'application/json',
          'x-country-code': country,
        },
        payload: { query: LIST, variables: { brandId: brand.id } },
      });
      const body = response.json<{ errors?: { extensions: { slug?: string } }[] }>();
      expect(body.errors?.[0]?.extensions.slug).toBe('sweeps_blocked_country');
    }
    const tagged = await signInNewMember(t, brand, { tags: ['sweep_features:disabled'] });
    const refused = await graphql(t.app, tagged.caller, LIST, { brandId: brand.id });
    expect(refused.errors?.[0]?.extensions.slug).toBe('sweeps_disabled_by_tag');
    const plain = await buildBrand(t.db);
    const other = await signInNewMember(t, plain);
    const off = await graphql(t.app, other.caller, LIST, { brandId: plain.id });
    expect(off.errors?.[0]?.extensions.slug).toBe('sweeps_not_enabled');
    const optIn = await buildBrand(t.db, { brandTags: ['sweeps'] });
    const attacker = await signInNewMember(t, optIn, { tags: ['sweepsattack:enable'] });
    expect((await graphql(t.app, attacker.caller, LIST, { brandId: optIn.id })).errors).toBeUndefined();
    // Another brand's id lists nothing of it.
    const foreign = await graphql(t.app, member.caller, LIST, { brandId: plain.id });
    expect(foreign.errors?.[0]?.extensions.slug).toBe('sweep_brand_not_found');
  });

  it('gives an active member one free entry a month on a monthly-exclusive giveaway', async () => {
    const sweepId = await makeSweep({ monthlyExclusive: true });
    const member = await signInNewMember(t, brand);
    await buildSubscription(t.db, brand.id, member.id, { isActive: true, mediaTypes: ['movie'] });
    expect(await find(member.caller, sweepId)).toMatchObject({ state: 'active', free_entry_available: true });
    const first = await graphql<{ sweep: { enterFree: Payload } }>(t.app, member.caller, ENTER_FREE, {
      sweepId,
    });
    expect(first.data?.sweep.enterFree.responseResult.succeeded).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        graphql<{ sweep: { enterFree: Payload } }>(t.app, member.caller, ENTER_FREE, { sweepId }),
      ),
    );
    expect(again.map((r) => r.data?.sweep.enterFree.responseResult.slug)).toEqual(
      Array(5).fill('sweep_free_entry_used'),
    );
    expect(await find(member.caller, sweepId)).toMatchObject({
      state: 'monthly_exclusive',
      member_entries: 1,
      free_entry_available: false,
      tabs: ['all', 'entered', 'active'],
    });

    const inactive = await signInNewMember(t, brand);
    const refused = await graphql<{ sweep: { enterFree: Payload } }>(t.app, inactive.caller, ENTER_FREE, {
      sweepId,
    });
    expect(refused.data?.sweep.enterFree.responseResult.slug).toBe('sweep_membership_inactive');

    // The cancellation option forfeits the free entries; nothing else.
    expect(await t.services.sweeps.forfeitMonthlyExclusive(brand.id, member.id)).toBe(1);
    expect((await find(member.caller, sweepId))?.member_entries).toBe(0);
  });

  it('grants bought entries only for a verified payment, once, and never from the browser', async () => {
    const sweepId = await makeSweep();
    const member = await signInNewMember(t, brand);
    const sweep = await find(member.caller, sweepId);
    const tenPack = sweep?.prices.find((price) => price.entries === 10);
    expect(tenPack).toBeDefined();

    // A forged confirmation before any payment grants nothing.
    const forged = await graphql<{ sweep: { addEntriesAfterPaypalSuccess: Payload } }>(
      t.app,
      member.caller,
      CONFIRM,
      {
        sweepId,
        entries: 20,
      },
    );
    expect(forged.data?.sweep.addEntriesAfterPaypalSuccess.responseResult.slug).toBe(
      'sweep_payment_not_verified',
    );
    const noAge = await graphql<{ sweep: { buyEntries: Payload } }>(t.app, member.caller, BUY, {
      sweepId,
      priceId: tenPack?.id,
      over18: false,
    });
    expect(noAge.data?.sweep.buyEntries.responseResult.slug).toBe('sweep_age_not_confirmed');

    const started = await graphql<{ sweep: { buyEntries: Payload & { url: string } } }>(
      t.app,
      member.caller,
      BUY,
      {
        sweepId,
        priceId: tenPack?.id,
        over18: true,
      },
    );
    const url = started.data?.sweep.buyEntries.url ?? '';
    expect(url).toMatch(/^\/paymentflow\//);
    expect((await find(member.caller, sweepId))?.member_entries).toBe(0);

    const declined = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4000 0000 0000 0002' },
      member.cookie,
    );
    expect(declined.state).not.toMatchObject({ is_success: true });
    expect((await find(member.caller, sweepId))?.member_entries).toBe(0);

    const paid = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4242 4242 4242 4242' },
      member.cookie,
    );
    expect(paid.state).toMatchObject({ is_success: true });
    // 10 entries at 5.00, doubled by the multiplier for purchases of 5.00 or more.
    expect(await find(member.caller, sweepId)).toMatchObject({
      member_entries: 20,
      state: 'entered',
      total_entries_sold: 20,
    });
    const confirmed = await graphql<{
      sweep: { addEntriesAfterPaypalSuccess: Payload & { transactionId: string; amount: number } };
    }>(t.app, member.caller, CONFIRM, { sweepId, entries: 20 });
    expect(confirmed.data?.sweep.addEntriesAfterPaypalSuccess).toMatchObject({
      responseResult: { succeeded: true },
      amount: 5,
      transactionId: expect.any(String) as string,
    });
    // Confirming again, or paying the same checkout again, grants nothing more.
    await graphql(t.app, member.caller, CONFIRM, { sweepId, entries: 20 });
    await payOnHostedPage(t.app, brand.hostname, url, { number: '4242 4242 4242 4242' }, member.cookie);
    expect((await find(member.caller, sweepId))?.member_entries).toBe(20);

    // The same verified payment event handled 50 times grants once.
    const transactionId = confirmed.data?.sweep.addEntriesAfterPaypalSuccess.transactionId ?? '';
    const replays = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.services.sweeps.grantPaidEntries({
          id: transactionId,
          brandId: brand.id,
          memberId: member.id,
          amountMinor: 500,
          currency: 'USD',
          metadata: { sweepId: String(sweepId), entries: '20' },
          createdAt: new Date().toISOString(),
        }),
      ),
    );
    expect(replays.filter(Boolean)).toEqual([]);
    expect((await find(member.caller, sweepId))?.member_entries).toBe(20);

    // A member never sees another member's entries.
    const other = await signInNewMember(t, brand);
    const mine = await graphql<{ member: { info: { sweeps: { sweepId: number }[] } } }>(
      t.app,
      other.caller,
      MY_SWEEPS,
    );
    expect(mine.data?.member.info.sweeps).toEqual([]);
    const theirs = await graphql<{ member: { info: { sweeps: { sweepId: number; entries: number }[] } } }>(
      t.app,
      member.caller,
      MY_SWEEPS,
    );
    expect(theirs.data?.member.info.sweeps).toEqual([{ sweepId, entries: 20 }]);
  });

  it('never sells past the cap, however many purchases start at once', { timeout: 120_000 }, async () => {
    const sweepId = await makeSweep({ cap: 10 });
    const member = await signInNewMember(t, brand);
    const priceId = (await find(member.caller, sweepId))?.prices.find((price) => price.entries === 1)?.id;
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        graphql<{ sweep: { buyEntries: Payload } }>(t.app, member.caller, BUY, {
          sweepId,
          priceId,
          over18: true,
        }),
      ),
    );
    const outcomes = results.map((r) => r.data?.sweep.buyEntries.responseResult.slug ?? 'ok');
    expect(outcomes.filter((slug) => slug === 'ok')).toHaveLength(10);
    expect(outcomes.filter((slug) => slug === 'sweep_sold_out')).toHaveLength(190);
  });

  it(
    'draws an auditable winner once, rolls small pools over, and lets the winner claim',
    { timeout: 120_000 },
    async () => {
      const repository = createSweepsRepository(t.db.kysely);
      const small = await makeSweep();
      const big = await makeSweep();
      const winner = await signInNewMember(t, brand);
      await find(winner.caller, big); // assigns the member's reference number
      const reference = (await t.services.members.findMember(brand.id, winner.id))?.reference_number ?? '';
      const past = new Date(Date.now() - 40 * DAY);
      const periodKey = `${past.getUTCFullYear()}-${String(past.getUTCMonth() + 1).padStart(2, '0')}`;
      for (const id of [small, big]) {
        await repository.setDates(id, { end_date: past.toISOString(), draw_period: periodKey });
      }
      const grant = (
        sweepId: number,
        entrant: string,
        entries: number,
        memberId: number | null,
        n: number,
      ) => ({
        brandId: brand.id,
        sweepId,
        memberId,
        entrant,
        entries,
        amountMinor: null,
        currency: null,
        source: 'postal' as const,
        referenceKind: 'envelope',
        referenceId: `e${n}`,
        idempotencyKey: `test:${sweepId}:${n}`,
        periodKey,
      });
      await repository.insertEntries([grant(small, 'P-1', 1, null, 1), grant(small, 'P-2', 1, null, 2)]);
      // 3,000 one-entry entrants and the member with almost every entry: the member wins (p > 0.999998).
      await repository.insertEntries([
        ...Array.from({ length: 3000 }, (_, n) => grant(big, `P-${String(n).padStart(5, '0')}`, 1, null, n)),
        grant(big, reference, 2_000_000_000, winner.id, 99_999),
      ]);
      // Entries rows are stamped now; the pool counts entries made before the period closed.
      await t.db.kysely
        .updateTable('sweep_entries')
        .set({ created_at: past.toISOString() })
        .where('sweep_id', 'in', [small, big])
        .execute();

      const runs = await Promise.all([
        t.services.sweeps.runDraws(),
        t.services.sweeps.runDraws(),
        t.services.sweeps.runDraws(),
      ]);
      expect(runs.reduce((sum, run) => sum + run.drawn, 0)).toBe(1);
      expect(runs.reduce((sum, run) => sum + run.rolledOver, 0)).toBe(1);
      expect((await repository.findSweep(brand.id, small))?.draw_period).not.toBe(periodKey);

      const bigRef = (await repository.findSweep(brand.id, big))?.ref_number ?? '';
      const verified = await t.services.sweeps.verifyDraw(brand.id, bigRef);
      expect(verified).toMatchObject({
        poolHashMatches: true,
        seedMatchesCommitment: true,
        roundsMatch: true,
      });
      expect(verified.rounds).toHaveLength(3);

      const listed = await find(winner.caller, big);
      expect(listed).toMatchObject({
        state: 'winner',
        audit: { winner: reference, poolHash: verified.poolHash },
      });
      const winnerId = listed?.winner_id ?? 0;
      const outbox = await t.services.mail.listOutbox(brand.id);
      expect(outbox.some((mail) => mail.kind === 'sweep_winner')).toBe(true);

      // The winner modal queue: the win once, then never again.
      const queue = await graphql<{ sweep: { winnerQueue: { winnerId: number }[] } }>(
        t.app,
        winner.caller,
        QUEUE,
      );
      expect(queue.data?.sweep.winnerQueue).toEqual([{ winnerId, sweepId: big }]);
      await graphql(t.app, winner.caller, DISPLAYED, { winnerId });
      const after = await graphql<{ sweep: { winnerQueue: unknown[] } }>(t.app, winner.caller, QUEUE);
      expect(after.data?.sweep.winnerQueue).toEqual([]);

      // Only the winner claims, once, with the age confirmed.
      const stranger = await signInNewMember(t, brand);
      const stolen = await graphql<{ sweep: { claimPrize: Payload } }>(t.app, stranger.caller, CLAIM, {
        winnerId,
        over18: true,
      });
      expect(stolen.data?.sweep.claimPrize.responseResult.slug).toBe('sweep_claim_refused');
      const minor = await graphql<{ sweep: { claimPrize: Payload } }>(t.app, winner.caller, CLAIM, {
        winnerId,
        over18: false,
      });
      expect(minor.data?.sweep.claimPrize.responseResult.slug).toBe('sweep_age_not_confirmed');
      const claimed = await graphql<{ sweep: { claimPrize: Payload } }>(t.app, winner.caller, CLAIM, {
        winnerId,
        over18: true,
      });
      expect(claimed.data?.sweep.claimPrize.responseResult.succeeded).toBe(true);
      expect((await find(winner.caller, big))?.state).toBe('winner_claimed');
      const twice = await graphql<{ sweep: { claimPrize: Payload } }>(t.app, winner.caller, CLAIM, {
        winnerId,
        over18: true,
      });
      expect(twice.data?.sweep.claimPrize.responseResult.slug).toBe('sweep_claim_refused');
    },
  );

  it('records postal envelopes once each and refuses PO boxes', async () => {
    const sweepId = await makeSweep();
    const ref = (await createSweepsRepository(t.db.kysely).findSweep(brand.id, sweepId))?.ref_number ?? '';
    const fields = {
      fullName: 'Jane Doe',
      address: '12 Main Street',
      city: 'Springfield',
      postcode: '12345',
      email: 'jane@example.com',
    };
    expect((await t.services.sweeps.recordPostalEntry(brand.id, ref, 'env-1', fields)).applied).toBe(true);
    expect((await t.services.sweeps.recordPostalEntry(brand.id, ref, 'env-1', fields)).applied).toBe(false);
    await expect(
      t.services.sweeps.recordPostalEntry(brand.id, ref, 'env-2', { ...fields, address: 'P.O. Box 12' }),
    ).rejects.toMatchObject({ slug: 'postal_po_box' });
  });
});
