import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { majorAmount, minorUnitDigits, parsePaymentReceipt, parsePaymentReturnState } from './payment-return';

const ONE_OFF = { is_success: true, slug: 'movie-pass', subscription_provider: 'stripe' };
const SUBSCRIPTION = { ...ONE_OFF, price: 9.99, subscription_id: 'sub_123' };

function parse(value: unknown): ReturnType<typeof parsePaymentReturnState> {
  return parsePaymentReturnState(JSON.stringify(value));
}

describe('parsePaymentReturnState', () => {
  it('accepts a complete non-subscription state', () => {
    expect(parse(ONE_OFF)).toEqual({
      isSuccess: true,
      slug: 'movie-pass',
      subscriptionProvider: 'stripe',
      checkoutId: null,
      subscription: null,
    });
  });

  it('accepts a failed payment, which still carries every field', () => {
    expect(parse({ ...ONE_OFF, is_success: false })?.isSuccess).toBe(false);
  });

  it('accepts a complete subscription state', () => {
    expect(parse(SUBSCRIPTION)).toEqual({
      isSuccess: true,
      slug: 'movie-pass',
      subscriptionProvider: 'stripe',
      checkoutId: null,
      subscription: { price: 9.99, subscriptionId: 'sub_123' },
    });
  });

  it('accepts a numeric subscription_id as a string and a numeric string price', () => {
    expect(parse({ ...ONE_OFF, price: '12.50', subscription_id: 4711 })?.subscription).toEqual({
      price: 12.5,
      subscriptionId: '4711',
    });
    expect(parse({ ...ONE_OFF, price: 0, subscription_id: '1' })?.subscription).toEqual({
      price: 0,
      subscriptionId: '1',
    });
  });

  it('treats null price and subscription_id as absent', () => {
    expect(parse({ ...ONE_OFF, price: null, subscription_id: null })?.subscription).toBeNull();
  });

  it('ignores extra fields', () => {
    expect(parse({ ...ONE_OFF, extra: { nested: [1, 2] } })?.slug).toBe('movie-pass');
  });

  it.each([null, undefined, '', 'not json', '{', "{'is_success': true}", 'undefined'])(
    'rejects the non-JSON text %j',
    (raw) => {
      expect(parsePaymentReturnState(raw)).toBeNull();
    },
  );

  it.each(['null', 'true', '42', '"text"', '[]', JSON.stringify([ONE_OFF])])(
    'rejects the non-object JSON %s',
    (raw) => {
      expect(parsePaymentReturnState(raw)).toBeNull();
    },
  );

  it.each(['is_success', 'slug', 'subscription_provider'] as const)('rejects a state without %s', (field) => {
    const { [field]: _omitted, ...rest } = ONE_OFF;
    expect(parse(rest)).toBeNull();
    expect(parse({ ...ONE_OFF, [field]: null })).toBeNull();
  });

  it.each(['true', 'false', 1, 0, null, {}])('rejects the non-boolean is_success %j', (isSuccess) => {
    expect(parse({ ...ONE_OFF, is_success: isSuccess })).toBeNull();
  });

  it.each(['', '   ', 42, true, ['a']])('rejects the slug or provider %j', (value) => {
    expect(parse({ ...ONE_OFF, slug: value })).toBeNull();
    expect(parse({ ...ONE_OFF, subscription_provider: value })).toBeNull();
  });

  it('rejects a price without subscription_id and a subscription_id without price', () => {
    expect(parse({ ...ONE_OFF, price: 9.99 })).toBeNull();
    expect(parse({ ...ONE_OFF, subscription_id: 'sub_123' })).toBeNull();
    expect(parse({ ...ONE_OFF, price: 9.99, subscription_id: null })).toBeNull();
    expect(parse({ ...ONE_OFF, price: null, subscription_id: 'sub_123' })).toBeNull();
  });

  it.each([-1, -0.01, '-5', '', 'abc', '9,99', '1e3', '.5', true, {}, []])(
    'rejects the price %j',
    (price) => {
      expect(parse({ ...SUBSCRIPTION, price })).toBeNull();
    },
  );

  it.each(['', '  ', true, {}, ['sub_1']])('rejects the subscription_id %j', (subscriptionId) => {
    expect(parse({ ...SUBSCRIPTION, subscription_id: subscriptionId })).toBeNull();
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null), fc.constant(undefined)), (raw) => {
        expect(() => parsePaymentReturnState(raw)).not.toThrow();
      }),
    );
  });

  it('returns null or a well-typed state for arbitrary JSON objects (property)', () => {
    const field = fc.oneof(fc.string(), fc.boolean(), fc.double(), fc.integer(), fc.constant(null));
    const state = fc.record(
      {
        is_success: field,
        slug: field,
        subscription_provider: field,
        price: field,
        subscription_id: field,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(state, (value) => {
        const result = parse(value);
        if (result === null) return;
        expect(typeof result.isSuccess).toBe('boolean');
        expect(result.slug.trim()).not.toBe('');
        expect(result.subscriptionProvider.trim()).not.toBe('');
        if (result.subscription !== null) {
          expect(Number.isFinite(result.subscription.price)).toBe(true);
          expect(result.subscription.price).toBeGreaterThanOrEqual(0);
          expect(result.subscription.subscriptionId.trim()).not.toBe('');
        }
      }),
    );
  });

  it('accepts every complete subscription state (property)', () => {
    const nonBlank = fc.string({ minLength: 1 }).filter((text) => text.trim() !== '');
    fc.assert(
      fc.property(
        fc.boolean(),
        nonBlank,
        nonBlank,
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.oneof(nonBlank, fc.nat()),
        (isSuccess, slug, provider, price, subscriptionId) => {
          const result = parse({
            is_success: isSuccess,
            slug,
            subscription_provider: provider,
            price,
            subscription_id: subscriptionId,
          });
          expect(result).toEqual({
            isSuccess,
            slug,
            subscriptionProvider: provider,
            checkoutId: null,
            subscription: { price, subscriptionId: String(subscriptionId) },
          });
        },
      ),
    );
  });
});

describe('the checkout id of a return', () => {
  it('is read when present and null when absent or blank', () => {
    expect(parse({ ...ONE_OFF, checkout_id: 'cs_0123456789' })?.checkoutId).toBe('cs_0123456789');
    expect(parse({ ...ONE_OFF, checkout_id: ' ' })?.checkoutId).toBeNull();
    expect(parse({ ...ONE_OFF, checkout_id: 42 })?.checkoutId).toBeNull();
  });
});

describe('parsePaymentReceipt', () => {
  const RECEIPT = {
    checkoutId: 'cs_0123456789',
    purpose: 'coins',
    outcome: 'paid',
    amountMinor: 1200,
    currency: 'JPY',
    description: '1,200 coins',
  };

  it('accepts a complete receipt', () => {
    expect(parsePaymentReceipt(RECEIPT)).toEqual(RECEIPT);
    expect(parsePaymentReceipt({ ...RECEIPT, purpose: 'a-purpose-added-later' })?.purpose).toBe(
      'a-purpose-added-later',
    );
  });

  it.each([
    ['outcome', 'success'],
    ['amountMinor', 12.5],
    ['amountMinor', -1],
    ['currency', ''],
    ['checkoutId', null],
    ['description', 7],
  ])('rejects a receipt whose %s is %j', (field, value) => {
    expect(parsePaymentReceipt({ ...RECEIPT, [field]: value })).toBeNull();
  });

  it('rejects what is not an object', () => {
    expect(parsePaymentReceipt(null)).toBeNull();
    expect(parsePaymentReceipt('paid')).toBeNull();
  });
});

describe('minor units', () => {
  it('knows the decimals of currencies with and without cents', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(minorUnitDigits('not a code')).toBe(2);
  });

  it('writes an amount in major units with those decimals', () => {
    expect(majorAmount(1999, 'USD')).toBe('19.99');
    expect(majorAmount(1999, 'JPY')).toBe('1999');
    expect(majorAmount(1999, 'KWD')).toBe('1.999');
    expect(majorAmount(5, 'EUR')).toBe('0.05');
  });
});
