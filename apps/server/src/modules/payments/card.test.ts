import { describe, expect, it } from 'vitest';

import {
  TEST_CARDS,
  cardBrand,
  isExpired,
  normalizeCardNumber,
  parseExpiry,
  passesLuhn,
  sandboxOutcome,
  validateCard,
} from './card';

const NOW = new Date('2026-11-22T00:00:00Z');

describe('card validation', () => {
  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });

  it('accepts spaces and dashes in the number, and only 12 to 19 digits', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242')).toBeNull();
    expect(normalizeCardNumber('4242x42424242424')).toBeNull();
    expect(normalizeCardNumber('1'.repeat(20))).toBeNull();
  });

  it('reads MM/YY and MM/YYYY expiries, months 01 to 12', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry(' 12 / 2030 ')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('4/29')).toBeNull();
    // A number pad has no slash (issue 14 item 5): 1230 is December 2030.
    expect(parseExpiry('1230')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('122030')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('123')).toBeNull();
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
  });

  it('keeps a card valid through its expiry month', () => {
    expect(isExpired({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, NOW)).toBe(true);
    expect(isExpired({ month: 1, year: 2025 }, NOW)).toBe(true);
  });

  it('names the brand and asks for a 4-digit CVC on Amex only', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(validateCard({ number: '378282246310005', expiry: '01/30', cvc: '123' }, NOW)).toEqual({
      ok: false,
      issues: ['invalid_cvc'],
    });
    expect(validateCard({ number: '378282246310005', expiry: '01/30', cvc: '1234' }, NOW).ok).toBe(true);
  });

  it('lists every issue of a bad card together', () => {
    expect(validateCard({ number: '4242424242424241', expiry: '01/20', cvc: '12' }, NOW)).toEqual({
      ok: false,
      issues: ['invalid_number', 'expired', 'invalid_cvc'],
    });
    expect(validateCard({ number: '', expiry: 'soon', cvc: 'abc' }, NOW)).toEqual({
      ok: false,
      issues: ['invalid_number', 'invalid_expiry', 'invalid_cvc'],
    });
  });

  it('returns the last four digits and the expiry of a valid card, never more', () => {
    const result = validateCard({ number: '4242 4242 4242 4242', expiry: '04/29', cvc: '123' }, NOW);
    expect(result).toEqual({
      ok: true,
      card: { number: '4242424242424242', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2029 },
    });
  });

  it('maps the test cards to their sandbox outcome', () => {
    expect(sandboxOutcome(TEST_CARDS.succeeds)).toBe('succeeds');
    expect(sandboxOutcome(TEST_CARDS.declined)).toBe('card_declined');
    expect(sandboxOutcome(TEST_CARDS.expired)).toBe('expired_card');
    for (const number of Object.values(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
  });
});
