/*
 * Giveaway cap holds (docs/decisions/023). Opening a checkout for entries holds them of the cap; the
 * hold ends exactly once, in one of three ways: the checkout's payment takes it (the entries are sold),
 * the billing job gives it back once the checkout can no longer be paid (released), or a payment that
 * arrives after that release finds no room left and is refunded.
 */

/** Where one checkout's hold stands (the `sweep_entry_holds` row's marks). */
export interface EntryHoldMarks {
  /** The billing job gave the hold back to the cap (the checkout expired unpaid). */
  releasedAt: string | null;
  /** A verified payment owns the entries: from the hold, or from the cap again after a release. */
  takenAt: string | null;
  /** A payment after the release found the cap full: it is owed back, nothing granted. */
  refundedAt: string | null;
}

/**
 * What a verified payment of an entry checkout does with its hold, in the granting transaction:
 * - `take`: still held, so the held entries become the sold ones (the cap does not move);
 * - `reserve_again`: released after the checkout expired unpaid, so the entries are granted only if
 *   the cap still has room for them (one conditional reservation), else the payment is refunded;
 * - `taken`: an earlier run of this payment owns the entries (the grant's key makes a repeat a no-op);
 * - `refunded`: an earlier run found no room: the refund is owed (once, by its key), nothing granted;
 * - `untracked`: no hold is recorded (a grant without a checkout): granted as before holds were tracked.
 */
export type PaidHoldAction = 'take' | 'reserve_again' | 'taken' | 'refunded' | 'untracked';

export function paidHoldAction(hold: EntryHoldMarks | null): PaidHoldAction {
  if (!hold) return 'untracked';
  if (hold.refundedAt !== null) return 'refunded';
  if (hold.takenAt !== null) return 'taken';
  return hold.releasedAt === null ? 'take' : 'reserve_again';
}

/** Checkout states in which nothing has been (or is being) charged. */
const UNPAID_STATUSES: readonly string[] = ['open', 'expired'];

/**
 * Whether the billing job may give a hold back now: nothing decided it yet, the checkout is unpaid
 * (not `processing`, whose charge may be in flight, nor `succeeded`), and its payment page can no
 * longer take a payment (`payableUntil`: the checkout's own expiry, or later when a provider's page
 * outlives it) has passed.
 */
export function isHoldReleasable(
  hold: EntryHoldMarks,
  checkout: { status: string; payableUntil: string },
  now: Date,
): boolean {
  return (
    paidHoldAction(hold) === 'take' &&
    UNPAID_STATUSES.includes(checkout.status) &&
    Date.parse(checkout.payableUntil) <= now.getTime()
  );
}
