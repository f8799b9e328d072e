import { MEDIA_TYPES, type MediaType } from '@member/domain';

import type { Db } from '../db/database';
import { isoNow, writeJson } from '../db/json';

let sequence = 0;

export interface SubscriptionOptions {
  mediaTypes?: readonly MediaType[];
  isActive?: boolean;
  planName?: string;
}

/** A subscription row for a member; an empty media type list would open every type (spec section 4). */
export async function buildSubscription(
  db: Db,
  brandId: number,
  memberId: number,
  options: SubscriptionOptions = {},
) {
  sequence += 1;
  const { id } = await db.kysely
    .insertInto('subscriptions')
    .values({
      member_id: memberId,
      brand_id: brandId,
      plan_id: null,
      plan_name: options.planName ?? 'Test plan',
      membership_id: null,
      is_active: options.isActive === false ? 0 : 1,
      is_trial: 0,
      billing_period_days: 30,
      next_billing_date: null,
      start_date: isoNow(),
      end_date: null,
      ref_id: `catalog-test-${String(sequence)}-${String(Date.now())}-${String(memberId)}`,
      cancelled_at: null,
      cancel_ref_id: null,
      cancel_date: null,
      media_types: writeJson(options.mediaTypes ?? MEDIA_TYPES),
      offers: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id };
}
