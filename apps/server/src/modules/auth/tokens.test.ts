import { createHmac, randomBytes } from 'node:crypto';

import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';

import { signGenericToken, signMemberToken, verifyToken } from './tokens';

const secret = new Uint8Array(randomBytes(48));
const other = new Uint8Array(randomBytes(48));
const now = new Date('2026-06-01T12:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);

const member = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  avatar: null,
  timezone: 'Europe/Paris',
  language: 'fr-ca' as const,
  provider: 'email',
  tags: ['vip'],
  recipe: null,
  brandId: 3,
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed by hand, for shapes jose's signer will not make. */
function handMade(header: unknown, claims: unknown, key: Uint8Array = secret): string {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  const signature = createHmac('sha256', key).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

const genericClaims = (extra: Record<string, unknown> = {}) => ({
  typ: 'generic',
  brandId: 3,
  jti: 'j',
  iss: 'membergraphapi',
  iat: seconds - 10,
  exp: seconds + 60,
  ...extra,
});

/** jose's own verdict with the options the server used before decision 039. */
async function joseAccepts(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, secret, { issuer: 'membergraphapi', algorithms: ['HS256'], currentDate: now });
    return true;
  } catch {
    return false;
  }
}

describe('verifyToken (synchronous HS256, decision 039)', () => {
  it('accepts the member and generic tokens the server signs, with their claims', async () => {
    const expiresAt = new Date(now.getTime() + 3_600_000);
    const { token } = await signMemberToken(secret, member, 'session-1', expiresAt);
    expect(verifyToken(secret, token, now)).toEqual({
      ...member,
      typ: 'member',
      sid: 'session-1',
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
    const generic = await signGenericToken(secret, 3, now);
    expect(verifyToken(secret, generic.token, now)).toMatchObject({ typ: 'generic', brandId: 3 });
  });

  it('refuses another secret, a changed claim, a changed header and a changed signature', async () => {
    const { token } = await signGenericToken(secret, 3, now);
    expect(verifyToken(other, token, now)).toBeNull();
    const [header = '', payload = '', signature = ''] = token.split('.');
    const richer = b64({ ...genericClaims(), brandId: 4 });
    expect(verifyToken(secret, `${header}.${richer}.${signature}`, now)).toBeNull();
    expect(
      verifyToken(secret, `${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.${signature}`, now),
    ).toBeNull();
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(verifyToken(secret, `${header}.${payload}.${flipped}`, now)).toBeNull();
  });

  it('refuses other algorithms, an unsigned token and unknown critical extensions', async () => {
    expect(verifyToken(secret, handMade({ alg: 'none' }, genericClaims()), now)).toBeNull();
    expect(verifyToken(secret, `${b64({ alg: 'none' })}.${b64(genericClaims())}.`, now)).toBeNull();
    const hs512 = await new SignJWT(genericClaims()).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    expect(verifyToken(secret, hs512, now)).toBeNull();
    expect(
      verifyToken(secret, handMade({ alg: 'HS256', crit: ['x'], x: 1 }, genericClaims()), now),
    ).toBeNull();
    expect(verifyToken(secret, handMade({ alg: 'HS256', b64: false }, genericClaims()), now)).toBeNull();
    // The same header the server writes, made by hand, passes: the shape is what is checked.
    expect(verifyToken(secret, handMade({ alg: 'HS256' }, genericClaims()), now)).not.toBeNull();
  });

  it('checks issuer, expiry and not-before to the second, and the date claims are numbers', () => {
    const check = (extra: Record<string, unknown>) =>
      verifyToken(secret, handMade({ alg: 'HS256' }, genericClaims(extra)), now) !== null;
    expect(check({})).toBe(true);
    expect(check({ iss: 'someone-else' })).toBe(false);
    expect(check({ iss: undefined })).toBe(false);
    expect(check({ exp: seconds })).toBe(false);
    expect(check({ exp: seconds + 1 })).toBe(true);
    expect(check({ nbf: seconds })).toBe(true);
    expect(check({ nbf: seconds + 1 })).toBe(false);
    expect(check({ iat: '2026' })).toBe(false);
    expect(check({ exp: String(seconds + 60) })).toBe(false);
    expect(check({ brandId: 0 })).toBe(false);
    expect(check({ typ: 'admin' })).toBe(false);
  });

  it('refuses malformed text without throwing', () => {
    const good = handMade({ alg: 'HS256' }, genericClaims());
    const [header = '', payload = '', signature = ''] = good.split('.');
    const bad = [
      '',
      'a.b',
      `${good}.x`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(1)}`,
      `${header}.${payload}.${signature.slice(0, -1)}*`,
      `${header}=.${payload}.${signature}`,
      `${Buffer.from('not json').toString('base64url')}.${payload}.${signature}`,
      handMade({ alg: 'HS256' }, [1, 2]),
      handMade({ alg: 'HS256' }, 'text'),
      handMade(['HS256'], genericClaims()),
      `${header}.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.${signature}`,
      'x'.repeat(9_000),
    ];
    for (const token of bad) expect(verifyToken(secret, token, now)).toBeNull();
  });

  it('agrees with jose on every token above that jose can judge', async () => {
    const tokens = [
      (await signGenericToken(secret, 3, now)).token,
      (await signMemberToken(secret, member, 's', new Date(now.getTime() + 1000))).token,
      handMade({ alg: 'HS256' }, genericClaims()),
      handMade({ alg: 'HS256' }, genericClaims({ exp: seconds })),
      handMade({ alg: 'HS256' }, genericClaims({ nbf: seconds + 1 })),
      handMade({ alg: 'HS256' }, genericClaims({ iss: 'x' })),
      handMade({ alg: 'HS256' }, genericClaims(), other),
      handMade({ alg: 'none' }, genericClaims()),
      handMade({ alg: 'HS256', crit: ['x'], x: 1 }, genericClaims()),
    ];
    for (const token of tokens) {
      expect(verifyToken(secret, token, now) !== null, token).toBe(await joseAccepts(token));
    }
  });
});
