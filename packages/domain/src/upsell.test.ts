import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import {
  OFFER_SWEEP_TAGS,
  chooseUpsell,
  minorOfMajor,
  nextBestOffer,
  offerSweepId,
  priceUpsellOffers,
  upsellMayDisplay,
  upsellPriceFromFunnel,
} from './upsell';

describe('chooseUpsell', () => {
  it('offers the VPN to a movie-only member', () => {
    expect(chooseUpsell({ activeTypes: ['movie'], tags: [] })).toBe('vpn');
  });

  it('offers media to a member with VPN but not every media type', () => {
    expect(chooseUpsell({ activeTypes: ['movie', 'vpn'], tags: [] })).toBe('media');
    expect(chooseUpsell({ activeTypes: ['vpn'], tags: [] })).toBe('media');
  });

  it('offers the VPN to a member without it', () => {
    expect(chooseUpsell({ activeTypes: ['music', 'ebook'], tags: [] })).toBe('vpn');
    expect(chooseUpsell({ activeTypes: [...MEDIA_TYPES], tags: [] })).toBe('vpn');
    expect(chooseUpsell({ activeTypes: [], tags: [] })).toBe('vpn');
  });

  it('offers nothing with every type or with the visited or sweep-entry tags', () => {
    expect(chooseUpsell({ activeTypes: [...MEDIA_TYPES, 'vpn'], tags: [] })).toBeNull();
    expect(chooseUpsell({ activeTypes: ['movie'], tags: ['upsell_visited'] })).toBeNull();
    expect(chooseUpsell({ activeTypes: ['movie', 'vpn'], tags: ['sweep_entry:2026-05'] })).toBeNull();
  });
});

describe('upsellPriceFromFunnel', () => {
  it('reads the seventh entry', () => {
    const funnel = Array.from({ length: 8 }, (_, i) => ({ symbol: '$', ppp_recurring: String(i + 0.99) }));
    expect(upsellPriceFromFunnel(funnel)).toEqual({ symbol: '$', amount: 6.99 });
    expect(upsellPriceFromFunnel(funnel.slice(0, 6))).toBeNull();
    expect(upsellPriceFromFunnel({})).toBeNull();
  });
});

/** A funnel as `/subscriptionflow/v1/signup_plan/funnels/get` answers it: the seventh entry prices. */
const funnel = (recurring: string, symbol = '$') =>
  Array.from({ length: 7 }, (_, i) => ({ symbol, ppp_recurring: i === 6 ? recurring : '99.00' }));

describe('priceUpsellOffers', () => {
  it('prices access and triple entries from the seventh entry and the bonus at 5 units, 80% off', () => {
    const offers = priceUpsellOffers({
      funnel: funnel('9.99'),
      currency: 'usd',
      kind: 'vpn',
      lastPurchaseEntries: 10,
      bonusTaken: false,
    });
    expect(offers).toEqual([
      {
        offer: 'access',
        currency: 'USD',
        symbol: '$',
        amountMinor: 999,
        regularAmountMinor: null,
        entries: null,
        accessDays: 20,
      },
      {
        offer: 'triple',
        currency: 'USD',
        symbol: '$',
        amountMinor: 999,
        regularAmountMinor: null,
        entries: 20,
        accessDays: null,
      },
      {
        offer: 'bonus',
        currency: 'USD',
        symbol: '$',
        amountMinor: 500,
        regularAmountMinor: 2500,
        entries: 100,
        accessDays: null,
      },
    ]);
  });

  it('leaves out what the member cannot take and uses the currency’s minor unit', () => {
    const offers = priceUpsellOffers({
      funnel: funnel('1200', '¥'),
      currency: 'JPY',
      kind: null,
      lastPurchaseEntries: 0,
      bonusTaken: false,
    });
    expect(offers.map((offer) => [offer.offer, offer.amountMinor])).toEqual([['bonus', 5]]);
    expect(
      priceUpsellOffers({
        funnel: funnel('9.99'),
        currency: 'USD',
        kind: 'media',
        lastPurchaseEntries: 0,
        bonusTaken: true,
      }).map((offer) => offer.offer),
    ).toEqual(['access']);
  });

  it('offers nothing without a usable seventh funnel entry (no price is made up)', () => {
    const input = { currency: 'USD', kind: 'vpn' as const, lastPurchaseEntries: 5, bonusTaken: false };
    expect(priceUpsellOffers({ ...input, funnel: funnel('9.99').slice(0, 6) })).toEqual([]);
    expect(priceUpsellOffers({ ...input, funnel: funnel('free') })).toEqual([]);
    expect(priceUpsellOffers({ ...input, funnel: null })).toEqual([]);
  });

  it('converts major units to minor ones per currency', () => {
    expect(minorOfMajor(5, 'USD')).toBe(500);
    expect(minorOfMajor(5, 'JPY')).toBe(5);
    expect(minorOfMajor(5, 'KWD')).toBe(5000);
    expect(minorOfMajor(9.99, 'USD')).toBe(999);
  });
});

describe('upsellMayDisplay', () => {
  it('shows the upsell once: not after upsell_displayed, cm_upsell or a suppressing tag', () => {
    expect(upsellMayDisplay([])).toBe(true);
    expect(upsellMayDisplay(['sweeps', 'upsell_displayed:disabled'])).toBe(true);
    expect(upsellMayDisplay(['upsell_displayed'])).toBe(false);
    expect(upsellMayDisplay(['upsell_displayed:true'])).toBe(false);
    expect(upsellMayDisplay(['cm_upsell'])).toBe(false);
    expect(upsellMayDisplay(['upsell_visited'])).toBe(false);
    expect(upsellMayDisplay(['sweep_entry:2026-05'])).toBe(false);
  });
});

describe('nextBestOffer', () => {
  it('offers the next offer still available after the failed one', () => {
    expect(nextBestOffer('access', ['access', 'triple', 'bonus'])).toBe('triple');
    expect(nextBestOffer('access', ['access', 'bonus'])).toBe('bonus');
    expect(nextBestOffer('triple', ['access', 'triple', 'bonus'])).toBe('bonus');
    expect(nextBestOffer('bonus', ['access', 'triple', 'bonus'])).toBeNull();
    expect(nextBestOffer('access', [])).toBeNull();
  });
});

describe('offerSweepId', () => {
  const open = [
    { id: 1, tags: ['featured'] },
    { id: 2, tags: [OFFER_SWEEP_TAGS.bonus ?? ''] },
    { id: 3, tags: [`${OFFER_SWEEP_TAGS.funnel ?? ''}:yes`] },
  ];
  it('sends bonus and funnel entries to their default-tagged giveaway, else the current one', () => {
    expect(offerSweepId('upsell', 1, open)).toBe(1);
    expect(offerSweepId('bonus', 1, open)).toBe(2);
    expect(offerSweepId('funnel', 1, open)).toBe(3);
    expect(offerSweepId('bonus', 7, [{ id: 7, tags: [] }])).toBe(7);
  });
});
