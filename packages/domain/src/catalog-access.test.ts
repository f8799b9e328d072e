import { describe, expect, it } from 'vitest';

import {
  CONTENT_ACCESS_TAG,
  FREE_CONTENT_SLOTS,
  type MediaAccessInput,
  hasContentAccessTag,
  isAvailableInCountry,
  isHiddenOnDevice,
  meaningfulMediaId,
  SEARCH_COUNT_CAP,
  cappedCount,
  mediaAccess,
  mediaLock,
} from './catalog-access';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15';

describe('meaningfulMediaId', () => {
  it('ignores ids below 1 and ids that are not whole numbers', () => {
    expect(meaningfulMediaId(1)).toBe(1);
    expect(meaningfulMediaId(42)).toBe(42);
    for (const id of [0, -1, -42, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(meaningfulMediaId(id)).toBeNull();
    }
  });
});

describe('isHiddenOnDevice', () => {
  it('hides game and software on iPhone only', () => {
    expect(isHiddenOnDevice('game', IPHONE)).toBe(true);
    expect(isHiddenOnDevice('software', IPHONE)).toBe(true);
    expect(isHiddenOnDevice('movie', IPHONE)).toBe(false);
    expect(isHiddenOnDevice('game', IPAD)).toBe(false);
    expect(isHiddenOnDevice('software', '')).toBe(false);
  });
});

describe('isAvailableInCountry', () => {
  it('treats null as everywhere, a list as the only countries, and an empty list as nowhere', () => {
    expect(isAvailableInCountry(null, 'FR')).toBe(true);
    expect(isAvailableInCountry(['US', 'CA'], 'ca')).toBe(true);
    expect(isAvailableInCountry(['us'], 'US')).toBe(true);
    expect(isAvailableInCountry(['US', 'CA'], 'FR')).toBe(false);
    expect(isAvailableInCountry([], 'US')).toBe(false);
  });
});

describe('hasContentAccessTag', () => {
  it('reads the content_access tag, case-insensitively, the last one winning', () => {
    expect(CONTENT_ACCESS_TAG).toBe('content_access:subscription');
    expect(hasContentAccessTag(['content_access:subscription'])).toBe(true);
    expect(hasContentAccessTag(['Content_Access:Subscription'])).toBe(true);
    expect(hasContentAccessTag(['content_access:subscription', 'content_access:open'])).toBe(false);
    expect(hasContentAccessTag(['content_access'])).toBe(false);
    expect(hasContentAccessTag([])).toBe(false);
  });
});

describe('mediaAccess', () => {
  const base: MediaAccessInput = {
    mediaType: 'movie',
    isFree: false,
    inFreeSlot: false,
    geoAllow: null,
    country: 'US',
    brandTags: [CONTENT_ACCESS_TAG],
    subscribedMediaTypes: ['ebook'],
  };

  it('names the three free-content slots', () => {
    expect(FREE_CONTENT_SLOTS).toEqual(['movie_free', 'ebook_free', 'audiobook_free']);
  });

  it('opens everything when the brand has no access tag', () => {
    expect(mediaAccess({ ...base, brandTags: [] })).toEqual({ allowed: true });
  });

  it('limits titles to the subscribed media types when the brand has the access tag', () => {
    expect(mediaAccess(base)).toEqual({ allowed: false, reason: 'subscription_required' });
    expect(mediaAccess({ ...base, subscribedMediaTypes: ['movie'] })).toEqual({ allowed: true });
  });

  it('keeps free titles and titles in a free slot open to everyone', () => {
    expect(mediaAccess({ ...base, isFree: true, subscribedMediaTypes: [] })).toEqual({ allowed: true });
    expect(mediaAccess({ ...base, inFreeSlot: true, subscribedMediaTypes: [] })).toEqual({ allowed: true });
  });

  it('refuses a title outside its countries first, even a free one', () => {
    expect(mediaAccess({ ...base, isFree: true, geoAllow: ['CA'] })).toEqual({
      allowed: false,
      reason: 'not_available_in_location',
    });
    expect(mediaAccess({ ...base, brandTags: [], geoAllow: ['US'] })).toEqual({ allowed: true });
  });
});

describe('mediaLock', () => {
  const base: MediaAccessInput & { isMember: boolean } = {
    mediaType: 'movie',
    isFree: false,
    inFreeSlot: false,
    geoAllow: null,
    country: 'CA',
    brandTags: [CONTENT_ACCESS_TAG],
    subscribedMediaTypes: [],
    isMember: true,
  };

  it('says why a title is locked: location first, then membership, or sign-in for a visitor', () => {
    expect(mediaLock({ ...base, geoAllow: ['US'] })).toBe('not_available_in_location');
    expect(mediaLock({ ...base, geoAllow: ['US'], isMember: false })).toBe('not_available_in_location');
    expect(mediaLock(base)).toBe('subscription_required');
    expect(mediaLock({ ...base, isMember: false })).toBe('sign_in_required');
  });

  it('is null whenever the title opens, as mediaAccess says', () => {
    expect(mediaLock({ ...base, subscribedMediaTypes: ['movie'] })).toBeNull();
    expect(mediaLock({ ...base, isFree: true, isMember: false })).toBeNull();
    expect(mediaLock({ ...base, inFreeSlot: true })).toBeNull();
    expect(mediaLock({ ...base, brandTags: [] })).toBeNull();
  });
});

describe('cappedCount', () => {
  it('is exact up to the cap and says "at least" past it', () => {
    expect(cappedCount(0)).toEqual({ count: 0, capped: false });
    expect(cappedCount(SEARCH_COUNT_CAP)).toEqual({ count: SEARCH_COUNT_CAP, capped: false });
    expect(cappedCount(SEARCH_COUNT_CAP + 1)).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    expect(cappedCount(5, 3)).toEqual({ count: 3, capped: true });
  });
});
