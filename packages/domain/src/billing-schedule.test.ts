import { describe, expect, it } from 'vitest';

import { chargesBefore, nextChargeAfter } from './billing-schedule';

const DAY = 86_400_000;
const now = new Date('2026-11-28T10:00:00.000Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY);

describe('chargesBefore and nextChargeAfter', () => {
  it('charges the sign-up, then the end of the trial, then every period', () => {
    const plan = { start: daysFromNow(-115), trialDays: 7, periodDays: 30 };
    expect(
      chargesBefore(plan, now).map((c) => [c.kind, Math.round((c.at.getTime() - now.getTime()) / DAY)]),
    ).toEqual([
      ['signup', -115],
      ['renewal', -108],
      ['renewal', -78],
      ['renewal', -48],
      ['renewal', -18],
    ]);
    expect(nextChargeAfter(plan, now)).toEqual(daysFromNow(12));
  });

  it('gives a plan without a trial whole periods from the start', () => {
    const plan = { start: daysFromNow(-70), trialDays: 0, periodDays: 30 };
    expect(chargesBefore(plan, now).map((c) => c.at)).toEqual([
      daysFromNow(-70),
      daysFromNow(-40),
      daysFromNow(-10),
    ]);
    expect(nextChargeAfter(plan, now)).toEqual(daysFromNow(20));
  });

  it('stops at the end of a membership, and charges nothing before its start', () => {
    const plan = { start: daysFromNow(-197), trialDays: 7, periodDays: 30 };
    const charges = chargesBefore(plan, daysFromNow(-10));
    expect(charges.at(-1)?.at).toEqual(daysFromNow(-40));
    expect(charges).toHaveLength(7);
    expect(chargesBefore(plan, daysFromNow(-197))).toEqual([]);
    expect(chargesBefore({ ...plan, periodDays: 0 }, now)).toEqual([]);
  });

  it('only has the sign-up during a trial', () => {
    const plan = { start: daysFromNow(-3), trialDays: 7, periodDays: 30 };
    expect(chargesBefore(plan, now).map((c) => c.kind)).toEqual(['signup']);
    expect(nextChargeAfter(plan, now)).toEqual(daysFromNow(4));
  });
});
