import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed URL paths, verifiable without this server (media's nginx/njs recipe checks the same format):
 *
 *   <prefix><expires>/<depth>/<signature>/<path…>
 *
 * `expires` is a Unix time in seconds; the grant covers the first `depth` segments of the path after
 * the signature, that is a folder (an HLS title, a game) and everything below it, or exactly one file
 * (depth = every segment). The signature is HMAC-SHA256 over `<expires>/<depth>/<those segments joined
 * by "/">` (segments percent-decoded), base64url without padding. Because the token sits in the path,
 * the relative URLs inside a file (a playlist's `seg000.ts`) resolve to signed URLs of the same grant.
 */

/** 32 bytes of HMAC-SHA256 in base64url. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9]\d{0,11}$/;
const DEPTH = /^[1-9]\d?$/;

export interface PathGrant {
  /** The segments the grant covers: its root (what kind of file), then a folder or a single file. */
  prefix: readonly string[];
  /** Unix seconds. */
  expires: number;
}

export function signingPayload(expires: number, prefix: readonly string[]): string {
  return `${String(expires)}/${String(prefix.length)}/${prefix.join('/')}`;
}

function sign(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');
}

/** The signed URL path of `path` (its segments, root first) under a grant; `path` must lie in it. */
export function signPath(
  secret: Uint8Array,
  urlPrefix: string,
  grant: PathGrant,
  path: readonly string[],
): string {
  const { prefix, expires } = grant;
  if (prefix.length < 2 || prefix.some((segment, i) => path[i] !== segment)) {
    throw new Error('the file lies outside the grant');
  }
  const signature = sign(secret, signingPayload(expires, prefix));
  return `${urlPrefix}${String(expires)}/${String(prefix.length)}/${signature}/${path
    .map(encodeURIComponent)
    .join('/')}`;
}

export type SignedPathResult =
  | { ok: true; segments: string[]; expires: number }
  | { ok: false; reason: 'bad_path' | 'forged' | 'expired' };

/**
 * Checks the part of a URL path after its prefix (no query string). `parsePath` decodes the path into
 * segments, root first, or answers null for a path its owner does not serve. The signature is
 * compared in constant time before the expiry is looked at, so a forged URL is never reported as
 * merely expired.
 */
export function verifySignedPath(
  secret: Uint8Array,
  rest: string,
  nowSeconds: number,
  parsePath: (path: string) => string[] | null,
): SignedPathResult {
  const [expiresText, depthText, signature, ...pathParts] = rest.split('/');
  if (
    expiresText === undefined ||
    depthText === undefined ||
    signature === undefined ||
    !EXPIRES.test(expiresText) ||
    !DEPTH.test(depthText) ||
    !SIGNATURE.test(signature)
  ) {
    return { ok: false, reason: 'forged' };
  }
  const segments = parsePath(pathParts.join('/'));
  if (!segments) return { ok: false, reason: 'bad_path' };
  const expires = Number(expiresText);
  const depth = Number(depthText);
  // A grant covers a root and at least one segment under it.
  if (depth < 2 || depth > segments.length) return { ok: false, reason: 'forged' };
  // Compared as text, so the one canonical spelling of the signature is accepted, in constant time.
  const expected = Buffer.from(sign(secret, signingPayload(expires, segments.slice(0, depth))));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  if (expires <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, segments, expires };
}
