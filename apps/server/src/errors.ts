/**
 * The closed set of domain errors. Each has a stable code that the edge maps once: to GraphQL
 * `extensions.code` / `responseResult.errorCode`, or to an HTTP status with `{ error: { code } }`.
 */
export const ERROR_CODES = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** A finer machine-readable reason, e.g. `invalid_credentials`, `tag_not_allowed`. */
    readonly slug: string = code.toLowerCase(),
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export const notFound = (message = 'Not found', slug = 'not_found') =>
  new AppError('NOT_FOUND', message, slug);
export const unauthenticated = (message = 'Authentication required', slug = 'unauthenticated') =>
  new AppError('UNAUTHENTICATED', message, slug);
export const forbidden = (message = 'Not allowed', slug = 'forbidden') =>
  new AppError('FORBIDDEN', message, slug);
export const badInput = (message: string, slug = 'invalid_input') =>
  new AppError('BAD_USER_INPUT', message, slug);
