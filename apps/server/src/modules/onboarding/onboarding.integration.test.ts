import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTransactionRunner } from '../../db/transaction';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { createWalletRepository } from '../wallet/wallet.repository';
import { createWalletService } from '../wallet/wallet.service';
import { createOnboardingRepository } from './onboarding.repository';
import { createOnboardingService } from './onboarding.service';

describe.each(ENGINES)('onboarding (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const wallet = () => createWalletService({ repository: createWalletRepository(t.db.kysely) });
  /** The service with the three steps' ports answering from `done` (fakes of the giveaways, gift and impact checks). */
  const onboarding = (done: { gift: boolean; entry: boolean; impact: boolean }) => {
    const repository = createOnboardingRepository(t.db.kysely);
    return createOnboardingService({
      repository,
      wallet: wallet(),
      transactions: createTransactionRunner(t.db.kysely),
      giveawayEntries: { hasEntered: () => Promise.resolve(done.entry) },
      welcomeGift: {
        hasClaimed: () => Promise.resolve(done.gift),
        offer: () => Promise.reject(new Error('not used here')),
        claim: () => Promise.reject(new Error('not used here')),
      },
      impacts: { hasContributed: () => Promise.resolve(done.impact) },
    });
  };
  const all = { gift: true, entry: true, impact: true };
  const onboardingLines = (memberId: number) =>
    t.db.kysely
      .selectFrom('coin_ledger')
      .select(['amount', 'source', 'reference_kind'])
      .where('member_id', '=', memberId)
      .where('source', '=', 'onboarding')
      .execute();
  const tagsOf = async (memberId: number) =>
    JSON.parse(
      (
        await t.db.kysely
          .selectFrom('members')
          .select('tags')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).tags,
    ) as string[];

  it('shows the steps while not started and the flag allows it, each from what happened', async () => {
    const member = await buildMember(t.db, brand.id, { tags: ['onboarding'] });
    const view = await onboarding({ gift: true, entry: false, impact: true }).view(brand.id, member.id);
    expect(view).toMatchObject({
      status: 'not_started',
      show: true,
      next: 'giveaway_entry',
      allDone: false,
      rewardCoins: 600,
      steps: [
        { step: 'welcome_gift', done: true },
        { step: 'giveaway_entry', done: false },
        { step: 'first_impact', done: true },
      ],
    });
    const unflagged = await buildMember(t.db, brand.id);
    expect((await onboarding(all).view(brand.id, unflagged.id)).show).toBe(false);
  });

  it('refuses the reward before all three steps really happened', async () => {
    const member = await buildMember(t.db, brand.id, { tags: ['onboarding'] });
    await expect(
      onboarding({ gift: true, entry: true, impact: false }).complete(brand.id, member.id),
    ).rejects.toMatchObject({ slug: 'onboarding_incomplete' });
    expect(await onboardingLines(member.id)).toEqual([]);
    expect(await tagsOf(member.id)).not.toContain('onboarding_status:completed');
  });

  it('grants the Explorer Badge, 600 coins and the completed tag exactly once, even at once', async () => {
    const member = await buildMember(t.db, brand.id, { tags: ['onboarding'] });
    const service = onboarding(all);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => service.complete(brand.id, member.id)),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const again = await service.complete(brand.id, member.id);
    expect(again.granted).toBe(false);
    expect(again.balance).toBe(600);
    expect(await onboardingLines(member.id)).toEqual([
      { amount: 600, source: 'onboarding', reference_kind: 'onboarding' },
    ]);
    expect(await wallet().balance(brand.id, member.id)).toBe(600);
    expect(again.onboarding).toMatchObject({ status: 'completed', show: false, badges: ['explorer'] });
    expect((await tagsOf(member.id)).filter((tag) => tag === 'onboarding_status:completed')).toHaveLength(1);
  });

  it('cannot be completed by setting the tag or replaying the call through the API', async () => {
    const member = await signInNewMember(t, brand, { tags: ['onboarding'] });
    const setTag = await graphql<{
      member: { setTags: { responseResult: { succeeded: boolean; slug: string } } };
    }>(
      t.app,
      member.caller,
      `
        mutation {
          member {
            setTags(tags: ["onboarding_status:completed"]) {
              responseResult {
                succeeded
                slug
              }
            }
          }
        }
      `,
    );
    expect(setTag.data?.member.setTags.responseResult.succeeded).toBe(false);
    const COMPLETE = `mutation { member { completeOnboarding { responseResult { succeeded slug } granted balance } } }`;
    for (let i = 0; i < 3; i += 1) {
      const answer = await graphql<{
        member: { completeOnboarding: { responseResult: { succeeded: boolean; slug: string } } };
      }>(t.app, member.caller, COMPLETE);
      // Nothing happened yet (no gift, no entry, no impact): refused every time, nothing granted.
      expect(answer.data?.member.completeOnboarding.responseResult).toEqual({
        succeeded: false,
        slug: 'onboarding_incomplete',
      });
    }
    const state = await graphql<{
      member: { onboarding: { status: string; show: boolean; allDone: boolean } };
    }>(
      t.app,
      member.caller,
      `
        {
          member {
            onboarding {
              status
              show
              allDone
            }
          }
        }
      `,
    );
    expect(state.data?.member.onboarding).toEqual({ status: 'not_started', show: true, allDone: false });
    expect(await onboardingLines(member.id)).toEqual([]);
  });
});
