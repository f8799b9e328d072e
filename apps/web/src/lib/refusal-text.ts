import { RefusalError, type RefusalCode } from './refusal';
import type { TranslationKey, Translator } from './i18n';

/**
 * How each refusal code reads to the member, in one place (`errors.refusal.*` in the shell's strings).
 * Screens word the slugs they know in their own namespace and fall back to this for the rest. The
 * request-level codes of the GraphQL edge mean the app sent something the server will not run: the
 * limits on a document's size and cost read as "too much at once" (before, they read as INTERNAL), the
 * malformed ones as unexpected, because the member can do nothing about them.
 */
const TEXT_BY_CODE: Record<RefusalCode, TranslationKey> = {
  UNAUTHENTICATED: 'errors.refusal.unauthenticated',
  FORBIDDEN: 'errors.refusal.forbidden',
  NOT_FOUND: 'errors.refusal.notFound',
  BAD_USER_INPUT: 'errors.refusal.badInput',
  RATE_LIMITED: 'errors.refusal.rateLimited',
  UNAVAILABLE: 'errors.refusal.unavailable',
  INTERNAL: 'errors.refusal.unexpected',
  QUERY_TOO_COMPLEX: 'errors.refusal.tooLarge',
  QUERY_TOO_DEEP: 'errors.refusal.tooLarge',
  QUERY_TOO_LARGE: 'errors.refusal.tooLarge',
  BODY_TOO_LARGE: 'errors.refusal.tooLarge',
  GRAPHQL_PARSE_FAILED: 'errors.refusal.unexpected',
  GRAPHQL_VALIDATION_FAILED: 'errors.refusal.unexpected',
  BAD_REQUEST: 'errors.refusal.unexpected',
  INVALID_JSON: 'errors.refusal.unexpected',
  UNSUPPORTED_MEDIA_TYPE: 'errors.refusal.unexpected',
  NETWORK: 'errors.refusal.network',
};

/** The translation key of a failure: its code's wording, or "unexpected" for anything not a refusal. */
export function refusalTextKey(error: unknown): TranslationKey {
  return error instanceof RefusalError ? TEXT_BY_CODE[error.code] : 'errors.refusal.unexpected';
}

/** A failure worded for the member (see `refusalTextKey`). */
export function refusalText(error: unknown, t: Translator['t']): string {
  return t(refusalTextKey(error));
}
