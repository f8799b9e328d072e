import { z } from 'zod';

import { rawLengthLimit } from './text-bounds';

/*
 * A shipping address (spec section 3: country, first name, last name, address, apartment (optional),
 * city, state/region, postcode, phone). One schema validates the web form and the server.
 */

/** Stable reasons a field is refused; the web maps them to its own strings. */
export type AddressIssue =
  'required' | 'too_long' | 'control_characters' | 'invalid_country' | 'invalid_postcode' | 'invalid_phone';

export const ADDRESS_FIELDS = [
  'country',
  'firstName',
  'lastName',
  'address',
  'apartment',
  'city',
  'region',
  'postcode',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** A member keeps at most this many addresses. */
export const MAX_ADDRESSES_PER_MEMBER = 20;

// C0 and C1 control characters: every field is shown on one line of a label.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Bounded by raw length before trimming and testing (text-bounds.ts); `abort` skips the later checks. */
const bounded = (max: number, tooLong: AddressIssue, notText: AddressIssue) =>
  z.string({ message: notText }).max(rawLengthLimit(max), { message: tooLong, abort: true });

function text(max: number) {
  return bounded(max, 'too_long', 'required')
    .trim()
    .min(1, { message: 'required' satisfies AddressIssue })
    .max(max, { message: 'too_long' satisfies AddressIssue })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: 'control_characters' satisfies AddressIssue,
    });
}

export const addressInputSchema = z.object({
  /** ISO 3166-1 alpha-2, e.g. US, CA, DE. */
  country: bounded(2, 'invalid_country', 'invalid_country')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'invalid_country' satisfies AddressIssue }),
  firstName: text(80),
  lastName: text(80),
  address: text(200),
  /** Optional: empty or missing reads as null. */
  apartment: bounded(100, 'too_long', 'required')
    .trim()
    .max(100, { message: 'too_long' satisfies AddressIssue })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: 'control_characters' satisfies AddressIssue,
    })
    .nullish()
    .transform((value) => (value?.length ? value : null)),
  city: text(100),
  region: text(100),
  postcode: text(20).refine((value) => /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(value), {
    message: 'invalid_postcode' satisfies AddressIssue,
  }),
  phone: text(32).refine((value) => /^\+?[0-9 ().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6, {
    message: 'invalid_phone' satisfies AddressIssue,
  }),
});

export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.output<typeof addressInputSchema>;

export interface AddressFieldIssue {
  field: AddressField;
  issue: AddressIssue;
}

const ISSUES: readonly string[] = [
  'required',
  'too_long',
  'control_characters',
  'invalid_country',
  'invalid_postcode',
  'invalid_phone',
];

/** Parses an address; on failure, the first issue of each field that failed. */
export function parseAddress(
  input: unknown,
): { ok: true; address: Address } | { ok: false; issues: AddressFieldIssue[] } {
  const result = addressInputSchema.safeParse(input);
  if (result.success) return { ok: true, address: result.data };
  const issues: AddressFieldIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(ADDRESS_FIELDS as readonly string[]).includes(field)) continue;
    if (issues.some((known) => known.field === field)) continue;
    issues.push({
      field: field as AddressField,
      issue: ISSUES.includes(issue.message) ? (issue.message as AddressIssue) : 'required',
    });
  }
  if (issues.length === 0) issues.push({ field: 'country', issue: 'invalid_country' });
  return { ok: false, issues };
}

/** What an address shows: the recipient's name (or first and last), the street and the locality. */
export interface DisplayedAddress {
  /** The whole name when the record keeps one field (an order's `name`). */
  name?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  address: string | null;
  apartment?: string | null | undefined;
  city: string | null;
  region?: string | null | undefined;
  postcode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/**
 * How each country writes its locality line (issue 14 item 9: every address was written the US way).
 * - `city-region-postcode`: `Wilmington, DE 19801` (US, AU…), `Toronto ON M5H 3T4` (CA: no comma).
 * - `postcode-city`: `75001 Paris` (most of Europe; the region, when given, on its own line in IT, ES, MY).
 * - `city-postcode-lines`: the town and then the postcode on lines of their own (GB, IE).
 * - `japan`: largest to smallest, `〒100-0001` first and the name last.
 */
type LocalityStyle =
  | 'us'
  | 'ca'
  | 'city-region-postcode'
  | 'postcode-city'
  | 'postcode-city-region'
  | 'city-postcode-lines'
  | 'japan';

const LOCALITY_STYLES: Readonly<Record<string, LocalityStyle>> = {
  US: 'us',
  CA: 'ca',
  AU: 'city-region-postcode',
  GB: 'city-postcode-lines',
  IE: 'city-postcode-lines',
  JP: 'japan',
  FR: 'postcode-city',
  DE: 'postcode-city',
  AT: 'postcode-city',
  CH: 'postcode-city',
  BE: 'postcode-city',
  NL: 'postcode-city',
  LU: 'postcode-city',
  DK: 'postcode-city',
  SE: 'postcode-city',
  NO: 'postcode-city',
  FI: 'postcode-city',
  PL: 'postcode-city',
  CZ: 'postcode-city',
  PT: 'postcode-city',
  IT: 'postcode-city-region',
  ES: 'postcode-city-region',
  MY: 'postcode-city-region',
};

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * An address as its country writes it, one line per entry, for an envelope, a label or a screen:
 * the name, the street (and apartment), the locality in the country's order, and the country's name
 * (`countryName`, e.g. from `Intl.DisplayNames` in the reader's language; the code without it).
 * Countries not listed write `postcode city` after the street, as most do.
 */
export function formatAddressLines(
  address: DisplayedAddress,
  countryName: (code: string) => string = (code) => code,
): string[] {
  const name =
    clean(address.name) || [clean(address.firstName), clean(address.lastName)].filter(Boolean).join(' ');
  const street = clean(address.address);
  const apartment = clean(address.apartment);
  const city = clean(address.city);
  const region = clean(address.region);
  const postcode = clean(address.postcode);
  const code = clean(address.country).toUpperCase();
  const country = code ? countryName(code) : '';
  const style = LOCALITY_STYLES[code] ?? 'postcode-city';
  const lines = (...parts: string[]) => parts.filter((part) => part.length > 0);

  switch (style) {
    case 'us':
    case 'city-region-postcode':
      return lines(
        name,
        street,
        apartment,
        `${city}${region ? `, ${region}` : ''}${postcode ? ` ${postcode}` : ''}`,
        country,
      );
    case 'ca':
      return lines(name, street, apartment, [city, region, postcode].filter(Boolean).join(' '), country);
    case 'city-postcode-lines':
      return lines(name, street, apartment, city, region, postcode, country);
    case 'japan': {
      // Japanese script runs on without spaces; a romanised address keeps them.
      const japanese = /[\u3000-\u30ff\u4e00-\u9fff]/.test(`${region}${city}${street}`);
      const joiner = japanese ? '' : ' ';
      return lines(
        postcode ? `〒${postcode}` : '',
        [region, city].filter(Boolean).join(joiner),
        street,
        apartment,
        name,
        country,
      );
    }
    case 'postcode-city-region':
      return lines(name, street, apartment, [postcode, city].filter(Boolean).join(' '), region, country);
    case 'postcode-city':
      return lines(name, street, apartment, [postcode, city].filter(Boolean).join(' '), country);
  }
}
