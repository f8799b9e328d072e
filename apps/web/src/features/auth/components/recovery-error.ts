import type { TranslationKey } from '../../../lib/i18n';

const KNOWN = [
  'invalid_email',
  'invalid_card_digits',
  'invalid_or_expired_key',
  'password_too_short',
  'password_too_long',
  'password_too_simple',
  'passwords_do_not_match',
  'required',
  'too_many_attempts',
  'card_recovery_unavailable',
] as const;

/** The translation key of a recovery error code; unknown codes read as the generic message. */
export function recoveryErrorKey(code: string): TranslationKey {
  return (KNOWN as readonly string[]).includes(code)
    ? (`recovery.errors.${code as (typeof KNOWN)[number]}` as const)
    : 'recovery.errors.generic';
}
