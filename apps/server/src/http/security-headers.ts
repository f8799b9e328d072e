import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Browser features this origin may use (issue 12, item 19). The players need fullscreen (video, and the
 * game frame's `allow="fullscreen"`), autoplay (a play starts from the member's click, and the next
 * title after it) and picture-in-picture (the video element's own button); nothing asks for a camera,
 * a microphone, a location, payments (cards are typed into a form, or entered on Stripe's page) or
 * devices. Only features every current browser recognises are named, so none logs a warning.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The headers @fastify/helmet sets with these options, read once from a throwaway instance. The plugin
 * builds a new helmet middleware on every request and runs two hooks (one async) to write the same
 * constant headers each time (decision 039); with the Content-Security-Policy off (the HTML page sets its
 * own, per brand, in http/spa.ts) nothing in them depends on the request.
 */
export function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  // Once per set of options in a process (tests build many apps).
  const key = JSON.stringify(options);
  let headers = helmetHeaderCache.get(key);
  if (!headers) {
    headers = readHelmetHeaders(options);
    helmetHeaderCache.set(key, headers);
  }
  return headers;
}

const helmetHeaderCache = new Map<string, Promise<[string, string][]>>();

async function readHelmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(fastifyHelmet, options);
    probe.get('/', (_request, reply) => reply.send('probe'));
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const plain = await answer(false);
  const secured = await answer(true);
  return Object.entries(secured).flatMap(([name, value]): [string, string][] =>
    name in plain || value === undefined
      ? []
      : [[name, Array.isArray(value) ? value.join(', ') : String(value)]],
  );
}

/**
 * Helmet's headers and the Permissions-Policy on every answer of the server (any of them can be opened
 * as a document), and the transaction id (spec section 7): written once on the raw response when the
 * request arrives, as helmet itself does, so refusals, errors and 404s carry them too. One synchronous
 * hook with precomputed values instead of three hooks (two async) per request.
 */
export async function addSecurityHeaders(app: FastifyInstance, helmetOptions: FastifyHelmetOptions) {
  const headers: [string, string][] = [
    ...(await helmetHeaders(helmetOptions)),
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.setHeader('x-transaction-id', request.id);
    done();
  });
}

/**
 * `Cache-Control: no-store` on every answer of an API scope that did not choose its own caching (the
 * avatar's private, content-addressed URL does): the answers depend on the caller's cookie or token,
 * and no browser, proxy or CDN may keep one for someone else or after a sign-out.
 */
export function addNoStore(scope: FastifyInstance) {
  scope.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
