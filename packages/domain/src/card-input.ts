/*
 * Card entry as the member types it (issue 14 item 5): the number in groups, the expiry as MM/YY with
 * the slash put in for them, the security code as digits. These only shape what is shown; the server
 * validates the card itself (modules/payments/card.ts) and reads `1230` and `12/30` alike.
 */

/** Card numbers are at most 19 digits; the security code at most 4. */
export const MAX_CARD_DIGITS = 19;
export const MAX_CVC_DIGITS = 4;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** American Express numbers (34, 37) are grouped 4-6-5; every other card in fours. */
function groupsOf(digits: string): number[] {
  return /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
}

/** The digits typed so far, grouped as printed on the card: `4242424242424242` → `4242 4242 4242 4242`. */
export function formatCardNumberInput(text: string): string {
  const digits = digitsOf(text).slice(0, MAX_CARD_DIGITS);
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(digits)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/**
 * The expiry typed so far as MM/YY: `1230` → `12/30`, `4` → `04`, `123` → `12/3`. A first digit that
 * cannot start a two-digit month (2 to 9) is read as that month. The slash comes with the year's first
 * digit, so backspace never sticks on `12/`.
 */
export function formatExpiryInput(text: string): string {
  let digits = digitsOf(text);
  // A four-digit year (MM/YYYY pasted) keeps its last two digits.
  if (digits.length === 6) digits = digits.slice(0, 2) + digits.slice(4);
  digits = digits.slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The security code's digits, at most four. */
export function formatCvcInput(text: string): string {
  return digitsOf(text).slice(0, MAX_CVC_DIGITS);
}

/** True when the typed expiry is a month 01–12 and a two-digit year, with or without its slash. */
export function isCompleteExpiry(text: string): boolean {
  return /^(0[1-9]|1[0-2])\s*\/?\s*\d{2}$/.test(text.trim());
}
