/**
 * Card input rules of spec section 5 (number, MM/YY expiry, CVC), used by the sandbox provider and
 * its hosted payment page. The full number is only ever held in memory while a card is tokenised.
 */

export type CardIssue = 'invalid_number' | 'invalid_expiry' | 'expired' | 'invalid_cvc';

export interface ValidCard {
  number: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Luhn checksum over the digits (spaces and dashes already removed). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Digits of a card number as typed (spaces and dashes allowed), or null when it is not 12 to 19 digits. */
export function normalizeCardNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

/**
 * MM/YY (also MM/YYYY, and either without the slash: `1230`, as a number pad types it), month 01 to 12;
 * returns the month and the four-digit year.
 */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*(?:\/\s*)?(\d{2}|\d{4})\s*$/.exec(input);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export function validateCard(
  input: { number: string; expiry: string; cvc: string },
  now: Date,
): { ok: true; card: ValidCard } | { ok: false; issues: CardIssue[] } {
  const issues: CardIssue[] = [];
  const number = normalizeCardNumber(input.number);
  if (!number || !passesLuhn(number)) issues.push('invalid_number');
  const expiry = parseExpiry(input.expiry);
  if (!expiry) issues.push('invalid_expiry');
  else if (isExpired(expiry, now) || expiry.year > now.getUTCFullYear() + 20) {
    issues.push(isExpired(expiry, now) ? 'expired' : 'invalid_expiry');
  }
  const brand = number ? cardBrand(number) : 'unknown';
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) issues.push('invalid_cvc');
  if (issues.length > 0 || !number || !expiry) return { ok: false, issues };
  return {
    ok: true,
    card: { number, brand, last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year },
  };
}

/** The sandbox's test cards (Stripe's numbers); any other valid card succeeds too. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  expired: '4000000000000069',
  /** Stripe's "attaches, then every charge is declined": saved as a card, refused when charged. */
  declinesCharges: '4000000000000341',
  /**
   * Stripe's "refund fails": charges succeed and a refund is accepted (`succeeded`), then fails later
   * (`refund.failed`, the card closed meanwhile).
   */
  refundsFail: '4000000000005126',
} as const;

export type SandboxOutcome = 'succeeds' | 'card_declined' | 'expired_card';

export function sandboxOutcome(number: string): SandboxOutcome {
  if (number === TEST_CARDS.declined || number === TEST_CARDS.declinesCharges) return 'card_declined';
  if (number === TEST_CARDS.expired) return 'expired_card';
  return 'succeeds';
}
