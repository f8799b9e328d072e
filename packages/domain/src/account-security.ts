import { z } from 'zod';

import { type MemberClaims, isTestAccount } from './member';
import { rawLengthLimit } from './text-bounds';

/*
 * Credentials the account area and the recovery screens change (spec section 5): a password change
 * needs the current password, the new one and its retyping; an email change needs the new email and
 * its confirmation (and, here, the current password). One schema each validates form and server.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** A password needs this many different characters, so `aaaaaaaaaa` or `1212121212` is refused. */
export const PASSWORD_MIN_DISTINCT = 5;

/** Stable reasons a field is refused; the web maps them to its own strings. */
export type CredentialIssue =
  | 'required'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_too_simple'
  | 'password_unchanged'
  | 'passwords_do_not_match'
  | 'invalid_email'
  | 'emails_do_not_match'
  | 'email_unchanged'
  | 'invalid_card_digits'
  | 'invalid_key';

const required = z.string({ message: 'required' satisfies CredentialIssue }).min(1, {
  message: 'required' satisfies CredentialIssue,
});

/** A new password's strength rules (length and variety); the server also checks it differs. */
export const newPasswordSchema = z
  .string({ message: 'required' satisfies CredentialIssue })
  .min(PASSWORD_MIN_LENGTH, { message: 'password_too_short' satisfies CredentialIssue })
  // `abort`: a too-long password is not read character by character after this check.
  .max(PASSWORD_MAX_LENGTH, { message: 'password_too_long' satisfies CredentialIssue, abort: true })
  .refine((value) => new Set(value).size >= PASSWORD_MIN_DISTINCT, {
    message: 'password_too_simple' satisfies CredentialIssue,
  });

/** The longest email address (RFC 5321 path limit). */
const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ message: 'required' satisfies CredentialIssue })
  // Bounded before trimming and lower-casing (text-bounds.ts); `abort` skips the checks after it.
  .max(rawLengthLimit(EMAIL_MAX_LENGTH), { message: 'invalid_email' satisfies CredentialIssue, abort: true })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { message: 'invalid_email' satisfies CredentialIssue })
  .pipe(z.email({ message: 'invalid_email' satisfies CredentialIssue }));

export const changePasswordSchema = z
  .object({
    currentPassword: required.max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: required.max(1024),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_do_not_match' });
    }
    if (value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'password_unchanged' });
    }
  });

export const changeEmailSchema = z
  .object({
    newEmail: emailSchema,
    confirmEmail: z
      .string({ message: 'required' satisfies CredentialIssue })
      .max(rawLengthLimit(EMAIL_MAX_LENGTH), {
        message: 'invalid_email' satisfies CredentialIssue,
        abort: true,
      })
      .trim()
      .toLowerCase(),
    currentPassword: required.max(1024),
  })
  .superRefine((value, ctx) => {
    if (value.newEmail !== value.confirmEmail) {
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: 'emails_do_not_match' });
    }
  });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    key: z
      .string({ message: 'invalid_key' satisfies CredentialIssue })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'invalid_key' satisfies CredentialIssue }),
    newPassword: newPasswordSchema,
    confirmPassword: required.max(1024),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_do_not_match' });
    }
  });

/** Recovery by card (spec section 5): the first 6 and last 4 digits, nothing more. */
export const forgotEmailSchema = z.object({
  first6: z
    .string({ message: 'invalid_card_digits' satisfies CredentialIssue })
    .max(rawLengthLimit(6), { message: 'invalid_card_digits' satisfies CredentialIssue, abort: true })
    .trim()
    .regex(/^\d{6}$/, { message: 'invalid_card_digits' satisfies CredentialIssue }),
  last4: z
    .string({ message: 'invalid_card_digits' satisfies CredentialIssue })
    .max(rawLengthLimit(4), { message: 'invalid_card_digits' satisfies CredentialIssue, abort: true })
    .trim()
    .regex(/^\d{4}$/, { message: 'invalid_card_digits' satisfies CredentialIssue }),
});

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ForgotEmailInput = z.input<typeof forgotEmailSchema>;

const ISSUES: readonly string[] = [
  'required',
  'password_too_short',
  'password_too_long',
  'password_too_simple',
  'password_unchanged',
  'passwords_do_not_match',
  'invalid_email',
  'emails_do_not_match',
  'email_unchanged',
  'invalid_card_digits',
  'invalid_key',
];

export interface CredentialFieldIssue<F extends string = string> {
  field: F;
  issue: CredentialIssue;
}

/** Parses with one of the schemas above; on failure, the first issue of each field. */
export function parseCredentials<S extends z.ZodType<object>>(
  schema: S,
  input: unknown,
):
  | { ok: true; value: z.output<S> }
  | { ok: false; issues: CredentialFieldIssue<Extract<keyof z.input<S>, string>>[] } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const issues: CredentialFieldIssue<Extract<keyof z.input<S>, string>>[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Extract<keyof z.input<S>, string>;
    if (issues.some((known) => known.field === field)) continue;
    issues.push({
      field,
      issue: ISSUES.includes(issue.message) ? (issue.message as CredentialIssue) : 'required',
    });
  }
  return { ok: false, issues };
}

/**
 * `jane.doe@example.com` -> `j***@e***.com`: the first character of the local part and of the domain,
 * and the top-level domain. Never reveals more, whatever the address's length.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  return `${local[0] ?? ''}***@${host[0] ?? ''}***${tld}`;
}

/**
 * Deactivation (spec sections 4 and 6): a free or demo account may delete itself. A test account
 * always may; any other account only while none of its subscriptions is active, so a paying member
 * (trial or canceled-but-running included) is never deleted by mistake.
 */
export function canDeactivateAccount(
  member: Pick<MemberClaims, 'provider' | 'email'>,
  subscriptions: readonly { isActive: boolean }[],
): boolean {
  return isTestAccount(member) || subscriptions.every((subscription) => !subscription.isActive);
}
