import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config';
import type { RequestAuth, RequestContext } from '../context';
import { AppError } from '../errors';
import { readMemberCookie } from '../modules/auth/auth.cookies';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the request-context hook on every API route (not on static files or health). */
    ctx: RequestContext;
  }
}

const ANONYMOUS: RequestAuth = { kind: 'anonymous' };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function requestCountry(
  request: FastifyRequest,
  config: Pick<AppConfig, 'geoCountryHeader' | 'defaultCountry'>,
) {
  const value = request.headers[config.geoCountryHeader];
  const country = Array.isArray(value) ? value[0] : value;
  return country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : config.defaultCountry;
}

/** The context a request's handlers and resolvers get: its brand, its caller and where it comes from. */
export function requestContext(
  request: FastifyRequest,
  brand: RequestContext['brand'],
  auth: RequestAuth,
  config: Pick<AppConfig, 'geoCountryHeader' | 'defaultCountry'>,
): RequestContext {
  return {
    brand,
    auth,
    ip: request.ip,
    country: requestCountry(request, config),
    userAgent: request.headers['user-agent'] ?? '',
    transactionId: request.id,
  };
}

/**
 * Resolves the brand from the hostname and the caller from the login cookie or a bearer token, for
 * every route of the scope it is added to. Unknown brands are refused before any handler runs.
 */
export function addRequestContextHook(app: FastifyInstance, services: Services, config: AppConfig) {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    const resolution = await services.brands.resolveHostname(request.host);
    if (resolution.kind === 'not_found')
      throw new AppError('NOT_FOUND', 'This brand does not exist.', 'brand_not_found');
    const { brand } = resolution;
    if (brand.status === 'unavailable') {
      throw new AppError(
        'UNAVAILABLE',
        'We are working to fix this brand. Please try again later.',
        'brand_unavailable',
      );
    }
    const brandId = brand.config.id;
    const cookie = readMemberCookie(request, config);
    // A token that is not there is anonymous without a call (and its promise) per request.
    let auth: RequestAuth = cookie.token
      ? await services.auth.authenticate(cookie.token, brandId, cookie)
      : ANONYMOUS;
    if (auth.kind !== 'member') {
      const bearer = bearerToken(request);
      const fromBearer = bearer ? await services.auth.authenticate(bearer, brandId) : ANONYMOUS;
      if (fromBearer.kind !== 'anonymous') auth = fromBearer;
    }
    request.ctx = requestContext(request, brand, auth, config);
  });
}
