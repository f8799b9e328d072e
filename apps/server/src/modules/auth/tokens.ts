import { type KeyObject, createSecretKey, randomUUID } from 'node:crypto';

import { LOCALES, type MemberClaims } from '@member/domain';
import { SignJWT, jwtVerify } from 'jose';
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

/** Verifies signature, issuer, algorithm and expiry; anything forged, expired or malformed is null. */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<VerifiedToken | null> {
  if (token.length > 8_192) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: ISSUER,
      algorithms: [ALGORITHM],
      currentDate: now,
    });
    const parsed = TokenSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
