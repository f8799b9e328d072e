import { describe, expect, it } from 'vitest';

import { parseAddress } from './address';

const VALID = {
  country: 'us',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  address: '12 St James Square',
  apartment: '',
  city: 'London',
  region: 'Greater London',
  postcode: 'SW1Y 4JH',
  phone: '+44 20 7946 0958',
};

describe('parseAddress', () => {
  it('trims, upper-cases the country and reads an empty apartment as null', () => {
    const parsed = parseAddress(VALID);
    expect(parsed).toEqual({
      ok: true,
      address: { ...VALID, country: 'US', firstName: 'Ada', apartment: null },
    });
  });

  it('keeps an apartment when given', () => {
    const parsed = parseAddress({ ...VALID, apartment: ' Flat 3 ' });
    expect(parsed.ok && parsed.address.apartment).toBe('Flat 3');
  });

  it('reports the first issue of each failing field', () => {
    const parsed = parseAddress({
      ...VALID,
      country: 'USA',
      firstName: '  ',
      city: 'x'.repeat(101),
      postcode: '#1',
      phone: '12ab',
      address: 'line\nbreak',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues).toEqual(
      expect.arrayContaining([
        { field: 'country', issue: 'invalid_country' },
        { field: 'firstName', issue: 'required' },
        { field: 'city', issue: 'too_long' },
        { field: 'postcode', issue: 'invalid_postcode' },
        { field: 'phone', issue: 'invalid_phone' },
        { field: 'address', issue: 'control_characters' },
      ]),
    );
    expect(parsed.issues).toHaveLength(6);
  });

  it('refuses a phone with too few digits and input that is not an object', () => {
    expect(parseAddress({ ...VALID, phone: '+1 23' }).ok).toBe(false);
    expect(parseAddress(null)).toEqual({
      ok: false,
      issues: [{ field: 'country', issue: 'invalid_country' }],
    });
    expect(parseAddress({ ...VALID, lastName: undefined })).toMatchObject({
      ok: false,
      issues: [{ field: 'lastName', issue: 'required' }],
    });
  });
});
