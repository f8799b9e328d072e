import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import {
  BUY_COINS as BUY,
  type BillingTestApp,
  createBillingTestApp,
  payOnHostedPage,
} from '../payments/billing.test-helpers';

describe.each(ENGINES)('buying coins (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 10_000 });
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = () => signInNewMember(t, brand);

  it('credits the pack once the hosted payment succeeds, and only once', async () => {
    const member = await signIn();
    const started = await graphql<{
      member: { buyCoins: { responseResult: { succeeded: boolean }; url: string } };
    }>(t.app, member.caller, BUY, { packId: 'coins-550' });
    const url = started.data?.member.buyCoins.url ?? '';
    expect(url).toMatch(/^\/paymentflow\//);
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(0);

    const paid = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4242 4242 4242 4242' },
      member.caller.cookie,
    );
    expect(paid.state).toMatchObject({ is_success: true });
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(550);
    const page = await t.services.wallet.transactions(brand.id, member.id);
    expect(page.items).toEqual([expect.objectContaining({ amount: 550, source: 'payment' })]);

    // Paying the same checkout again grants nothing more.
    await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4242 4242 4242 4242' },
      member.caller.cookie,
    );
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(550);
  });

  it('credits nothing for a declined card or an unknown pack', async () => {
    const member = await signIn();
    const unknown = await graphql<{ member: { buyCoins: { responseResult: { slug: string } } } }>(
      t.app,
      member.caller,
      BUY,
      { packId: 'coins-999999' },
    );
    expect(unknown.data?.member.buyCoins.responseResult.slug).toBe('unknown_coin_pack');
    const started = await graphql<{ member: { buyCoins: { url: string } } }>(t.app, member.caller, BUY, {
      packId: 'coins-100',
    });
    await payOnHostedPage(
      t.app,
      brand.hostname,
      started.data?.member.buyCoins.url ?? '',
      { number: '4000 0000 0000 0002' },
      member.caller.cookie,
    );
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(0);
  });
});
