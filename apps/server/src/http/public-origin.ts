import type { FastifyRequest } from 'fastify';

import type { AppConfig } from '../config';

/**
 * The public origin of the page a request came from, for links the server mails (a reset link, a live
 * reminder): the request's own hostname (the brand was resolved from it, so the link names a known
 * brand), over https outside LOCAL as the login cookie is Secure there: a proxy that ends TLS speaks
 * plain http to this server, but members never do (decision 020).
 */
export function publicOrigin(request: FastifyRequest, config: Pick<AppConfig, 'env'>): string {
  return `${config.env === 'LOCAL' ? request.protocol : 'https'}://${request.host}`;
}
