import { describe, expect, it } from 'vitest';

import {
  changeEmailSchema,
  changePasswordSchema,
  forgotEmailSchema,
  maskEmail,
  parseCredentials,
  resetPasswordSchema,
} from './account-security';

describe('changePasswordSchema', () => {
  const valid = {
    currentPassword: 'old-password-1',
    newPassword: 'new stronger pass',
    confirmPassword: 'new stronger pass',
  };

  it('accepts a strong, retyped, different password', () => {
    expect(parseCredentials(changePasswordSchema, valid).ok).toBe(true);
  });

  it.each([
    [{ newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'password_too_short'],
    [
      { newPassword: 'aaaaabbbbbaaaaa', confirmPassword: 'aaaaabbbbbaaaaa' },
      'newPassword',
      'password_too_simple',
    ],
    [{ newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'newPassword', 'password_too_long'],
    [{ confirmPassword: 'something else' }, 'confirmPassword', 'passwords_do_not_match'],
    [
      { newPassword: 'old-password-1', confirmPassword: 'old-password-1' },
      'newPassword',
      'password_unchanged',
    ],
    [{ currentPassword: '' }, 'currentPassword', 'required'],
  ])('refuses %o', (change, field, issue) => {
    const parsed = parseCredentials(changePasswordSchema, { ...valid, ...change });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues).toContainEqual({ field, issue });
  });
});

describe('changeEmailSchema', () => {
  it('normalises and compares the two emails case-insensitively', () => {
    const parsed = parseCredentials(changeEmailSchema, {
      newEmail: ' New@Example.com ',
      confirmEmail: 'new@example.COM',
      currentPassword: 'pw',
    });
    expect(parsed).toEqual({
      ok: true,
      value: { newEmail: 'new@example.com', confirmEmail: 'new@example.com', currentPassword: 'pw' },
    });
  });

  it('refuses a malformed or unconfirmed email', () => {
    const bad = parseCredentials(changeEmailSchema, {
      newEmail: 'not-an-email',
      confirmEmail: 'x',
      currentPassword: 'pw',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]).toEqual({ field: 'newEmail', issue: 'invalid_email' });
    const mismatch = parseCredentials(changeEmailSchema, {
      newEmail: 'a@b.co',
      confirmEmail: 'a@c.co',
      currentPassword: 'pw',
    });
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok)
      expect(mismatch.issues).toEqual([{ field: 'confirmEmail', issue: 'emails_do_not_match' }]);
  });
});

describe('resetPasswordSchema and forgotEmailSchema', () => {
  it('needs a well-formed key and exact card digits', () => {
    expect(
      parseCredentials(resetPasswordSchema, {
        key: 'k',
        newPassword: 'abcdefghij',
        confirmPassword: 'abcdefghij',
      }).ok,
    ).toBe(false);
    expect(
      parseCredentials(resetPasswordSchema, {
        key: 'a'.repeat(43),
        newPassword: 'abcdefghij',
        confirmPassword: 'abcdefghij',
      }).ok,
    ).toBe(true);
    expect(parseCredentials(forgotEmailSchema, { first6: '424242', last4: '4242' }).ok).toBe(true);
    expect(parseCredentials(forgotEmailSchema, { first6: '42424', last4: '4242' }).ok).toBe(false);
    expect(parseCredentials(forgotEmailSchema, { first6: '424242', last4: '42a2' }).ok).toBe(false);
  });
});

describe('maskEmail', () => {
  it.each([
    ['jane.doe@example.com', 'j***@e***.com'],
    ['j@e.co.uk', 'j***@e***.uk'],
    ['x@localhost', 'x***@l***'],
    ['broken', '***'],
  ])('%s -> %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
