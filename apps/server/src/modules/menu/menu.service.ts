import {
  type MenuItem,
  buildMenu,
  chooseLayout,
  customMediaTypes,
  featureFlags,
  isIphoneUserAgent,
  mediaTypeDefinition,
  sweepsEnablement,
} from '@member/domain';

import type { RequestContext } from '../../context';
import { notFound } from '../../errors';

/**
 * content.menuItems(brandId): the brand's media types (or the `custom_media_types` tag's), in the
 * layout chosen by tags, without game and software on iPhone, with giveaways where they are enabled
 * and the marketplace where the brand offers it. A brand id other than the request's
 * brand answers not found, so one brand's menu is never served under another's hostname.
 */
export function createMenuService() {
  function menuItems(ctx: RequestContext, brandId: number): MenuItem[] {
    const brand = ctx.brand.config;
    if (brandId !== brand.id) throw notFound('Brand not found', 'brand_not_found');
    // Brand tags first, member tags last, so a member's tag overrides the brand's.
    const tags = [...brand.brandTags, ...(ctx.auth.kind === 'member' ? ctx.auth.claims.tags : [])];
    const types = customMediaTypes(tags, brand.mediaTypes);
    return buildMenu({
      definitions: types.map((type) => mediaTypeDefinition(type)),
      layout: chooseLayout(tags, brand.layout),
      isIphone: isIphoneUserAgent(ctx.userAgent),
      // The giveaways item only where every sweep call would be answered (blocked countries, tags).
      giveaways:
        ctx.auth.kind === 'member' &&
        sweepsEnablement({
          countryCode: ctx.country,
          memberTags: ctx.auth.claims.tags,
          brandTags: brand.brandTags,
        }).enabled,
      // The brand's flag, as the marketplace's own check reads it (a member's tag does not open it).
      marketplace: featureFlags(brand.brandTags).ecommerce,
    });
  }

  return { menuItems };
}

export type MenuService = ReturnType<typeof createMenuService>;
