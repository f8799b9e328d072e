import { describe, expect, it } from 'vitest';

import { isHoldReleasable, paidHoldAction } from './entry-holds';

const held = { releasedAt: null, takenAt: null, refundedAt: null };
const at = '2026-03-01T10:00:00.000Z';

describe('paidHoldAction', () => {
  it('takes a hold nothing has decided yet', () => {
    expect(paidHoldAction(held)).toBe('take');
  });

  it('reserves again after the hold was released', () => {
    expect(paidHoldAction({ ...held, releasedAt: at })).toBe('reserve_again');
  });

  it('leaves a hold a payment already took to the grant key (released or not)', () => {
    expect(paidHoldAction({ ...held, takenAt: at })).toBe('taken');
    expect(paidHoldAction({ ...held, releasedAt: at, takenAt: at })).toBe('taken');
  });

  it('keeps a refunded payment refunded', () => {
    expect(paidHoldAction({ ...held, releasedAt: at, refundedAt: at })).toBe('refunded');
  });

  it('grants as before when no hold is recorded', () => {
    expect(paidHoldAction(null)).toBe('untracked');
  });
});

describe('isHoldReleasable', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const expired = { status: 'open', payableUntil: '2026-03-01T11:00:00.000Z' };

  it('releases the hold of an open checkout whose page can no longer be paid', () => {
    expect(isHoldReleasable(held, expired, now)).toBe(true);
    expect(isHoldReleasable(held, { ...expired, status: 'expired' }, now)).toBe(true);
    expect(isHoldReleasable(held, { ...expired, payableUntil: now.toISOString() }, now)).toBe(true);
  });

  it('keeps the hold while the page may still be paid', () => {
    expect(isHoldReleasable(held, { ...expired, payableUntil: '2026-03-01T12:00:00.001Z' }, now)).toBe(false);
  });

  it('never releases a checkout being charged or paid', () => {
    expect(isHoldReleasable(held, { ...expired, status: 'processing' }, now)).toBe(false);
    expect(isHoldReleasable(held, { ...expired, status: 'succeeded' }, now)).toBe(false);
  });

  it('releases a hold once, and never one a payment decided', () => {
    expect(isHoldReleasable({ ...held, releasedAt: at }, expired, now)).toBe(false);
    expect(isHoldReleasable({ ...held, takenAt: at }, expired, now)).toBe(false);
    expect(isHoldReleasable({ ...held, releasedAt: at, refundedAt: at }, expired, now)).toBe(false);
  });
});
