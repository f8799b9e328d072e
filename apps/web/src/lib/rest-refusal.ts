import { isRecord } from './api-client';
import { FALLBACK_ERROR_MESSAGE, RefusalError, type RefusalCode } from './refusal';

// Apart from refusal.ts, which the first pages' GraphQL calls use: only a few screens call REST endpoints.
/** The code a REST answer's status stands for (the server maps its codes to these statuses, errors.ts). */
const CODE_BY_STATUS: Readonly<Record<number, RefusalCode>> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/**
 * A REST endpoint's refusal (`{ error: { code, message } }`, where `code` is the slug) as a RefusalError,
 * so that screens read REST and GraphQL refusals the same way.
 */
export function refusalOfRest(status: number, body: unknown, fallbackSlug: string): RefusalError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return new RefusalError(
    CODE_BY_STATUS[status] ?? 'INTERNAL',
    typeof error.message === 'string' ? error.message : FALLBACK_ERROR_MESSAGE,
    typeof error.code === 'string' ? error.code : fallbackSlug,
  );
}
