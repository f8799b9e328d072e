import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { TEST_SUBSCRIPTION_PROVIDER, isTestAccount, isTokenValid, memberDisplayName } from './member';

describe('memberDisplayName', () => {
  it('shows a real name, trimmed', () => {
    expect(memberDisplayName({ name: 'Jane Doe', email: 'jane@example.com' })).toBe('Jane Doe');
    expect(memberDisplayName({ name: '  Jane  ', email: 'jane@example.com' })).toBe('Jane');
  });

  it.each(['', '   ', '\t\n', 'unknown', 'Unknown', ' UNKNOWN ', 'undefined', 'null', 'N/A'])(
    'falls back to the email local part for the name %j',
    (name) => {
      expect(memberDisplayName({ name, email: 'jane.doe+news@example.com' })).toBe('jane.doe+news');
    },
  );

  it('keeps names that merely contain an unknown word', () => {
    expect(memberDisplayName({ name: 'Unknown Pleasures', email: 'a@b.c' })).toBe('Unknown Pleasures');
  });

  it('uses the whole email when it has no usable local part', () => {
    expect(memberDisplayName({ name: '', email: 'no-at-sign' })).toBe('no-at-sign');
    expect(memberDisplayName({ name: '', email: '@example.com' })).toBe('@example.com');
  });

  it('takes the part before the first @', () => {
    expect(memberDisplayName({ name: '', email: 'a@b@c' })).toBe('a');
  });

  it('never returns an empty string for a non-empty email (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (name, email) => {
        expect(memberDisplayName({ name, email }).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('isTokenValid', () => {
  const nowMs = Date.UTC(2025, 0, 1, 12, 0, 0);
  const nowSeconds = nowMs / 1000;

  it('accepts an expiry in the future', () => {
    expect(isTokenValid(nowSeconds + 1, nowMs)).toBe(true);
    expect(isTokenValid(nowSeconds + 3600, nowMs)).toBe(true);
  });

  it('rejects an expiry in the past', () => {
    expect(isTokenValid(nowSeconds - 1, nowMs)).toBe(false);
    expect(isTokenValid(0, nowMs)).toBe(false);
  });

  it('rejects an expiry exactly now', () => {
    expect(isTokenValid(nowSeconds, nowMs)).toBe(false);
  });

  it('compares in seconds against milliseconds', () => {
    // An exp mistakenly given in milliseconds would look valid for millennia; seconds are the contract.
    expect(isTokenValid(nowSeconds + 0.5, nowMs)).toBe(true);
    expect(isTokenValid(nowSeconds - 0.5, nowMs)).toBe(false);
  });

  it.each([NaN, Infinity, -Infinity, null, undefined])('rejects %s', (exp) => {
    expect(isTokenValid(exp, nowMs)).toBe(false);
  });
});

describe('isTestAccount', () => {
  it('recognises the test subscription provider', () => {
    expect(TEST_SUBSCRIPTION_PROVIDER).toBe('test');
    expect(isTestAccount({ provider: 'test', email: 'jane@example.com' })).toBe(true);
  });

  it.each([
    'test@example.com',
    'TEST@example.com',
    'test.qa@example.com',
    'test-7@example.com',
    'test+signup@example.com',
    'jane+test@example.com',
    'jane+test.qa@example.com',
  ])('recognises the test e-mail %s', (email) => {
    expect(isTestAccount({ provider: 'stripe', email })).toBe(true);
  });

  it.each([
    'jane@example.com',
    'contest@example.com',
    'jane.test@example.com',
    'jane@test.com',
    'jane+news@example.com',
    'tester@example.com',
    'testimony@example.com',
    'jane+tester@example.com',
  ])('does not flag the ordinary e-mail %s', (email) => {
    expect(isTestAccount({ provider: 'stripe', email })).toBe(false);
  });

  it('recognises the test provider in any case', () => {
    expect(isTestAccount({ provider: 'TEST', email: 'jane@example.com' })).toBe(true);
  });

  it('does not flag a real provider that merely contains "test"', () => {
    expect(isTestAccount({ provider: 'attest', email: 'jane@example.com' })).toBe(false);
  });
});
