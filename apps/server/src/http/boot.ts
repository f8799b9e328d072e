import { type BootData, chooseLocale, isAnalyticsEnabled } from '@member/domain';
import type { FastifyRequest } from 'fastify';

import type { AppConfig } from '../config';
import { readMemberCookie } from '../modules/auth/auth.cookies';
import type { BrandResolution } from '../modules/brands/brands.service';
import type { RequestContext } from '../context';
import type { Services } from '../services';
import { requestContext } from './request-context';

export interface BootResult {
  data: BootData;
  locale: string;
  analytics: boolean;
  /** The request's context, as the API's routes would have it: null when the brand is missing or unavailable. */
  ctx: RequestContext | null;
}

/** What the page needs before its first paint: the brand of the hostname and the signed-in member. */
export async function buildBootData(
  request: FastifyRequest,
  services: Services,
  config: AppConfig,
): Promise<BootResult> {
  const resolution: BrandResolution = await services.brands.resolveHostname(request.host);
  const base = {
    env: config.env,
    release: config.release,
    sentry: config.sentry.webDsn
      ? {
          dsn: config.sentry.webDsn,
          tracesSampleRate: config.sentry.tracesSampleRate,
          environment: config.env,
        }
      : null,
  };
  if (resolution.kind === 'not_found') {
    return {
      data: { ...base, brand: null, member: null, error: { code: 'brand_not_found', url: null } },
      locale: 'en-us',
      analytics: false,
      ctx: null,
    };
  }
  const { brand } = resolution;
  if (brand.status === 'unavailable') {
    return {
      data: { ...base, brand: brand.config, member: null, error: { code: 'brand_unavailable', url: null } },
      locale: chooseLocale(null, brand.config.languages),
      analytics: false,
      ctx: null,
    };
  }
  const cookie = readMemberCookie(request, config);
  const auth = await services.auth.authenticate(cookie.token, brand.config.id, cookie);
  const member = auth.kind === 'member' ? auth.claims : null;
  return {
    data: { ...base, brand: brand.config, member, error: null },
    locale: chooseLocale(member?.language, brand.config.languages),
    analytics: isAnalyticsEnabled(brand.config.brandTags),
    ctx: requestContext(request, brand, auth, config),
  };
}
