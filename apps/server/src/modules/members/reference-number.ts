import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new member reference number, `M-XXXXX-XXXXX` (50 random bits). It is random rather than derived
 * from ids so that knowing one member's reference tells nothing about another's.
 */
export function newReferenceNumber(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % 32] ?? '0').join('');
  return `M-${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export const REFERENCE_NUMBER_PATTERN = /^M-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
