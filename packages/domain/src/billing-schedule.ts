/*
 * When a membership is charged (issue 14 item 16): the sign-up at its start (the trial price when the
 * plan has a trial), then a renewal at the end of the trial and after every billing period. The demo
 * seed writes the payments of the periods a demo member has already had from this rule, so the
 * billing history, the start date and the next billing date tell one story.
 */

const DAY_MS = 86_400_000;

export interface BillingScheduleInput {
  start: Date;
  /** 0 when the plan has no trial: the first period is then a whole billing period. */
  trialDays: number;
  periodDays: number;
}

export interface Charge {
  at: Date;
  kind: 'signup' | 'renewal';
}

/** The period boundaries after the start: the trial's end, then one per billing period. */
function boundary(input: BillingScheduleInput, index: number): Date {
  const first = input.trialDays > 0 ? input.trialDays : input.periodDays;
  return new Date(input.start.getTime() + (first + index * input.periodDays) * DAY_MS);
}

/** Every charge made before `until` (exclusive): the sign-up, then each renewal. */
export function chargesBefore(input: BillingScheduleInput, until: Date): Charge[] {
  if (!(input.periodDays > 0) || until.getTime() <= input.start.getTime()) return [];
  const charges: Charge[] = [{ at: input.start, kind: 'signup' }];
  for (let index = 0; index < 1_000; index += 1) {
    const at = boundary(input, index);
    if (at.getTime() >= until.getTime()) break;
    charges.push({ at, kind: 'renewal' });
  }
  return charges;
}

/** The first boundary after `now`: the next billing date of a membership still running. */
export function nextChargeAfter(input: BillingScheduleInput, now: Date): Date {
  for (let index = 0; ; index += 1) {
    const at = boundary(input, index);
    if (at.getTime() > now.getTime() || index >= 1_000) return at;
  }
}
