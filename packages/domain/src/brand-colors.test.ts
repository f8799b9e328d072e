import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MIN_TEXT_CONTRAST, contrastRatio, parseHexColor, readableBrandColors } from './brand-colors';

const rgb = (hex: string) => parseHexColor(hex)!;
const SURFACES = ['#0b0d12', '#1d2130'];

function expectReadable(colors: ReturnType<typeof readableBrandColors>) {
  expect(contrastRatio(rgb(colors.accentContrast), rgb(colors.accent))).toBeGreaterThanOrEqual(
    MIN_TEXT_CONTRAST,
  );
  for (const surface of SURFACES) {
    expect(contrastRatio(rgb(colors.accentText), rgb(surface))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  }
}

describe('readableBrandColors', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#777777'), rgb('#777777'))).toBe(1);
  });

  it.each([
    ['#7c5cff', '#ffffff', '#1f1740'],
    ['#ffc53d', '#ffffff', '#3d2e00'],
    ['#1a1a6e', '#000000', '#101010'],
    ['#777777', '#808080', '#222222'],
    ['not a colour', '', ''],
  ])('keeps text readable for accent %s with text %s', (accent, accentContrast, secondary) => {
    expectReadable(readableBrandColors({ accent, accentContrast, secondary }));
  });

  it("keeps the brand's own text colour when it is readable, and replaces it when not", () => {
    // White on #7c5cff is 4.37:1, short of AA.
    expect(
      readableBrandColors({ accent: '#7c5cff', accentContrast: '#ffffff', secondary: '#000' }),
    ).toMatchObject({
      accentContrast: '#000000',
    });
    expect(
      readableBrandColors({ accent: '#4f46e5', accentContrast: '#ffffff', secondary: '#000' }),
    ).toMatchObject({
      accent: '#4f46e5',
      accentContrast: '#ffffff',
    });
  });

  it('keeps the lightened accent readable after rounding to hex (regression)', () => {
    expectReadable(
      readableBrandColors({ accent: '#1a84ba', accentContrast: '#000000', secondary: '#000000' }),
    );
  });

  it('is readable for any accent colour (property)', () => {
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, hex, (accent, accentContrast, secondary) => {
        expectReadable(readableBrandColors({ accent, accentContrast, secondary }));
      }),
      { numRuns: 2_000 },
    );
  });
});
