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
