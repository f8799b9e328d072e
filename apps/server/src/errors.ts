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
  /** The database is away or too busy (a restart, a failover); clears when it is back (decision 020). */
  DATABASE_UNAVAILABLE: 503,
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

/** What the edge answers for a database error that `isDatabaseUnavailable` (db/database.ts) recognises. */
export const databaseUnavailable = () =>
  new AppError(
    'DATABASE_UNAVAILABLE',
    'The service is briefly unavailable. Please try again in a moment.',
    'database_unavailable',
  );

/** Seconds a client is asked to wait (`Retry-After`) before it tries again after a 503. */
export const RETRY_AFTER_SECONDS = 5;
