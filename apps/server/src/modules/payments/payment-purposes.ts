/** A payment the server verified with the provider itself (never from the browser's word). */
export interface VerifiedPayment {
  id: string;
  brandId: number;
  memberId: number | null;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
  /** One of the purposes of the table the server registered (apps/server/src/services.ts). */
  purpose: string;
  checkoutId: string | null;
  /** When the payment was recorded; handlers derive dates from it so a repeated run changes nothing. */
  createdAt: string;
}

/**
 * Runs once per verified payment of its purpose. A sign-up handler, which creates the member,
 * returns the member's id so the payment is recorded against them.
 */
export type PaymentHandler = (payment: VerifiedPayment) => Promise<unknown>;

/**
 * Every purpose the server takes payments for, each with the handler of the service that fulfils it.
 * Null: nothing runs after the payment is verified (a purpose whose feature is still to come, or a
 * charge whose caller applies the outcome itself, such as a renewal); a hosted checkout for such a
 * purpose is refused, so no member can pay for what nothing would deliver. The payments module knows
 * no purpose by name: the server registers the table (apps/server/src/services.ts).
 */
export type PaymentPurposes<Purpose extends string> = Readonly<Record<Purpose, PaymentHandler | null>>;

/** The handler of a purpose, or null for a purpose without one or a name not in the table. */
export function handlerOf<Purpose extends string>(
  purposes: PaymentPurposes<Purpose>,
  purpose: string,
): PaymentHandler | null {
  return Object.hasOwn(purposes, purpose) ? (purposes[purpose as Purpose] ?? null) : null;
}

/** The purposes that have a handler: those a hosted checkout may be opened for. */
export function fulfilledPurposes<Purpose extends string>(purposes: PaymentPurposes<Purpose>): Purpose[] {
  return (Object.keys(purposes) as Purpose[]).filter((purpose) => purposes[purpose] !== null);
}
