import { describe, expect, it } from 'vitest';

import { formatCardNumberInput, formatCvcInput, formatExpiryInput, isCompleteExpiry } from './card-input';

describe('card entry as typed', () => {
  it('groups a card number in fours, American Express 4-6-5, at most 19 digits', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4242 42')).toBe('4242 42');
    expect(formatCardNumberInput('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
    expect(formatCardNumberInput('')).toBe('');
    expect(formatCardNumberInput('abc')).toBe('');
  });

  it('puts the expiry slash in: 1230 is 12/30', () => {
    expect(formatExpiryInput('1230')).toBe('12/30');
    expect(formatExpiryInput('12/30')).toBe('12/30');
    expect(formatExpiryInput('12 / 30')).toBe('12/30');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('12/')).toBe('12');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('4')).toBe('04');
    expect(formatExpiryInput('430')).toBe('04/30');
    expect(formatExpiryInput('12/2030')).toBe('12/30');
    expect(formatExpiryInput('123045')).toBe('12/45');
    expect(formatExpiryInput('')).toBe('');
  });

  it('keeps only the digits of a security code', () => {
    expect(formatCvcInput('12a3')).toBe('123');
    expect(formatCvcInput('123456')).toBe('1234');
  });

  it('knows a complete expiry with or without its slash', () => {
    expect(isCompleteExpiry('12/30')).toBe(true);
    expect(isCompleteExpiry('1230')).toBe(true);
    expect(isCompleteExpiry('13/30')).toBe(false);
    expect(isCompleteExpiry('1/30')).toBe(false);
  });
});
