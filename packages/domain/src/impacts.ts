/*
 * Impacts (spec sections 1 and 3): members fund units of an impact item (a tree, a litre of clean
 * water, a kilo of ocean plastic) with coins. These rules price a contribution and measure progress
 * toward the item's target and toward the member's own target; the server applies them, the browser
 * only shows their result.
 */

/** The most units one contribution may fund (a guard against typos and forged requests). */
export const MAX_IMPACT_UNITS = 1000;
/** The largest personal target a member may set for one item. */
export const MAX_MEMBER_TARGET = 100_000;
/** Items per page of `impacts/{page?}`. */
export const IMPACTS_PAGE_SIZE = 6;

export type ContributionCheck =
  { ok: true; quantity: number; coins: number } | { ok: false; reason: 'invalid_quantity' | 'invalid_price' };

/** Prices a contribution: whole units 1 to MAX_IMPACT_UNITS at the item's whole-coin unit price. */
export function priceContribution(quantity: number, pricePerUnit: number): ContributionCheck {
  if (!Number.isSafeInteger(pricePerUnit) || pricePerUnit < 1) return { ok: false, reason: 'invalid_price' };
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_IMPACT_UNITS) {
    return { ok: false, reason: 'invalid_quantity' };
  }
  return { ok: true, quantity, coins: quantity * pricePerUnit };
}

export interface ImpactProgress {
  /** Units funded so far (never negative). */
  funded: number;
  target: number;
  /** Whole percent 0 to 100; 100 only once the target is reached. */
  percent: number;
  reached: boolean;
  /** Units still needed, 0 once reached. */
  remaining: number;
}

/**
 * Progress of `funded` units toward `target`. A target of 0 or less counts as reached by nothing
 * funded yet (an item without a target shows no bar rather than dividing by zero).
 */
export function impactProgress(funded: number, target: number): ImpactProgress {
  const units = Math.max(0, Math.trunc(Number.isFinite(funded) ? funded : 0));
  const goal = Math.max(0, Math.trunc(Number.isFinite(target) ? target : 0));
  if (goal === 0)
    return { funded: units, target: 0, percent: units > 0 ? 100 : 0, reached: units > 0, remaining: 0 };
  const reached = units >= goal;
  const percent = reached ? 100 : Math.min(99, Math.floor((units * 100) / goal));
  return { funded: units, target: goal, percent, reached, remaining: Math.max(0, goal - units) };
}

/** A personal target: whole units 1 to MAX_MEMBER_TARGET, or null to clear it. */
export function checkMemberTarget(target: number | null): target is number | null {
  return target === null || (Number.isSafeInteger(target) && target >= 1 && target <= MAX_MEMBER_TARGET);
}

/** The pages of a list of `total` items (at least one, so an empty list still has its first page). */
export function impactPageCount(total: number, pageSize: number = IMPACTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Reads the `{page?}` of `impacts/{page?}`: a whole number from 1, else page 1. */
export function parseImpactPage(raw: string | undefined | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
