import { type MediaType, isMediaType } from './media-types';

/**
 * What a brand shows of a list of media types (a plan's, a membership's): only the types the brand
 * carries, so a brand without games or software never lists them (issue 14 item 9); `vpn` and any
 * other entitlement that is not a media type stay. Order is kept.
 */
export function carriedMediaTypes<T extends string>(
  types: readonly T[],
  brandMediaTypes: readonly MediaType[],
): T[] {
  return types.filter((type) => !isMediaType(type) || brandMediaTypes.includes(type));
}
