import { type KeyObject, createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';

import { LOCALES, type MemberClaims } from '@member/domain';
import { SignJWT } from 'jose';
import { z } from 'zod';

const ISSUER = 'membergraphapi';
const ALGORITHM = 'HS256';

/** Anonymous visitors' tokens live a day; the page asks for a new one on the next load. */
const GENERIC_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** Spec section 9: the login cookie is kept 365 days; the token and its session last as long. */
export const MEMBER_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

const MemberClaimsSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  timezone: z.string(),
  language: z.enum(LOCALES),
  provider: z.string(),
  tags: z.array(z.string()),
  recipe: z.string().nullable(),
  brandId: z.number().int().positive(),
  exp: z.number(),
});

const TokenSchema = z.discriminatedUnion('typ', [
  MemberClaimsSchema.extend({ typ: z.literal('member'), sid: z.string().min(1) }),
  z.object({
    typ: z.literal('generic'),
    brandId: z.number().int().positive(),
    exp: z.number(),
    jti: z.string(),
  }),
]);

export type VerifiedToken = z.infer<typeof TokenSchema>;

/**
 * jose imports raw secret bytes into a key on every call (about 30 µs); verification runs on every
 * request, so each secret is turned into a KeyObject once.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signMemberToken(
  secret: Uint8Array,
  claims: Omit<MemberClaims, 'exp'>,
  sessionId: string,
  expiresAt: Date,
): Promise<{ token: string; claims: MemberClaims }> {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const token = await new SignJWT({ ...claims, typ: 'member', sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setSubject(String(claims.id))
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(keyFor(secret));
  return { token, claims: { ...claims, exp } };
}

export async function signGenericToken(
  secret: Uint8Array,
  brandId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + GENERIC_TOKEN_TTL_SECONDS * 1000);
  const token = await new SignJWT({ typ: 'generic', brandId, jti: randomUUID() })
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyFor(secret));
  return { token, expiresAt };
}

/** A compact JWS segment: base64url without padding, nothing else. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA-256 signature is 32 bytes: 43 base64url characters. */
const SIGNATURE_LENGTH = 43;
/** Invalid UTF-8 in a header or claims set is refused, as jose refuses it. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A segment's JSON object, or null when it is not base64url of UTF-8 JSON holding an object. */
function decodeObject(segment: string): Record<string, unknown> | null {
  if (!SEGMENT.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Whether a registered date claim is absent or a number, as RFC 7519 and jose require. */
const numericDateOrAbsent = (value: unknown) => value === undefined || typeof value === 'number';

/**
 * Verifies signature, issuer, algorithm and expiry; anything forged, expired or malformed is null.
 *
 * Synchronous HMAC-SHA-256 with node:crypto rather than jose's `jwtVerify`: jose's Web Crypto path
 * imports the key and runs the HMAC as a Web Crypto job on every call, which was about 40 % of the CPU
 * time of an API request (decision 039). The checks are jose's, in its order: three base64url segments;
 * a protected header that is a JSON object whose `alg` is HS256 and that names no `crit` or `b64`
 * extension (which this issuer never sets and jose would refuse unless told of them); the signature
 * compared in constant time as its canonical base64url text (so no other spelling of the same bytes
 * passes); a claims set that is a JSON object of strict UTF-8; `iss` equal to the issuer; `iat`, `nbf`
 * and `exp` numbers when present; `nbf` not after now and `exp` after now (whole seconds, no leeway).
 * Tokens are still signed with jose, and the tests check this verifier against jose's on both sides.
 */
export function verifyToken(secret: Uint8Array, token: string, now: Date): VerifiedToken | null {
  if (token.length > 8_192) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerSegment = '', payloadSegment = '', signature = ''] = parts;
  const header = decodeObject(headerSegment);
  if (header?.alg !== ALGORITHM || 'crit' in header || 'b64' in header) return null;
  if (signature.length !== SIGNATURE_LENGTH || !SEGMENT.test(signature)) return null;
  const expected = createHmac('sha256', keyFor(secret))
    .update(`${headerSegment}.${payloadSegment}`)
    .digest('base64url');
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null;

  const claims = decodeObject(payloadSegment);
  if (claims?.iss !== ISSUER) return null;
  const { iat, nbf, exp } = claims;
  if (!numericDateOrAbsent(iat) || !numericDateOrAbsent(nbf) || !numericDateOrAbsent(exp)) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  if (typeof nbf === 'number' && nbf > seconds) return null;
  if (typeof exp === 'number' && exp <= seconds) return null;
  const parsed = TokenSchema.safeParse(claims);
  return parsed.success ? parsed.data : null;
}
