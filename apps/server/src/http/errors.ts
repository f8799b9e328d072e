import type { FastifyError, FastifyInstance } from 'fastify';

import { AppError } from '../errors';

export interface ErrorBody {
  error: { code: string; message: string; transactionId?: string };
}

/** REST errors: `{ error: { code, message } }` with a stable code; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance, onUnexpected: (error: unknown) => void) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.slug }, error.message);
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
