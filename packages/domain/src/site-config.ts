import type { BrandMove } from './brand-move';
import type { Locale } from './locales';
import type { MediaType } from './media-types';

/** Brand colours as configured; the interface is always dark. */
export interface BrandColors {
  accent: string;
  accentContrast: string;
  secondary: string;
}

/** Brand colours as the page receives them, made readable (`readableBrandColors`), as CSS custom properties. */
export interface ThemeColors extends BrandColors {
  /** The accent lightened where needed so it reads as text on every dark surface. */
  accentText: string;
}

export interface SupportContacts {
  email: string;
  phone: string | null;
  hours: string | null;
}

export interface CompanyAddress {
  name: string;
  street: string;
  city: string;
  postcode: string;
  region: string | null;
  country: string;
}

export interface BillingSettings {
  currency: string;
  symbol: string;
  countryCode: string;
  paymentProvider: string;
}

/** Site config of spec section 3, as the browser receives it for the request's hostname. */
export interface SiteConfig {
  id: number;
  slug: string;
  hostname: string;
  name: string;
  logo: string;
  icon: string;
  mediaTypes: MediaType[];
  template: string;
  colors: ThemeColors;
  support: SupportContacts;
  companyAddress: CompanyAddress;
  brandTags: string[];
  languages: Locale[];
  billing: BillingSettings;
  cdnServer: string;
  layout: string;
  /** Set when the brand has moved to another brand: its members are told once where to continue. */
  movedTo: BrandMove | null;
}
