import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError } from '../errors';

/** Methods that change state; GET, HEAD and OPTIONS never do here. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that other servers call, never a browser: the payment provider's signed webhook posts from its
 * own servers to one URL for every brand, and its signature is its proof.
 */
const CROSS_SITE_EXEMPT_ROUTES = new Set(['/paymentflow/stripe/webhook']);

const crossSiteRefused = () =>
  new AppError(
    'FORBIDDEN',
    'This request came from another site and was refused. Use the form on this site.',
    'cross_site_request',
  );

const header = (request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A host name or IP literal with an optional port, as a Host header should be (no user info, no path). */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Whether the Origin names the request's own host. The scheme is not compared: where TLS ends at a
 * proxy that is not trusted, the server sees http while the page is https; the port is, with the
 * default port of the Origin's scheme filled in on both sides (`https://a` is `a:443`).
 */
function isSameOrigin(origin: string, requestHost: string): boolean {
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if ((page.protocol !== 'http:' && page.protocol !== 'https:') || !HOST.test(requestHost)) return false;
  let own: URL;
  try {
    own = new URL(`${page.protocol}//${requestHost}`);
  } catch {
    return false;
  }
  return own.host === page.host;
}

/**
 * Why a state-changing request is refused as cross-site, or null when it is allowed (decision 014).
 * Browsers say where a request comes from in Sec-Fetch-Site (every current browser, on https and
 * localhost) and Origin (every POST); a request without either comes from a program, which cannot
 * ride a member's cookie from another site. Another brand's host is another site too, even when the
 * browser calls it same-site. An opaque `Origin: null` is what a page with `Referrer-Policy:
 * no-referrer` sends even to itself: it passes only when Sec-Fetch-Site vouches for the request.
 */
function crossSiteReason(
  request: Pick<FastifyRequest, 'headers' | 'host'>,
): 'fetch_metadata' | 'origin' | null {
  const site = header(request, 'sec-fetch-site')?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'fetch_metadata';
  const origin = header(request, 'origin');
  if (origin === undefined) return null;
  if (origin === 'null') return site === undefined ? 'origin' : null;
  return isSameOrigin(origin, request.host) ? null : 'origin';
}

/**
 * Refuses cross-site state-changing requests before their body is read, on every route but the
 * exempt ones. `request.host` follows X-Forwarded-Host only when TRUST_PROXY says the proxy is trusted.
 */
export function addCrossSiteGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const reason =
      STATE_CHANGING.has(request.method) && !CROSS_SITE_EXEMPT_ROUTES.has(request.routeOptions.url ?? '')
        ? crossSiteReason(request)
        : null;
    if (!reason) {
      done();
      return;
    }
    request.log.info({ reason, origin: request.headers.origin }, 'cross-site request refused');
    done(crossSiteRefused());
  });
}
