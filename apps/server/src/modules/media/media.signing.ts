import { signPath, verifySignedPath } from '../../shared/signed-urls';
import { type MediaRoot, isMediaRoot, parseSegments } from './media.paths';

/**
 * Signed media URLs (`/media/s/<expires>/<depth>/<signature>/<root>/<path…>`): the shared signed-URL
 * format (shared/signed-urls.ts) over the media roots, so nginx or a CDN can check them (nginx/).
 */

export const SIGNED_PREFIX = '/media/s/';

export interface MediaGrant {
  root: MediaRoot;
  /** Segments under the root that the grant covers: a folder, or a single file. */
  scope: string[];
  /** Unix seconds. */
  expires: number;
}

/** The URL path of `file` (segments under the grant's root) under a grant; `file` must lie in it. */
export function signedMediaPath(secret: Uint8Array, grant: MediaGrant, file: readonly string[]): string {
  return signPath(secret, SIGNED_PREFIX, { prefix: [grant.root, ...grant.scope], expires: grant.expires }, [
    grant.root,
    ...file,
  ]);
}

export type VerifyResult =
  | { ok: true; root: MediaRoot; segments: string[]; expires: number }
  | { ok: false; reason: 'bad_path' | 'forged' | 'expired' };

/** A media path: a media root and at least one segment under it. */
function parseMediaPath(path: string): string[] | null {
  const segments = parseSegments(path);
  const [root, ...under] = segments ?? [];
  return segments && root !== undefined && isMediaRoot(root) && under.length > 0 ? segments : null;
}

/** Checks the part of a URL path after `/media/s/` (no query string). */
export function verifySignedMediaPath(secret: Uint8Array, rest: string, nowSeconds: number): VerifyResult {
  const verified = verifySignedPath(secret, rest, nowSeconds, parseMediaPath);
  if (!verified.ok) return verified;
  const [root, ...segments] = verified.segments;
  // parseMediaPath let only a media root through.
  if (root === undefined || !isMediaRoot(root)) return { ok: false, reason: 'bad_path' };
  return { ok: true, root, segments, expires: verified.expires };
}
