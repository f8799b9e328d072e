import {
  type BrandColors,
  KNOWN_LAYOUTS,
  MEDIA_TYPES,
  isLocale,
  isMediaType,
  parseBrandMove,
} from '@member/domain';

import { badInput, notFound } from '../../errors';
import type { CacheInvalidation } from '../../shared/shared-store';
import type { BrandWrite, BrandsRepository } from './brands.repository';
import { normalizeHostname } from './brands.service';

/** What an operator sets on a brand (`npm run admin -- brand:add|brand:edit`); unset keeps the value. */
export interface BrandSettings {
  name?: string;
  /** Every host name of the brand, the primary first; replaces the list. */
  hostnames?: string[];
  colors?: Partial<BrandColors>;
  languages?: string[];
  tags?: string[];
  layout?: string;
  status?: string;
  mediaTypes?: string[];
  currency?: { code: string; symbol: string };
  countryCode?: string;
  supportEmail?: string;
  /** The brand has moved to another brand (its members are told once), or null: it has not. */
  movedTo?: { name: string; url: string } | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{1,39}$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
const TAG = /^[a-z0-9_.:-]{1,64}$/;
const STATUSES = ['active', 'unavailable'] as const;

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Adding and editing brands for the operator: every value checked here with a coded refusal, the brand
 * and its host names written in one transaction, then every server's brand cache told (decision 027).
 */
export function createBrandsOperator(repository: BrandsRepository, invalidation: CacheInvalidation) {
  async function checkHostnames(raw: string[], brandId: number | null): Promise<string[]> {
    const hostnames = unique(raw.map((name) => name.trim().toLowerCase()));
    if (hostnames.length === 0) throw badInput('A brand needs at least one host name', 'hostname_required');
    for (const hostname of hostnames) {
      if (normalizeHostname(hostname) !== hostname || !hostname.includes('.')) {
        throw badInput(`"${hostname}" is not a host name (e.g. members.example.com)`, 'invalid_hostname');
      }
    }
    const taken = (await repository.ownersOf(hostnames)).filter((owner) => owner.brandId !== brandId);
    if (taken.length > 0) {
      throw badInput(
        `${taken.map((owner) => owner.hostname).join(', ')} already names another brand`,
        'hostname_taken',
      );
    }
    return hostnames;
  }

  function apply(base: BrandWrite, settings: BrandSettings): BrandWrite {
    const next: BrandWrite = { ...base };
    if (settings.name !== undefined) {
      const name = settings.name.trim();
      if (name.length === 0 || name.length > 100)
        throw badInput('The name must have 1 to 100 characters', 'invalid_name');
      next.name = name;
    }
    if (settings.colors) {
      for (const [key, value] of Object.entries(settings.colors)) {
        if (!COLOUR.test(value)) {
          throw badInput(`${key} must be a colour like #7c5cff, not "${value}"`, 'invalid_colour');
        }
      }
      next.colors = { ...base.colors, ...settings.colors };
    }
    if (settings.languages) {
      const languages = unique(settings.languages.map((language) => language.trim().toLowerCase()));
      const unknown = languages.filter((language) => !isLocale(language));
      if (unknown.length > 0 || languages.length === 0) {
        throw badInput(`Unknown language(s): ${unknown.join(', ') || '(none given)'}`, 'invalid_language');
      }
      next.languages = languages;
    }
    if (settings.tags) {
      const tags = unique(settings.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''));
      const bad = tags.filter((tag) => !TAG.test(tag));
      if (bad.length > 0) throw badInput(`Tags are lower-case words: ${bad.join(', ')}`, 'invalid_tag');
      next.brandTags = tags;
    }
    if (settings.layout !== undefined) {
      if (!(KNOWN_LAYOUTS as readonly string[]).includes(settings.layout)) {
        throw badInput(`The layout is one of ${KNOWN_LAYOUTS.join(', ')}`, 'invalid_layout');
      }
      next.layout = settings.layout;
    }
    if (settings.status !== undefined) {
      if (!(STATUSES as readonly string[]).includes(settings.status)) {
        throw badInput(`The status is one of ${STATUSES.join(', ')}`, 'invalid_status');
      }
      next.status = settings.status;
    }
    if (settings.mediaTypes) {
      const types = unique(settings.mediaTypes.map((type) => type.trim()));
      const bad = types.filter((type) => !isMediaType(type));
      if (bad.length > 0 || types.length === 0) {
        throw badInput(`Media types are among ${MEDIA_TYPES.join(', ')}`, 'invalid_media_type');
      }
      next.mediaTypes = types;
    }
    if (settings.countryCode !== undefined) {
      const country = settings.countryCode.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) throw badInput('The country is a two-letter code', 'invalid_country');
      next.countryCode = country;
      next.billing = { ...next.billing, countryCode: country };
      next.companyAddress = { ...next.companyAddress, country };
    }
    if (settings.currency) {
      const code = settings.currency.code.trim().toUpperCase();
      const symbol = settings.currency.symbol.trim();
      if (!/^[A-Z]{3}$/.test(code) || symbol.length === 0 || symbol.length > 4) {
        throw badInput(
          'The currency is a three-letter code with a symbol of 1 to 4 characters',
          'invalid_currency',
        );
      }
      next.billing = { ...next.billing, currency: code, symbol };
    }
    if (settings.supportEmail !== undefined) {
      const email = settings.supportEmail.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw badInput('The support address is an email', 'invalid_email');
      next.support = { ...next.support, email };
    }
    if (settings.movedTo !== undefined) {
      if (settings.movedTo === null) {
        next.movedTo = null;
      } else {
        const parsed = parseBrandMove(settings.movedTo);
        if (!parsed.ok) {
          throw parsed.issue === 'invalid_url'
            ? badInput(
                'The new address is an https:// address of the brand it moved to',
                'invalid_moved_to_url',
              )
            : badInput('The new brand name has 1 to 100 characters', 'invalid_moved_to_name');
        }
        next.movedTo = parsed.move;
      }
    }
    return next;
  }

  return {
    async add(slug: string, settings: BrandSettings): Promise<{ id: number; slug: string }> {
      if (!SLUG.test(slug)) {
        throw badInput('The slug is 2 to 40 lower-case letters, digits and dashes', 'invalid_slug');
      }
      if (await repository.findBySlug(slug)) throw badInput(`A brand "${slug}" exists already`, 'slug_taken');
      if (settings.name === undefined) throw badInput('A brand needs a name', 'invalid_name');
      const hostnames = await checkHostnames(settings.hostnames ?? [], null);
      const base: BrandWrite = {
        slug,
        name: settings.name,
        logo: `/static/brands/${slug}/logo.svg`,
        icon: `/static/brands/${slug}/icon.svg`,
        template: 'default',
        layout: 'default',
        status: 'active',
        mediaTypes: [...MEDIA_TYPES],
        languages: ['en-us'],
        colors: { accent: '#7c5cff', accentContrast: '#ffffff', secondary: '#1b1d2a' },
        support: { email: `support@${hostnames[0] ?? 'example.com'}`, phone: null, hours: null },
        companyAddress: {
          name: settings.name,
          street: '',
          city: '',
          postcode: '',
          region: null,
          country: 'US',
        },
        brandTags: [],
        billing: { currency: 'USD', symbol: '$', countryCode: 'US', paymentProvider: 'sandbox' },
        cdnServer: '',
        countryCode: 'US',
        movedTo: null,
      };
      const brand = apply(base, settings);
      const id = await repository.insert(brand, hostnames);
      // A miss for the new host names may be cached.
      await invalidation.publish('brands');
      return { id, slug };
    },

    async edit(slug: string, settings: BrandSettings): Promise<{ id: number; slug: string }> {
      const found = await repository.findBySlug(slug);
      if (!found) throw notFound(`No brand "${slug}"`, 'brand_not_found');
      const { id, hostname: _primary, hostnames: current, ...base } = found;
      const hostnames = settings.hostnames ? await checkHostnames(settings.hostnames, id) : undefined;
      const brand = apply(base, settings);
      await repository.update(
        id,
        brand,
        hostnames && hostnames.join() !== current.join() ? hostnames : undefined,
      );
      await invalidation.publish('brands');
      return { id, slug };
    },
  };
}

export type BrandsOperator = ReturnType<typeof createBrandsOperator>;
