import { createHmac, timingSafeEqual } from 'node:crypto';

import { type MediaRoot, isMediaRoot, parseSegments } from './media.paths';

/**
 * Signed media URLs, verifiable without this server (see the nginx/njs recipe in the module's notes):
 *
 *   /media/s/<expires>/<depth>/<signature>/<root>/<path…>
 *
 * `expires` is a Unix time in seconds; the grant covers the first `depth` segments of the path after
 * the signature, that is a folder (an HLS title, a game) and everything below it, or exactly one file
 * (depth = every segment). The signature is HMAC-SHA256 over `<expires>/<depth>/<those segments joined
 * by "/">` (segments percent-decoded), base64url without padding. Because the token sits in the path,
 * the relative URLs inside a playlist (`seg000.ts`) resolve to signed URLs of the same grant.
 */

export const SIGNED_PREFIX = '/media/s/';
/** 32 bytes of HMAC-SHA256 in base64url. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9]\d{0,11}$/;
const DEPTH = /^[1-9]\d?$/;

export interface MediaGrant {
  root: MediaRoot;
  /** Segments under the root that the grant covers: a folder, or a single file. */
  scope: string[];
  /** Unix seconds. */
  expires: number;
}

export function signingPayload(expires: number, prefix: readonly string[]): string {
  return `${String(expires)}/${String(prefix.length)}/${prefix.join('/')}`;
}

function sign(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');
}

/** The URL path of `file` (segments under the grant's root) under a grant; `file` must lie in it. */
export function signedMediaPath(secret: Uint8Array, grant: MediaGrant, file: readonly string[]): string {
  const prefix = [grant.root, ...grant.scope];
  const path = [grant.root, ...file];
  if (grant.scope.length === 0 || prefix.some((segment, i) => path[i] !== segment)) {
    throw new Error('the file lies outside the grant');
  }
  const signature = sign(secret, signingPayload(grant.expires, prefix));
  return `${SIGNED_PREFIX}${String(grant.expires)}/${String(prefix.length)}/${signature}/${path
    .map(encodeURIComponent)
    .join('/')}`;
}

export type VerifyResult =
  | { ok: true; root: MediaRoot; segments: string[]; expires: number }
  | { ok: false; reason: 'bad_path' | 'forged' | 'expired' };

/**
 * Checks the part of a URL path after `/media/s/` (no query string). The signature is compared in
 * constant time before the expiry is looked at, so a forged URL is never reported as merely expired.
 */
export function verifySignedPath(secret: Uint8Array, rest: string, nowSeconds: number): VerifyResult {
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
  const segments = parseSegments(pathParts.join('/'));
  const [root, ...under] = segments ?? [];
  if (!segments || root === undefined || !isMediaRoot(root) || under.length === 0) {
    return { ok: false, reason: 'bad_path' };
  }
  const expires = Number(expiresText);
  const depth = Number(depthText);
  if (depth < 2 || depth > segments.length) return { ok: false, reason: 'forged' };
  // Compared as text, so the one canonical spelling of the signature is accepted, in constant time.
  const expected = Buffer.from(sign(secret, signingPayload(expires, segments.slice(0, depth))));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  if (expires <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, root, segments: under, expires };
}
