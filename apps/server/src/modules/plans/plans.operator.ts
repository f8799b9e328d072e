import { isMediaType } from '@member/domain';

import { readJson, writeJson } from '../../db/json';
import type { NewPlanPrice } from '../../db/tables/plan-prices';
import type { NewPlan, PlanRow, PlansTable } from '../../db/tables/plans';
import { badInput, notFound } from '../../errors';
import type { CacheInvalidation } from '../../shared/shared-store';
import type { BrandsRepository } from '../brands/brands.repository';
import type { PlansRepository } from './plans.repository';

const INTERVALS: readonly PlansTable['recurring_interval'][] = ['day', 'week', 'month', 'year'];
/** The columns a new plan needs from the operator's fields (the rest are id and brand). */
const REQUIRED_COLUMNS = [
  'name',
  'group_name',
  'description',
  'trial_period_days',
  'price_recurring',
  'price_initial',
  'currency',
  'symbol',
  'recurring_interval',
  'recurring_interval_count',
  'media_types',
  'is_vpn',
  'bonus_coins',
  'sort_order',
] as const;
/** A price above this (in minor units) is a typing mistake, not a plan. */
const MAX_PRICE_MINOR = 100_000_000;

/** A price in a currency other than the plan's list currency (`plan_prices`). */
export interface LocalPrice {
  currency: string;
  symbol: string;
  priceRecurring: number;
  priceInitial: number;
}

/** What an operator sets on a plan; on an edit, every field is optional. */
export interface PlanFields {
  /** A brand's slug, or null for a plan offered on every brand. */
  brand: string | null;
  name: string;
  group: string;
  description: string;
  trialDays: number;
  /** Minor units of `currency`. */
  priceRecurring: number;
  priceInitial: number;
  currency: string;
  symbol: string;
  interval: string;
  intervalCount: number;
  mediaTypes: string[];
  vpn: boolean;
  bonusCoins: number;
  sortOrder: number;
  localPrices: LocalPrice[];
}

/** A plan as the operator reads it back. */
export interface OperatorPlan {
  id: number;
  brandId: number | null;
  name: string;
  group: string;
  priceRecurring: number;
  priceInitial: number;
  currency: string;
  interval: string;
  intervalCount: number;
  trialDays: number;
  mediaTypes: string[];
  vpn: boolean;
}

function whole(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badInput(`${name} must be a whole number from ${String(min)} to ${String(max)}`, 'invalid_plan');
  }
  return value;
}

function text(value: string, name: string, min: number, max: number): string {
  const clean = value.trim();
  if (clean.length < min || clean.length > max) {
    throw badInput(`${name} must be ${String(min)} to ${String(max)} characters`, 'invalid_plan');
  }
  return clean;
}

function currencyCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw badInput(`Not a currency code: ${value}`, 'invalid_plan');
  return code;
}

function checkLocal(price: LocalPrice): Omit<NewPlanPrice, 'plan_id'> {
  return {
    currency: currencyCode(price.currency),
    symbol: text(price.symbol, 'The symbol', 1, 8),
    price_recurring: whole(price.priceRecurring, 'A local recurring price', 0, MAX_PRICE_MINOR),
    price_initial: whole(price.priceInitial, 'A local initial price', 0, MAX_PRICE_MINOR),
  };
}

/** The columns of the fields given, each checked; a missing field is left out. */
function columns(fields: Partial<Omit<PlanFields, 'brand' | 'localPrices'>>): Partial<Omit<NewPlan, 'id'>> {
  const out: Partial<Omit<NewPlan, 'id'>> = {};
  if (fields.name !== undefined) out.name = text(fields.name, 'The name', 1, 100);
  if (fields.group !== undefined) out.group_name = text(fields.group, 'The group', 1, 100);
  if (fields.description !== undefined)
    out.description = text(fields.description, 'The description', 0, 2_000);
  if (fields.trialDays !== undefined) out.trial_period_days = whole(fields.trialDays, 'Trial days', 0, 365);
  if (fields.priceRecurring !== undefined) {
    out.price_recurring = whole(fields.priceRecurring, 'The recurring price', 0, MAX_PRICE_MINOR);
  }
  if (fields.priceInitial !== undefined) {
    out.price_initial = whole(fields.priceInitial, 'The initial price', 0, MAX_PRICE_MINOR);
  }
  if (fields.currency !== undefined) out.currency = currencyCode(fields.currency);
  if (fields.symbol !== undefined) out.symbol = text(fields.symbol, 'The symbol', 1, 8);
  if (fields.interval !== undefined) {
    const interval = INTERVALS.find((candidate) => candidate === fields.interval);
    if (!interval) throw badInput(`The interval is one of ${INTERVALS.join(', ')}`, 'invalid_plan');
    out.recurring_interval = interval;
  }
  if (fields.intervalCount !== undefined) {
    out.recurring_interval_count = whole(fields.intervalCount, 'The interval count', 1, 365);
  }
  if (fields.mediaTypes !== undefined) {
    const types = [...new Set(fields.mediaTypes.map((type) => type.trim()).filter((type) => type !== ''))];
    const unknown = types.filter((type) => !isMediaType(type));
    if (unknown.length > 0) throw badInput(`Not a media type: ${unknown.join(', ')}`, 'invalid_plan');
    out.media_types = writeJson(types);
  }
  if (fields.vpn !== undefined) out.is_vpn = fields.vpn ? 1 : 0;
  if (fields.bonusCoins !== undefined)
    out.bonus_coins = whole(fields.bonusCoins, 'Bonus coins', 0, 1_000_000);
  if (fields.sortOrder !== undefined)
    out.sort_order = whole(fields.sortOrder, 'The sort order', 0, 1_000_000);
  return out;
}

function view(row: PlanRow): OperatorPlan {
  return {
    id: row.id,
    brandId: row.brand_id,
    name: row.name,
    group: row.group_name,
    priceRecurring: row.price_recurring,
    priceInitial: row.price_initial,
    currency: row.currency,
    interval: row.recurring_interval,
    intervalCount: row.recurring_interval_count,
    trialDays: row.trial_period_days,
    mediaTypes: readJson<string[]>(row.media_types, []),
    vpn: row.is_vpn === 1,
  };
}

/**
 * The operator's plan commands (`npm run admin -- plan:*`, decision 034). Servers read plans from the
 * database on each call (no copy to go stale, so a sign-up is always priced at the current price); a
 * change still publishes the `plans` topic after it commits, the contract for any per-server copy of
 * plans (decision 027). A price change applies to sign-ups from then on; a running subscription keeps
 * the price it was sold at (`subscriptions.price_minor`).
 */
export function createPlansOperator(
  repository: PlansRepository,
  brands: BrandsRepository,
  invalidation: CacheInvalidation,
) {
  async function brandId(slug: string | null): Promise<number | null> {
    if (slug === null) return null;
    const brand = await brands.findBySlug(slug);
    if (!brand) throw notFound(`No brand "${slug}"`, 'brand_not_found');
    return brand.id;
  }

  return {
    async list(slug?: string): Promise<OperatorPlan[]> {
      const rows = await repository.listAll(
        slug === undefined ? undefined : ((await brandId(slug)) ?? undefined),
      );
      return rows.map(view);
    },

    async add(fields: PlanFields & { id?: number }): Promise<OperatorPlan> {
      const checked = columns(fields);
      const local = fields.localPrices.map(checkLocal);
      const id =
        fields.id === undefined ? await repository.nextId() : whole(fields.id, 'The id', 1, 2_000_000_000);
      const missing = REQUIRED_COLUMNS.filter((column) => checked[column] === undefined);
      if (missing.length > 0) throw badInput(`Missing: ${missing.join(', ')}`, 'invalid_plan');
      // Every column a plan needs is checked above; the spread keeps the checked values.
      const plan = { id, brand_id: await brandId(fields.brand), ...checked } as NewPlan;
      if (!(await repository.insert(plan, local))) {
        throw badInput(`A plan with the id ${String(id)} exists (plan:edit changes it)`, 'plan_id_taken');
      }
      await invalidation.publish('plans');
      const row = await repository.findById(id);
      if (!row) throw notFound(`Plan ${String(id)} not found`, 'plan_not_found');
      return view(row);
    },

    async edit(
      id: number,
      fields: Partial<Omit<PlanFields, 'brand' | 'localPrices'>> & { localPrices?: LocalPrice[] },
    ): Promise<OperatorPlan> {
      if (!(await repository.findById(id))) throw notFound(`No plan ${String(id)}`, 'plan_not_found');
      const changes = columns(fields);
      const local = (fields.localPrices ?? []).map(checkLocal);
      if (Object.keys(changes).length === 0 && local.length === 0) {
        throw badInput('Give at least one thing to change', 'nothing_to_change');
      }
      await repository.update(id, changes, local);
      await invalidation.publish('plans');
      const row = await repository.findById(id);
      if (!row) throw notFound(`Plan ${String(id)} not found`, 'plan_not_found');
      return view(row);
    },
  };
}

export type PlansOperator = ReturnType<typeof createPlansOperator>;
