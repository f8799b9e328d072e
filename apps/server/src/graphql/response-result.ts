import { AppError } from '../errors';

export interface ResponseResult {
  succeeded: boolean;
  errorCode: string | null;
  slug: string | null;
  message: string | null;
}

const SUCCEEDED: ResponseResult = { succeeded: true, errorCode: null, slug: null, message: null };

/**
 * Runs a mutation and reports expected failures (bad input, not allowed, not found, rate limited) in
 * `responseResult`; a missing sign-in and unexpected errors stay GraphQL errors.
 */
export async function withResponseResult<T extends object>(
  run: () => Promise<T>,
  onFailure: T,
): Promise<T & { responseResult: ResponseResult }> {
  try {
    return { ...(await run()), responseResult: SUCCEEDED };
  } catch (error) {
    if (
      error instanceof AppError &&
      error.code !== 'UNAUTHENTICATED' &&
      error.code !== 'INTERNAL' &&
      error.code !== 'UNAVAILABLE'
    ) {
      return {
        ...onFailure,
        responseResult: { succeeded: false, errorCode: error.code, slug: error.slug, message: error.message },
      };
    }
    throw error;
  }
}
