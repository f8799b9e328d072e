import type { ResponseResult } from '../../../lib/graphql';

/**
 * A mutation the server refused, with its stable slug (e.g. `wrong_password`, `insufficient_coins`),
 * which the screens map to their own translated messages.
 */
export class RefusedError extends Error {
  override readonly name = 'RefusedError';
  constructor(
    readonly slug: string,
    message: string,
  ) {
    super(message);
  }
}

export function assertAccepted(result: ResponseResult): void {
  if (!result.succeeded)
    throw new RefusedError(result.slug ?? 'unknown', result.message ?? result.slug ?? '');
}
