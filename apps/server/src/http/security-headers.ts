import type { FastifyInstance } from 'fastify';

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

/** Permissions-Policy on every answer: any of them can be opened as a document. */
export function addPermissionsPolicy(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * `Cache-Control: no-store` on every answer of an API scope that did not choose its own caching (the
 * avatar's private, content-addressed URL does): the answers depend on the caller's cookie or token,
 * and no browser, proxy or CDN may keep one for someone else or after a sign-out.
 */
export function addNoStore(scope: FastifyInstance) {
  scope.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}
