/**
 * The codes a refusal can carry: the server's closed set of domain codes (`apps/server/src/errors.ts`),
 * the request-level codes of its GraphQL edge (`graphql/plugin.ts`, `graphql/limits.ts`), and NETWORK
 * when no answer arrived. Every one of them is kept as it came, so that `refusal-text.ts` can word it
 * (a limit's QUERY_TOO_COMPLEX used to read as INTERNAL); only a code outside this list reads as INTERNAL.
 */
export const REFUSAL_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
  'QUERY_TOO_COMPLEX',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_LARGE',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'BODY_TOO_LARGE',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'NETWORK',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export function isRefusalCode(value: unknown): value is RefusalCode {
  return typeof value === 'string' && (REFUSAL_CODES as readonly string[]).includes(value);
}

/**
 * Anything the member graph API refused or could not answer, in one shape whichever way the server said
 * it: a GraphQL error (`extensions.code` and `extensions.slug`), a mutation's `responseResult`
 * (`errorCode` and `slug`), or no answer at all (NETWORK). `slug` is the server's finer reason
 * (`wrong_password`, `insufficient_coins`, …) that screens word in their own namespace; `code` is the
 * coarse class that `refusal-text.ts` words when no slug is known. An unknown code reads as INTERNAL.
 */
export class RefusalError extends Error {
  override readonly name = 'RefusalError';
  readonly code: RefusalCode;
  readonly slug: string | null;

  constructor(code: string, message: string, slug: string | null = null, options?: ErrorOptions) {
    super(message, options);
    this.code = isRefusalCode(code) ? code : 'INTERNAL';
    this.slug = slug;
  }
}

/** Whether a failure is the server saying the caller must sign in (loaders then send them to sign-in). */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof RefusalError && error.code === 'UNAUTHENTICATED';
}

/** The server's reason for a refusal (`wrong_password`, `too_many_addresses`…), or null for any other failure. */
export function slugOf(error: unknown): string | null {
  return error instanceof RefusalError ? error.slug : null;
}

/** The spec's wording for a refusal that carries no message of its own (section 8). */
export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occured.';
