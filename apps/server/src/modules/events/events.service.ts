import { isTestAccount } from '@member/domain';

import type { AppConfig } from '../../config';
import type { RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import type { EventSource } from '../../db/tables/events';
import { AppError, badInput, forbidden } from '../../errors';
import type { CatalogService } from '../catalog/catalog.service';
import type { EventsRepository } from './events.repository';
import {
  CLIENT_REPORTED_ACTIONS,
  type EventBody,
  type EventNamespace,
  SERVER_EVENT_ACTIONS,
  SERVER_ONLY_NAMESPACES,
  type ServerEventAction,
} from './events.schema';

/** Every action the server raises, in any namespace. */
const SERVER_ACTIONS: ReadonlySet<string> = new Set(Object.values(SERVER_EVENT_ACTIONS).flat());

/** How many titles sharing one vendor id are tried before the caller is told none is usable. */
const VENDOR_TITLES_TRIED = 5;

export interface EventsServiceDeps {
  repository: EventsRepository;
  config: Pick<AppConfig, 'env'>;
  /** content.media's rules decide whether the caller may use the title a consumption names. */
  catalog: Pick<CatalogService, 'media'>;
}

const serverEventRefused = (what: string) =>
  forbidden(`${what} is recorded by the server itself and cannot be sent.`, 'server_event');

/**
 * Stores events of spec section 7. The server fills what only it can know, and does not take the
 * body's word for them: IP, brand, member (from the verified token, never the body's `jwt`), test
 * flag of a signed-in member, and the environment. Each row says whether the server raised it or a
 * caller posted it (`source`, decision 014).
 */
export function createEventsService({ repository, config, catalog }: EventsServiceDeps) {
  async function insert(ctx: RequestContext, body: EventBody, source: EventSource): Promise<void> {
    const { auth, brand } = ctx;
    const member = auth.kind === 'member' ? auth.claims : null;
    await repository.insert({
      namespace: body.namespace,
      env: config.env,
      brandId: brand.config.id,
      memberId: member?.id ?? null,
      tokenKind: auth.kind,
      brandDomainName: brand.config.hostname,
      brandCountryCode: brand.countryCode,
      reqIp: ctx.ip,
      reqCountryCode: ctx.country,
      tags: member?.tags ?? body.tags ?? [],
      language: member?.language ?? body.language ?? null,
      userAgent: ctx.userAgent || null,
      browserLanguage: body.browser_language ?? null,
      isTest: member ? isTestAccount(member) : (body.is_test ?? false),
      layout: body.layout ?? null,
      vendorId: body.vendor_id === undefined || body.vendor_id === null ? null : String(body.vendor_id),
      subscriptionProvider: member?.provider ?? body.subscription_provider ?? null,
      extras: body.extras ?? {},
      transactionId: ctx.transactionId,
      createdAt: isoNow(),
      source,
    });
  }

  /**
   * Whether a title of the caller's brand carries this vendor id and the caller may open it by the
   * rules of content.media (device, country, subscription); a track or episode by its parent's rules.
   */
  async function usableVendor(ctx: RequestContext, vendorId: string): Promise<boolean> {
    const titles = await repository.findTitlesByVendor(ctx.brand.config.id, vendorId, VENDOR_TITLES_TRIED);
    for (const title of titles) {
      try {
        if (await catalog.media(ctx, title.mediaType, title.parentId ?? title.id)) return true;
      } catch (error) {
        // Not found, not here, not subscribed: this title is not the caller's to consume.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return false;
  }

  /**
   * An event posted by a caller (POST /api/event). The server's own namespace and actions are refused
   * (403 `server_event`), and a consumption must name by vendor id a title the caller may use (400).
   */
  async function recordFromClient(ctx: RequestContext, body: EventBody): Promise<void> {
    if (SERVER_ONLY_NAMESPACES.includes(body.namespace)) {
      throw serverEventRefused(`The "${body.namespace}" namespace`);
    }
    const action = body.extras?.action;
    if (
      typeof action === 'string' &&
      SERVER_ACTIONS.has(action) &&
      !CLIENT_REPORTED_ACTIONS.includes(action)
    ) {
      throw serverEventRefused(`The "${action}" action`);
    }
    const vendorId = body.vendor_id === undefined || body.vendor_id === null ? '' : String(body.vendor_id);
    if (body.namespace === 'consumptions' && !vendorId) {
      throw badInput('A consumption event names its title: send its vendor_id.', 'vendor_required');
    }
    if (vendorId && !(await usableVendor(ctx, vendorId))) {
      throw badInput('No title of this site that you may use has this vendor_id.', 'unknown_vendor');
    }
    await insert(ctx, body, 'client');
  }

  /**
   * An event the server raises itself with the fields it chose, such as a play start with the title's
   * vendor id. Never pass a caller's body here: that is `recordFromClient`.
   */
  function record(ctx: RequestContext, body: EventBody): Promise<void> {
    return insert(ctx, body, 'server');
  }

  /** An event the server raises itself, such as a sign-in; the action must be listed in events.schema.ts. */
  function recordServerEvent<N extends EventNamespace>(
    ctx: RequestContext,
    namespace: N,
    extras: { action: ServerEventAction<N> } & Record<string, string | number | boolean>,
  ) {
    return insert(ctx, { namespace, extras }, 'server');
  }

  return { record, recordFromClient, recordServerEvent };
}

export type EventsService = ReturnType<typeof createEventsService>;
