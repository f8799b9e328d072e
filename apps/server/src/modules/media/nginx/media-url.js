// Verifies the member area's signed media URLs inside nginx (njs), so nginx or a CDN with njs serves the
// bytes without Node. Same rule as apps/server/src/shared/signed-urls.ts (a test runs both against each other):
//   /media/s/<expires>/<depth>/<signature>/<root>/<path…>
//   signature = base64url(HMAC-SHA256(MEDIA_URL_SECRET, "<expires>/<depth>/<first depth segments>"))
// See nginx.conf.example. nginx hands over $uri percent-decoded, as the signature expects.
import crypto from 'crypto';

const SIGNED =
  /^\/media\/s\/([1-9][0-9]{0,11})\/([1-9][0-9]?)\/([A-Za-z0-9_-]{43})\/((?:demo|imported)\/.+)$/;

/** String comparison that takes the same time wherever the first difference is. */
function sameText(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** 'ok', 'expired' or 'invalid' for the request (js_set $media_check media_url.verify). */
function verify(r) {
  const match = SIGNED.exec(r.uri);
  if (!match) return 'invalid';
  const segments = match[4].split('/');
  const depth = Number(match[2]);
  if (depth < 2 || depth > segments.length) return 'invalid';
  // No for…of: njs 0.7 (Debian 12) does not have it.
  const unsafe = (segment) => segment === '' || segment[0] === '.' || segment.indexOf('\\') !== -1;
  if (segments.some(unsafe)) return 'invalid';
  const payload = `${match[1]}/${match[2]}/${segments.slice(0, depth).join('/')}`;
  const expected = crypto
    .createHmac('sha256', process.env.MEDIA_URL_SECRET)
    .update(payload)
    .digest('base64url');
  if (!sameText(expected, match[3])) return 'invalid';
  return Number(match[1]) > Math.floor(Date.now() / 1000) ? 'ok' : 'expired';
}

export default { verify };
