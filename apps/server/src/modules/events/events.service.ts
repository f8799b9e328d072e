import { isTestAccount } from '@member/domain';

import type { AppConfig } from '../../config';
import type { RequestContext } from '../../context';
import { isoNow, writeJson } from '../../db/json';
import type { EventsRepository } from './events.repository';
import type { EventBody } from './events.schema';

type Namespace = EventBody['namespace'];

/**
 * Stores events of spec section 7. The server fills what only it can know, and does not take the
 * body's word for them: IP, brand, member (from the verified token, never the body's `jwt`), test
 * flag of a signed-in member, and the environment.
 */
export function createEventsService(repository: EventsRepository, config: Pick<AppConfig, 'env'>) {
  async function record(ctx: RequestContext, body: EventBody): Promise<void> {
    const { auth, brand } = ctx;
    const member = auth.kind === 'member' ? auth.claims : null;
    await repository.insert({
      namespace: body.namespace,
      env: config.env,
      brand_id: brand.config.id,
      member_id: member?.id ?? null,
      token_kind: auth.kind,
      brand_domain_name: brand.config.hostname,
      brand_country_code: brand.countryCode,
      req_ip: ctx.ip,
      req_country_code: ctx.country,
      tags: writeJson(member?.tags ?? body.tags ?? []),
      language: member?.language ?? body.language ?? null,
      user_agent: ctx.userAgent || null,
      browser_language: body.browser_language ?? null,
      is_test: (member ? isTestAccount(member) : (body.is_test ?? false)) ? 1 : 0,
      layout: body.layout ?? null,
      vendor_id: body.vendor_id === undefined || body.vendor_id === null ? null : String(body.vendor_id),
      subscription_provider: member?.provider ?? body.subscription_provider ?? null,
      extras: writeJson(body.extras ?? {}),
      transaction_id: ctx.transactionId,
      created_at: isoNow(),
    });
  }

  /** An event the server raises itself, such as a sign-in. */
  function recordServerEvent(
    ctx: RequestContext,
    namespace: Namespace,
    extras: Record<string, string | number | boolean>,
  ) {
    return record(ctx, { namespace, extras });
  }

  return { record, recordServerEvent };
}

export type EventsService = ReturnType<typeof createEventsService>;
