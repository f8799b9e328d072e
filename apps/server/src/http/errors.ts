import type { FastifyError, FastifyInstance } from 'fastify';

import { isDatabaseUnavailable } from '../db/database';
import { AppError, RETRY_AFTER_SECONDS, databaseUnavailable } from '../errors';

export interface ErrorBody {
  error: { code: string; message: string; transactionId?: string };
}

/** REST errors: `{ error: { code, message } }` with a stable code; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance, onUnexpected: (error: unknown) => void) {
  app.setErrorHandler<FastifyError | AppError>((raw, request, reply) => {
    // The database being away is expected now and then, and clears by itself: a 503 the client may
    // retry, not an unexpected error (decision 020).
    const unavailable = !(raw instanceof AppError) && isDatabaseUnavailable(raw);
    if (unavailable) request.log.warn({ err: raw }, 'database unavailable');
    const error = unavailable ? databaseUnavailable() : raw;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.slug }, error.message);
      if (error.status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      const body: ErrorBody = { error: { code: error.slug, message: error.message } };
      return reply.code(error.status).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const body: ErrorBody = { error: { code: clientErrorCode(error, status), message: error.message } };
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    onUnexpected(error);
    const body: ErrorBody = {
      error: {
        code: 'internal',
        message: 'Something went wrong. Please try again later.',
        transactionId: request.id,
      },
    };
    return reply.code(500).send(body);
  });
}

function clientErrorCode(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'invalid_json';
    default:
      return status === 429 ? 'rate_limited' : 'bad_request';
  }
}
