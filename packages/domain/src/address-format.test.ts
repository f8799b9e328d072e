import { describe, expect, it } from 'vitest';

import { formatAddressLines } from './address';

const person = { firstName: 'Alex', lastName: 'Morgan' };

describe('formatAddressLines: each country writes its own way (issue 14 item 9)', () => {
  it('US: City, ST ZIP', () => {
    expect(
      formatAddressLines({
        ...person,
        address: '100 Market Street',
        apartment: 'Suite 5',
        city: 'Wilmington',
        region: 'DE',
        postcode: '19801',
        country: 'US',
      }),
    ).toEqual(['Alex Morgan', '100 Market Street', 'Suite 5', 'Wilmington, DE 19801', 'US']);
  });

  it('CA: city, province and postal code on one line without a comma', () => {
    expect(
      formatAddressLines({
        ...person,
        address: '200 King Street West',
        city: 'Toronto',
        region: 'ON',
        postcode: 'M5H 3T4',
        country: 'ca',
      }),
    ).toEqual(['Alex Morgan', '200 King Street West', 'Toronto ON M5H 3T4', 'CA']);
  });

  it('GB: the town and the postcode on lines of their own', () => {
    expect(
      formatAddressLines({
        ...person,
        address: '10 Downing Street',
        city: 'London',
        region: '',
        postcode: 'SW1A 2AA',
        country: 'GB',
      }),
    ).toEqual(['Alex Morgan', '10 Downing Street', 'London', 'SW1A 2AA', 'GB']);
  });

  it('FR and DE: postcode before the city, no region', () => {
    expect(
      formatAddressLines({
        ...person,
        address: '8 rue de Rivoli',
        city: 'Paris',
        region: 'Île-de-France',
        postcode: '75001',
        country: 'FR',
      }),
    ).toEqual(['Alex Morgan', '8 rue de Rivoli', '75001 Paris', 'FR']);
    expect(
      formatAddressLines({
        name: 'Jonas Weber',
        address: 'Unter den Linden 5',
        apartment: '3. OG',
        city: 'Berlin',
        region: 'BE',
        postcode: '10117',
        country: 'DE',
      }),
    ).toEqual(['Jonas Weber', 'Unter den Linden 5', '3. OG', '10117 Berlin', 'DE']);
  });

  it('JP: largest to smallest, the postcode mark first and the name last', () => {
    expect(
      formatAddressLines({
        firstName: '遥',
        lastName: '佐藤',
        name: '佐藤 遥',
        address: '千代田1-1',
        apartment: '101号室',
        city: '千代田区',
        region: '東京都',
        postcode: '100-0001',
        country: 'JP',
      }),
    ).toEqual(['〒100-0001', '東京都千代田区', '千代田1-1', '101号室', '佐藤 遥', 'JP']);
    expect(
      formatAddressLines({
        name: 'Haruka Sato',
        address: '1-1 Chiyoda',
        city: 'Chiyoda-ku',
        region: 'Tokyo',
        postcode: '100-0001',
        country: 'JP',
      }),
    ).toEqual(['〒100-0001', 'Tokyo Chiyoda-ku', '1-1 Chiyoda', 'Haruka Sato', 'JP']);
  });

  it('names the country in the reader’s language when given a namer, and falls back to postcode city', () => {
    const names = new Intl.DisplayNames(['fr-CA'], { type: 'region' });
    expect(
      formatAddressLines(
        { ...person, address: 'Via Roma 1', city: 'Roma', region: 'RM', postcode: '00184', country: 'IT' },
        (code) => names.of(code) ?? code,
      ),
    ).toEqual(['Alex Morgan', 'Via Roma 1', '00184 Roma', 'RM', 'Italie']);
    expect(
      formatAddressLines({ ...person, address: 'Rua 1', city: 'Cidade', postcode: '1234', country: 'BR' }),
    ).toEqual(['Alex Morgan', 'Rua 1', '1234 Cidade', 'BR']);
  });
});
