import type { BootData, MemberClaims, MenuItem, SiteConfig } from '@member/domain';

export function buildBrand(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    id: 7,
    slug: 'aurora',
    hostname: 'aurora.localhost',
    name: 'Aurora Media',
    logo: '/media/brands/aurora/logo.svg',
    icon: '/media/brands/aurora/icon.svg',
    mediaTypes: ['movie', 'music', 'ebook'],
    template: 'default',
    colors: { accent: '#7c5cff', accentContrast: '#000000', accentText: '#7c5cff', secondary: '#1f1740' },
    support: { email: 'help@aurora.example', phone: null, hours: null },
    companyAddress: {
      name: 'Aurora Media Ltd',
      street: '1 Main Street',
      city: 'Springfield',
      postcode: '12345',
      region: null,
      country: 'US',
    },
    brandTags: [],
    languages: ['en-us', 'fr-ca', 'de-de'],
    billing: { currency: 'USD', symbol: '$', countryCode: 'US', paymentProvider: 'stripe' },
    cdnServer: '',
    layout: 'default',
    movedTo: null,
    ...overrides,
  };
}

export function buildMember(overrides: Partial<MemberClaims> = {}): MemberClaims {
  return {
    id: 42,
    email: 'jane.doe@example.com',
    name: 'Jane Doe',
    avatar: null,
    timezone: 'America/New_York',
    language: 'en-us',
    provider: 'stripe',
    tags: [],
    recipe: null,
    brandId: 7,
    // A year from the tests' run, in seconds like a JWT `exp`.
    exp: Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60,
    ...overrides,
  };
}

export function buildBoot(overrides: Partial<BootData> = {}): BootData {
  return {
    env: 'LOCAL',
    brand: buildBrand(),
    member: null,
    error: null,
    sentry: null,
    release: 'test',
    ...overrides,
  };
}

export function buildMenuItem(type: MenuItem['type'], overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    type,
    title: type === 'home' || type === 'marketplace' ? `menu.${type}` : `media.${type}.title`,
    display_area_slug: type === 'home' ? 'home' : `${type}_overview`,
    icon: type === 'movie' ? 'film' : type,
    color: '#6e56cf',
    lightColor: '#c4b8f3',
    subTextColor: '#bdb8c9',
    mainTextColor: '#ffffff',
    secondaryColor: '#1f1740',
    submenu_type: type === 'home' ? null : 'media',
    ...overrides,
  };
}
