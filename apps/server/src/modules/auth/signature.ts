import { createHmac } from 'node:crypto';

/** Signatures from GET /api/auth/sign live five minutes. */
const SIGNATURE_TTL_MS = 5 * 60 * 1000;

function digest(secret: Uint8Array, subject: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`sign.v1.${subject}.${expiresAt}`).digest('base64url');
}

/**
 * A short-lived signature that proves "this caller of this brand, until then" to the other hosts of
 * spec section 7 (payment and subscription flows) without handing them the session token.
 */
export function createSignature(secret: Uint8Array, subject: string, now: number) {
  const expiresAt = now + SIGNATURE_TTL_MS;
  return { signature: `${expiresAt}.${digest(secret, subject, expiresAt)}`, expiresAt: new Date(expiresAt) };
}
